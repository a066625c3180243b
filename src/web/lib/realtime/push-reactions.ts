import { TOAST } from '../../../contracts/constants';
import { notificationEventSchema } from '../../../contracts/live-events';
import type { PushMessage } from './realtime-connection';

// What each pushed message does in this tab: the cache keys it makes stale, the toast it shows
// (docs/product.md, Notifications and toasts). Pure data, so the mapping is tested on its own;
// realtime-provider.tsx applies it.
//
// Query keys in this app start with the URL they GET, so a cache key below is a URL path:
// `{id}` stands for one segment (the event's own id when it names one, else any), a trailing `/**`
// also matches the sub-paths.

export type ToastVariant = 'error' | 'success' | 'warning' | 'info';

export interface PushReaction {
  /** URL paths of the queries to refetch (see above). */
  invalidate: string[];
  /** Re-fetch the session and the permission list (after a permission or role change). */
  refreshAccess: boolean;
  toast: { variant: ToastVariant; durationMs: number } | null;
}

const APPOINTMENT_LISTS = [
  '/api/appointments',
  '/api/appointments/requests/pending',
  '/api/appointments/today',
  '/api/appointments/patient/{id}',
  '/api/appointments/doctor/{id}',
];
// The appointment lists of routes with contracts are refreshed on appointment_update by their
// feature (features/appointments/api/reactions.ts); these have none yet.
const UNCLAIMED_APPOINTMENT_LISTS = ['/api/appointments/requests/pending'];
const DASHBOARD_STATS = ['/api/doctor/dashboard-stats', '/api/admin/dashboard-stats', '/api/staff/dashboard-stats'];
// The bell also asks again on an access change (features/notifications/api/reactions.ts).
const ACCESS = ['/api/permissions', '/api/users/{id}/permissions', '/api/auth/session'];

interface Rule {
  invalidate: string[];
  durationMs: number;
  refreshAccess?: boolean;
}

const RULES: Record<string, Rule> = {
  // The bell is refreshed by its feature (features/notifications/api/reactions.ts).
  notification: { invalidate: [], durationMs: TOAST.defaultMs },
  appointments_reassigned_for_coverage: { invalidate: APPOINTMENT_LISTS, durationMs: TOAST.medicationsAndAppointmentsMs },
  appointment_reassigned: { invalidate: APPOINTMENT_LISTS, durationMs: TOAST.medicationsAndAppointmentsMs },
  // The chart's own data is refreshed by its feature (features/health-records/api/reactions.ts).
  vitals_update: { invalidate: [], durationMs: TOAST.defaultMs },
  // A patient's medications and refill requests are refreshed by their feature (features/medications/api/reactions.ts).
  medication_update: {
    invalidate: ['/api/medications/doctor/{id}'],
    durationMs: TOAST.medicationsAndAppointmentsMs,
  },
  // The patient directory and a patient's detail are refreshed by their feature
  // (features/health-records/api/reactions.ts).
  'patient-created': { invalidate: [...DASHBOARD_STATS], durationMs: TOAST.defaultMs },
  patient_update: { invalidate: [], durationMs: TOAST.defaultMs },
  'general-update': { invalidate: ['/api/users', ...DASHBOARD_STATS], durationMs: TOAST.defaultMs },
  // The chart's visits feed the visit summaries view.
  appointment_update: {
    invalidate: [...UNCLAIMED_APPOINTMENT_LISTS, ...DASHBOARD_STATS],
    durationMs: TOAST.medicationsAndAppointmentsMs,
  },
  new_message: { invalidate: ['/api/messages', '/api/conversations'], durationMs: TOAST.defaultMs },
  message_sent: { invalidate: ['/api/messages', '/api/conversations'], durationMs: TOAST.defaultMs },
  staff_status_update: { invalidate: ['/api/staff/status', '/api/staff/dashboard-stats'], durationMs: TOAST.staffStatusMs },
  permission_update: { invalidate: ACCESS, durationMs: TOAST.permissionUpdateMs, refreshAccess: true },
  permission_updated: { invalidate: ACCESS, durationMs: TOAST.permissionUpdateMs, refreshAccess: true },
  user_permissions_changed: { invalidate: ACCESS, durationMs: TOAST.permissionChangesMs, refreshAccess: true },
  role_changed: { invalidate: [...ACCESS, '/api/roles', '/api/users'], durationMs: TOAST.roleChangeMs, refreshAccess: true },
  role_updated: { invalidate: [...ACCESS, '/api/roles', '/api/users'], durationMs: TOAST.roleChangeMs, refreshAccess: true },
  user_role_changed: { invalidate: [...ACCESS, '/api/roles', '/api/users'], durationMs: TOAST.roleChangeMs, refreshAccess: true },
};

/** Leave-request and coverage messages come in several types each; they share a family rule. */
function familyRule(type: string): Rule | undefined {
  if (type.startsWith('leave_')) {
    return { invalidate: ['/api/leave/requests', '/api/doctors/availability', '/api/doctor/dashboard-stats'], durationMs: TOAST.defaultMs };
  }
  if (type.startsWith('coverage_')) {
    return { invalidate: ['/api/coverage/**', ...APPOINTMENT_LISTS, ...DASHBOARD_STATS], durationMs: TOAST.defaultMs };
  }
  return undefined;
}

/** Ignored: they keep the connection, they carry no news. */
const IGNORED = new Set(['ping', 'pong', 'connection_established', 'health_check_response']);

/**
 * A notification's colour: error if the priority is high or the type is emergency_alert; success
 * if the type says confirmed or approved; warning if it says cancelled or rejected; otherwise info.
 */
export function toastVariant(priority: string | undefined, type: string): ToastVariant {
  if (priority === 'high' || type === 'emergency_alert') return 'error';
  if (type.includes('confirmed') || type.includes('approved')) return 'success';
  if (type.includes('cancelled') || type.includes('rejected')) return 'warning';
  return 'info';
}

/** The words the colour rule reads: the message type and its action (appointment_update + cancelled). */
function describedType(message: PushMessage): string {
  const action = typeof message.action === 'string' ? message.action : '';
  return action ? `${message.type}_${action}` : message.type;
}

export function reactionFor(message: PushMessage): PushReaction | null {
  if (IGNORED.has(message.type)) return null;
  const rule = RULES[message.type] ?? familyRule(message.type);
  if (!rule) return null;

  let priority = typeof message.priority === 'string' ? message.priority : undefined;
  let type = describedType(message);
  let showToast = true;
  const notification = message.type === 'notification' ? notificationEventSchema.safeParse(message) : null;
  if (notification) {
    if (!notification.success) return null;
    const { notification: n } = notification.data;
    priority = n.priority;
    type = n.type;
    // Permission and role changes are told by their own push (below); the stored notification only
    // updates the bell, so the person does not get the same news twice.
    // Appointment changes likewise: their appointment_update push carries the toast (6 s,
    // warning when cancelled), the stored notification fills the bell.
    showToast = !(n.code?.startsWith('access.') || n.code?.startsWith('appointment.'));
  }

  // A refill request is told by the requester's own confirmation and the prescriber's notification,
  // a decision by the patient's notification; their medication_update only refreshes the views.
  if (message.type === 'medication_update' && typeof message.reason === 'string' && message.reason.startsWith('refill_')) showToast = false;

  // The sender's own tabs hear of their reads, archiving and hand-offs only to refresh; a message
  // they sent (or a conversation they started) is the one thing told.
  if (message.type === 'message_sent' && message.action !== 'sent' && message.action !== 'started') showToast = false;

  // 10 s for high priority, whatever the type.
  const durationMs = priority === 'high' ? TOAST.highPriorityMs : rule.durationMs;
  return {
    invalidate: rule.invalidate,
    refreshAccess: rule.refreshAccess ?? false,
    toast: showToast ? { variant: toastVariant(priority, type), durationMs } : null,
  };
}

/** The ids a message names, for the `{id}` of its cache keys. */
function idFor(template: string, message: PushMessage): string | undefined {
  const pick = (field: string) => (typeof message[field] === 'string' ? (message[field] as string) : undefined);
  if (template.startsWith('/api/users/')) return pick('userId');
  if (template.includes('/doctor/')) return pick('doctorId');
  if (template.startsWith('/api/patients/') || template.includes('/patient/')) return pick('patientId');
  return undefined;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a query key (its first element, the URL) is one of the paths a message refreshes. */
export function matcherFor(reaction: PushReaction, message: PushMessage): (queryKey: readonly unknown[]) => boolean {
  const patterns = reaction.invalidate.map((template) => {
    const subPaths = template.endsWith('/**');
    const path = subPaths ? template.slice(0, -3) : template;
    const id = idFor(path, message);
    const source = escape(path).replace(escape('{id}'), id ? escape(encodeURIComponent(id)) : '[^/?#]+');
    return new RegExp(`^${source}${subPaths ? '(?:/[^?#]*)?' : ''}(?:[?#].*)?$`);
  });
  return (queryKey) => {
    const [url] = queryKey;
    return typeof url === 'string' && patterns.some((pattern) => pattern.test(url));
  };
}
