import type { Role } from '../../../../contracts/roles';
import type { SearchAppointment, SearchDoctor, SearchFeature, SearchPatient, SearchStaff } from '../../../../contracts/search';
import { PORTAL_VIEW_OF_ROLE } from '../../../../contracts/view-access';
import { pathForView } from '../../../../contracts/views';
import { chartPath } from '../../../lib/clinical/chart-path';

// Where a click on a result goes. A non-patient opens a patient's chart
// (/patient/{id}) and a doctor's profile; where the role may not open the chart, the role's portal
// (a doctor's is doctor-portal, an admin's admin-dashboard, staff's staff-portal). A patient who
// gets a doctor goes to the doctor directory. A staff member's result opens the admin dashboard for
// an admin and the staff portal for others; a feature, its own route. An appointment opens where its
// reader keeps appointments: the patient's list (/patient/appointments), the doctor's schedule, the
// front desk's day for staff, and for an admin the patient's chart (or the admin's portal where the
// chart is closed to them).

export type SearchHit =
  | { group: 'patients'; item: SearchPatient }
  | { group: 'doctors'; item: SearchDoctor }
  | { group: 'staff'; item: SearchStaff }
  | { group: 'features'; item: SearchFeature }
  | { group: 'appointments'; item: SearchAppointment };

export function resultRoute(hit: SearchHit, role: Role, canOpenCharts: boolean): string {
  switch (hit.group) {
    case 'patients':
      return role !== 'patient' && canOpenCharts ? chartPath(hit.item.id) : pathForView(PORTAL_VIEW_OF_ROLE[role]);
    case 'doctors':
      return role === 'patient' ? pathForView('doctors') : `/doctors/${hit.item.id}`;
    case 'staff':
      return role === 'admin' ? pathForView('admin-dashboard') : pathForView('staff-portal');
    case 'features':
      return hit.item.route;
    case 'appointments':
      if (role === 'patient') return '/patient/appointments';
      if (role === 'doctor') return pathForView('appointments');
      if (role === 'staff') return pathForView('staff-portal');
      return canOpenCharts ? chartPath(hit.item.patientId) : pathForView(PORTAL_VIEW_OF_ROLE[role]);
  }
}
