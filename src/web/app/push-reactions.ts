import { adminConsoleReactions } from '../features/admin-console/api/reactions';
import { appointmentsReactions } from '../features/appointments/api/reactions';
import { clinicalNotesReactions } from '../features/clinical-notes/api/reactions';
import { doctorPortalReactions } from '../features/doctor-portal/api/reactions';
import { healthRecordsReactions } from '../features/health-records/api/reactions';
import { leaveReactions } from '../features/leave/api/reactions';
import { medicationsReactions } from '../features/medications/api/reactions';
import { messagesReactions } from '../features/messages/api/reactions';
import { notificationsReactions } from '../features/notifications/api/reactions';
import { staffPortalReactions } from '../features/staff-portal/api/reactions';
import { parkingReactions } from '../features/parking/api/reactions';
import { ordersReactions } from '../features/orders/api/reactions';
import { tasksReactions } from '../features/tasks/api/reactions';
import { userAdminReactions } from '../features/user-admin/api/reactions';
import { waitingRoomReactions } from '../features/waiting-room/api/reactions';
import { accessReactions } from '../lib/permissions/access-reactions';
import { mergeReactions } from '../lib/realtime/feature-reactions';

// Every feature's push reactions, merged: what each pushed message refreshes in this tab. A
// feature declares its own next to its queries; this list only gathers them (with the access
// cache's, which the frame keeps). The toast and the access refresh are the live connection's
// (lib/realtime/push-reactions.ts).
export const appReactions = mergeReactions(
  healthRecordsReactions,
  appointmentsReactions,
  medicationsReactions,
  notificationsReactions,
  clinicalNotesReactions,
  doctorPortalReactions,
  tasksReactions,
  leaveReactions,
  staffPortalReactions,
  ordersReactions,
  adminConsoleReactions,
  messagesReactions,
  waitingRoomReactions,
  parkingReactions,
  userAdminReactions,
  accessReactions,
);
