// The codes of the actions on the audit trail and the categories they fall in. No zod here: these are
// codes, not messages.

/**
 * Every action the server records on the audit trail. The server's audit types accept only these
 * codes, so a new action is added here first; the web words each one in every language
 * (src/web/features/audit/lib/action-words.ts) and a test fails on one without its words.
 */
export const AUDIT_ACTIONS = [
  'access.denied',
  'access-log.read',
  'admin.dashboard-stats',
  'admin.roles',
  'admin.security',
  'analytics.read',
  'allergy.create',
  'allergy.list',
  'allergy.update',
  'appointment.approve',
  'appointment.calendar',
  'appointment.cancel',
  'appointment.check-in',
  'appointment.confirm',
  'appointment.create',
  'appointment.complete',
  'appointment.decline',
  'appointment.late',
  'appointment.link-open',
  'appointment.link-use',
  'appointment.list',
  'appointment.reassign',
  'appointment.remind',
  'appointment.no-show',
  'appointment.queue',
  'appointment.requests',
  'appointment.reschedule',
  'appointment.schedule',
  'appointment.search',
  'appointment.start',
  'appointment.today',
  'appointment.video',
  'appointment.video-join',
  'audit.export',
  'audit.list',
  'audit.verify',
  'auth.mfa-disabled',
  'auth.mfa-enabled',
  'auth.mfa-recovery-codes',
  'auth.mfa-setup',
  'auth.password-change',
  'auth.password-changed',
  'auth.password-reset',
  'auth.password-reset-requested',
  'auth.recovery-code-used',
  'auth.sign-in',
  'auth.sign-out',
  'chart.read',
  'availability.read',
  'availability.update',
  'clinic.create',
  'clinic.delete',
  'clinic.update',
  'clinical-note.addendum',
  'clinical-note.create',
  'clinical-note.list',
  'clinical-note.read',
  'clinical-note.sign',
  'clinical-note.update',
  'coverage.accept',
  'coverage.list',
  'conversation.archive',
  'conversation.hand-off',
  'conversation.list',
  'conversation.open',
  'conversation.read',
  'conversation.recipients',
  'conversation.start',
  'document.delete',
  'document.download',
  'document.list',
  'document.upload',
  'error-reports.list',
  'immunization.create',
  'immunization.update',
  'doctor.dashboard-stats',
  'lab-result.list',
  'leave.create',
  'leave.decide',
  'leave.list',
  'leave.withdraw',
  'medication.check',
  'medication.discontinue',
  'medication.list',
  'medication.prescribe',
  'medication.prescriptions.list',
  'medication.refill-decision',
  'medication.refill-request',
  'medication.refill-requests.list',
  'medication.refill-requests.pending',
  'medication.renew',
  'medication.shared-view',
  'message.attachment-download',
  'message.search',
  'message.send',
  'note-template.create',
  'note-template.list',
  'note-template.update',
  'notification.deleted',
  'notification.read',
  'notifications.list',
  'notifications.read-all',
  'order.cancel',
  'order.collect',
  'order.create',
  'order.list',
  'order.patient-list',
  'order.read',
  'order.release',
  'order.results',
  'organisation.update',
  'outbox.read',
  'parking.assign',
  'parking.occupy',
  'parking.release',
  'parking.spot-add',
  'parking.spot-edit',
  'parking.spot-remove',
  'parking.spots',
  'passkey.delete',
  'passkey.register',
  'passkey.update',
  'passkey.use',
  'patient.desk-register',
  'patient.duplicates',
  'patient.list',
  'patient.read',
  'patient.register',
  'patient.search',
  'permission.grant',
  'permission.position_assign',
  'permission.read',
  'permission.revoke',
  'problem.create',
  'problem.update',
  'profile.update',
  'report.export',
  'report.schedule-create',
  'report.schedule-delete',
  'report.schedule-list',
  'report.scheduled-run',
  'request.replayed',
  'security.unlock',
  'sessions.end',
  'sessions.list',
  'settings.read',
  'settings.update',
  'share-link.create',
  'share-link.list',
  'share-link.revoke',
  'staff.dashboard-stats',
  'staff.status-list',
  'staff.status-update',
  'staff.waiting-room',
  'system-settings.update',
  'task.create',
  'task.list',
  'task.update',
  'users.create',
  'users.deactivate',
  'users.list',
  'users.reactivate',
  'users.update',
  'user.role_change',
  'vitals.list',
  'vitals.record',
  'waitlist.accept',
  'waitlist.join',
  'waitlist.leave',
  'waitlist.list',
  'waitlist.offer',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

/** The actions that change what someone may do: the security view lists them as permission changes. */
export const PERMISSION_CHANGE_ACTIONS = [
  'permission.grant',
  'permission.revoke',
  'permission.position_assign',
  'user.role_change',
] as const;
/**
 * What the server's audit types accept: the actions above, and codes under `test.` that the audit
 * trail's own tests write (no label: they never reach a person).
 */
export type AuditActionCode = AuditActionName | `test.${string}`;

/**
 * What an action is about, so a list can be narrowed to one kind: a person's health information,
 * their account and sign-in, their preferences (theme, language, notifications: many and harmless,
 * they must not bury the rest), and the running of the organisation.
 */
export const AUDIT_CATEGORIES = ['record', 'account', 'preferences', 'administration'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

const ACCOUNT_ACTIONS = new Set<string>(['patient.register', 'patient.desk-register', 'profile.update', 'request.replayed']);
const RECORD_AREAS = new Set([
  'access',
  'allergy',
  'appointment',
  'chart',
  'clinical-note',
  'conversation',
  'document',
  'immunization',
  'lab-result',
  'medication',
  'order',
  'message',
  'parking',
  'patient',
  'problem',
  'share-link',
  'task',
  'vitals',
  'waitlist',
]);
const ACCOUNT_AREAS = new Set(['auth', 'passkey', 'notification', 'notifications']);
/** The car park's layout is the clinic's configuration, not anyone's record. */
const ADMINISTRATION_ACTIONS = new Set<string>(['parking.spot-add', 'parking.spot-edit', 'parking.spot-remove']);

export function auditCategoryOf(action: AuditActionName): AuditCategory {
  if (action === 'settings.read' || action === 'settings.update') return 'preferences';
  if (ACCOUNT_ACTIONS.has(action)) return 'account';
  if (ADMINISTRATION_ACTIONS.has(action)) return 'administration';
  const area = action.slice(0, action.indexOf('.'));
  if (RECORD_AREAS.has(area)) return 'record';
  if (ACCOUNT_AREAS.has(area)) return 'account';
  return 'administration';
}

/** The actions of one category (a filter's list for the database). */
export function auditActionsIn(category: AuditCategory): AuditActionName[] {
  return AUDIT_ACTIONS.filter((action) => auditCategoryOf(action) === category);
}
