import type { Role } from '../../../../contracts/roles';
import type { SearchAppointment, SearchDoctor, SearchFeature, SearchPatient, SearchStaff } from '../../../../contracts/search';
import { PORTAL_VIEW_OF_ROLE } from '../../../../contracts/view-access';
import { pathForView } from '../../../../contracts/views';

// Where a click on a result goes. A non-patient opens a patient's chart
// (/patient/{id}) and a doctor's profile; where the role may not open the chart, the role's portal
// (a doctor's is doctor-portal, an admin's admin-dashboard, staff's staff-portal). A patient who
// gets a doctor goes to the doctor directory. A staff member's result opens the admin dashboard for
// an admin and the staff portal for others; an appointment, the appointments view
// (/patient/appointments, which leads there); a feature, its own route.

export type SearchHit =
  | { group: 'patients'; item: SearchPatient }
  | { group: 'doctors'; item: SearchDoctor }
  | { group: 'staff'; item: SearchStaff }
  | { group: 'features'; item: SearchFeature }
  | { group: 'appointments'; item: SearchAppointment };

export function resultRoute(hit: SearchHit, role: Role, canOpenCharts: boolean): string {
  switch (hit.group) {
    case 'patients':
      return role !== 'patient' && canOpenCharts ? `/patient/${hit.item.id}` : pathForView(PORTAL_VIEW_OF_ROLE[role]);
    case 'doctors':
      return role === 'patient' ? pathForView('doctors') : `/doctors/${hit.item.id}`;
    case 'staff':
      return role === 'admin' ? pathForView('admin-dashboard') : pathForView('staff-portal');
    case 'features':
      return hit.item.route;
    case 'appointments':
      return '/patient/appointments';
  }
}
