export * from './random';
export * from './users';
export * from './doctors';
export * from './patients';
export * from './appointments';
export * from './lab-panels';
export * from './clinical-history';
export * from './simple-pdf';
