// The four roles. A user's role defaults to patient when absent.
export const ROLES = ['patient', 'doctor', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'patient';
