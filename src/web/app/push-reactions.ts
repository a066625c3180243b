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
import { ordersReactions } from '../features/orders/api/reactions';
import { tasksReactions } from '../features/tasks/api/reactions';
import { waitingRoomReactions } from '../features/waiting-room/api/reactions';
import { mergeReactions } from '../lib/realtime/feature-reactions';

// Every feature's push reactions, merged: what each pushed message refreshes in this tab. A
// feature declares its own next to its queries; this list only gathers them.
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
);
