export * from './random';
export * from './users';
export * from './doctors';
export * from './patients';
