// The permission strings, grouped by category, and the staff position templates: plain data
// (no zod), shared by the server's checks, the seed and the web client's guard. The schemas of the
// permission API are in permissions.ts.

export const PERMISSION_CATALOGUE = {
  system: ['system.admin', 'system.config', 'system.logs'],
  users: ['users.create', 'users.update', 'users.delete', 'users.view.all', 'users.permissions'],
  patients: ['patients.create', 'patients.update', 'patients.delete', 'patients.view.all', 'patients.view.own', 'patients.phi.access'],
  medical_records: ['medical_records.view', 'medical_records.create', 'medical_records.update', 'medical_records.delete'],
  appointments: [
    'appointments.create',
    'appointments.update',
    'appointments.delete',
    'appointments.view.all',
    'appointments.reschedule',
    // The waiting-room display: tickets and initials of the day's queues, nothing more.
    'appointments.queue.display',
  ],
  medications: ['medications.prescribe', 'medications.update', 'medications.discontinue', 'medications.view.all'],
  billing: ['billing.view', 'billing.create', 'billing.update', 'billing.payments.process'],
  reports: ['reports.generate', 'reports.view.all', 'reports.export', 'reports.schedule'],
  security: ['security.audit', 'security.logs', 'security.alerts'],
} as const;

export type PermissionCategory = keyof typeof PERMISSION_CATALOGUE;
export type Permission = (typeof PERMISSION_CATALOGUE)[PermissionCategory][number];

export const PERMISSION_CATEGORIES = Object.keys(PERMISSION_CATALOGUE) as PermissionCategory[];
export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_CATALOGUE).flat();

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export function categoryOf(permission: Permission): PermissionCategory {
  return permission.split('.')[0] as PermissionCategory;
}

/**
 * Staff position templates: a starting set an admin assigns in one step and then
 * adjusts. A template never grants more than the position needs.
 */
export const STAFF_POSITIONS = ['reception', 'nurse', 'billing', 'pharmacy', 'records', 'waiting-room-display'] as const;
export type StaffPosition = (typeof STAFF_POSITIONS)[number];

export const POSITION_TEMPLATES: Record<StaffPosition, readonly Permission[]> = {
  reception: [
    'patients.create',
    'patients.update',
    'patients.view.all',
    'appointments.create',
    'appointments.update',
    'appointments.view.all',
    'appointments.reschedule',
  ],
  nurse: [
    'patients.view.all',
    'patients.phi.access',
    'medical_records.view',
    'medical_records.create',
    'medical_records.update',
    'appointments.view.all',
    'medications.view.all',
  ],
  billing: ['patients.view.all', 'billing.view', 'billing.create', 'billing.update', 'billing.payments.process', 'reports.generate'],
  pharmacy: ['patients.view.all', 'patients.phi.access', 'medications.view.all', 'medications.update', 'medications.discontinue'],
  records: [
    'patients.view.all',
    'patients.phi.access',
    'medical_records.view',
    'medical_records.update',
    'reports.generate',
    'reports.export',
  ],
  // A screen in the waiting room, signed in as its own account: it shows the display and nothing else.
  'waiting-room-display': ['appointments.queue.display'],
};
