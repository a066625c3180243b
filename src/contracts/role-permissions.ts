import { PERMISSIONS, type Permission } from './permission-catalogue';
import type { Role } from './roles';

// What each role may do without individual grants. Staff hold only what an admin
// granted them (the database); admin passes every check. Doctors and patients get these defaults.
// A permission says what kind of thing a user may do, never whose record: the server still scopes
// every patient-data query (a doctor reaches the patients in their care, a patient themself), so
// the ".view.all" permissions are deliberately absent from the doctor's set.
export const ROLE_DEFAULT_PERMISSIONS: Record<Exclude<Role, 'staff'>, readonly Permission[]> = {
  admin: PERMISSIONS,
  doctor: [
    'patients.view.own',
    'patients.phi.access',
    'medical_records.view',
    'medical_records.create',
    'medical_records.update',
    'medical_records.delete',
    'medications.prescribe',
    'medications.update',
    'medications.discontinue',
    'appointments.create',
    'appointments.update',
    'appointments.delete',
    'appointments.reschedule',
  ],
  patient: ['patients.view.own'],
};

/** True for roles whose permissions come from the database (grants) rather than the role. */
export function hasGrantedPermissions(role: Role): role is 'staff' {
  return role === 'staff';
}
