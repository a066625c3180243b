import { z } from 'zod';
import { attachmentSchema } from './messages';
import { notificationSchema } from './notifications';
import { STAFF_STATUSES } from './staff-portal';
import { videoSignalEventSchema } from './video-visits';

// The live events the server pushes over /ws (docs/product.md, Live updates). One discriminated union, shared: the server publishes these on the event bus, the
// realtime layer delivers each to the users it concerns, and the web client turns them into query
// invalidations and toasts. Later areas add their variants here.

/** Permission_update (granted, assigned, revoked, removed, updated). */
export const permissionUpdateEventSchema = z.object({
  type: z.literal('permission_update'),
  action: z.enum(['granted', 'assigned', 'revoked', 'removed', 'updated']),
  userId: z.uuid(),
  permission: z.string().optional(),
  message: z.string(),
  timestamp: z.iso.datetime(),
});

/** User_permissions_changed (bulk_assigned, bulk_revoked, updated). */
export const userPermissionsChangedEventSchema = z.object({
  type: z.literal('user_permissions_changed'),
  action: z.enum(['bulk_assigned', 'bulk_revoked', 'updated']),
  userId: z.uuid(),
  message: z.string(),
  timestamp: z.iso.datetime(),
});

/** Role_changed (assigned, changed, promoted, demoted). */
export const roleChangedEventSchema = z.object({
  type: z.literal('role_changed'),
  action: z.enum(['assigned', 'changed', 'promoted', 'demoted']),
  userId: z.uuid(),
  role: z.string(),
  message: z.string(),
  timestamp: z.iso.datetime(),
});

/** A stored notification (notifications.ts), pushed to its owner as it is created. */
export const notificationEventSchema = z.object({
  type: z.literal('notification'),
  notification: notificationSchema,
  timestamp: z.iso.datetime(),
});

/**
 * Medication_update (created, updated, discontinued), to the patient and the prescriber.
 * `reason` says what changed (a refill request), for views that show it.
 */
export const medicationUpdateEventSchema = z.object({
  type: z.literal('medication_update'),
  action: z.enum(['created', 'updated', 'discontinued']),
  patientId: z.uuid(),
  medicationId: z.uuid(),
  /** The prescriber, whose lists of prescriptions also change. */
  doctorId: z.uuid().optional(),
  reason: z.enum(['refill_requested', 'refill_approved', 'refill_denied', 'prescribed', 'renewed', 'discontinued']).optional(),
  timestamp: z.iso.datetime(),
});

/** Appointment_update (created, updated, cancelled, deleted), to the appointment's patient and doctor. */
export const appointmentUpdateEventSchema = z.object({
  type: z.literal('appointment_update'),
  action: z.enum(['created', 'updated', 'cancelled', 'deleted']),
  appointmentId: z.uuid(),
  patientId: z.uuid(),
  doctorId: z.uuid(),
  timestamp: z.iso.datetime(),
});

/** Vitals_update (created, updated): new readings on a patient's chart, to the patient and their clinicians. */
export const vitalsUpdateEventSchema = z.object({
  type: z.literal('vitals_update'),
  action: z.enum(['created', 'updated']),
  patientId: z.uuid(),
  timestamp: z.iso.datetime(),
});

/**
 * Patient_update: a change to a patient's chart (an allergy, problem or immunization), to the
 * patient and their clinicians. `section` says which part changed, for views that show it.
 */
export const patientUpdateEventSchema = z.object({
  type: z.literal('patient_update'),
  action: z.enum(['created', 'updated']),
  patientId: z.uuid(),
  section: z.enum(['allergies', 'problems', 'immunizations']),
  timestamp: z.iso.datetime(),
});

/**
 * Leave request types: a doctor's leave asked, withdrawn, approved or rejected; to the doctor and the
 * administrators who decide. Their leave lists, the doctor's availability and stats refresh.
 */
function leaveEvent<T extends string>(type: T) {
  return z.object({ type: z.literal(type), leaveRequestId: z.uuid(), doctorId: z.uuid(), timestamp: z.iso.datetime() });
}
export const leaveRequestCreatedEventSchema = leaveEvent('leave_request_created');
export const leaveRequestWithdrawnEventSchema = leaveEvent('leave_request_withdrawn');
export const leaveRequestApprovedEventSchema = leaveEvent('leave_request_approved');
export const leaveRequestRejectedEventSchema = leaveEvent('leave_request_rejected');
export const LEAVE_EVENT_TYPES = [
  'leave_request_created',
  'leave_request_withdrawn',
  'leave_request_approved',
  'leave_request_rejected',
] as const;

/**
 * Coverage types: appointments of an approved leave offered to colleagues, or one taken over; to the
 * doctors concerned. Their coverage lists, appointments and stats refresh. `doctorId` is the doctor on leave.
 */
export const coverageOfferedEventSchema = leaveEvent('coverage_offered');
export const coverageAcceptedEventSchema = leaveEvent('coverage_accepted');
export const COVERAGE_EVENT_TYPES = ['coverage_offered', 'coverage_accepted'] as const;

/** An appointment moved to the colleague covering for a doctor on leave; to the patient and both doctors. */
export const appointmentsReassignedEventSchema = z.object({
  type: z.literal('appointments_reassigned_for_coverage'),
  appointmentId: z.uuid(),
  patientId: z.uuid(),
  fromDoctorId: z.uuid(),
  doctorId: z.uuid(),
  timestamp: z.iso.datetime(),
});

/** Staff_status_update: a staff member set their desk status; to the other staff and the admins. */
export const staffStatusUpdateEventSchema = z.object({
  type: z.literal('staff_status_update'),
  action: z.enum(['updated']),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(STAFF_STATUSES),
  timestamp: z.iso.datetime(),
});

/** New_message: a message in one of the recipient's conversations (sent by someone else, or handed to them). */
export const newMessageEventSchema = z.object({
  type: z.literal('new_message'),
  conversationId: z.uuid(),
  messageId: z.uuid(),
  senderId: z.uuid(),
  /** The files the message carries (names, types and sizes; the bytes are downloaded by id). */
  attachments: z.array(attachmentSchema).optional(),
  timestamp: z.iso.datetime(),
});

/**
 * Lab_order_update: an order changed (placed, collected, resulted, released, cancelled), to its
 * ordering doctor; to the patient only once it is released, so they never learn of unreleased results.
 */
export const labOrderUpdateEventSchema = z.object({
  type: z.literal('lab_order_update'),
  action: z.enum(['created', 'collected', 'resulted', 'attached', 'released', 'cancelled']),
  orderId: z.uuid(),
  patientId: z.uuid(),
  timestamp: z.iso.datetime(),
});

/**
 * Message_sent: the caller's own change to their conversations (a message sent, a conversation
 * started, archived or handed off), to all their tabs and devices so each shows it. A read is a
 * message_read, which the other participants hear too.
 */
export const messageSentEventSchema = z.object({
  type: z.literal('message_sent'),
  action: z.enum(['sent', 'started', 'archived', 'handed_off']),
  conversationId: z.uuid(),
  messageId: z.uuid().optional(),
  /** The files of the message sent, as new_message carries them. */
  attachments: z.array(attachmentSchema).optional(),
  timestamp: z.iso.datetime(),
});

/**
 * Message_read: a participant read a conversation up to `lastReadSeq` (the number of the latest
 * message they have read), to the other participants (their read receipts) and to the reader's own
 * tabs and devices (their unread counts). It carries ids and numbers only.
 */
export const messageReadEventSchema = z.object({
  type: z.literal('message_read'),
  conversationId: z.uuid(),
  readerId: z.uuid(),
  lastReadSeq: z.number().int().nonnegative(),
  timestamp: z.iso.datetime(),
});

/**
 * Waiting_room_update: a doctor's queue of the day changed (a check-in, a call-in, a visit done),
 * to the waiting-room displays. It names nobody, not even the appointment: the display asks again.
 */
export const waitingRoomUpdateEventSchema = z.object({
  type: z.literal('waiting_room_update'),
  timestamp: z.iso.datetime(),
});

/**
 * Parking_update: a spot of the car park was assigned, occupied or released, or an administrator
 * added, edited or removed one, to the staff who run the day. It names the spot only: screens
 * showing the lot ask again.
 */
export const parkingUpdateEventSchema = z.object({
  type: z.literal('parking_update'),
  action: z.enum(['assigned', 'occupied', 'released', 'added', 'edited', 'removed']),
  spotId: z.uuid(),
  timestamp: z.iso.datetime(),
});

export const liveEventSchema = z.discriminatedUnion('type', [
  leaveRequestCreatedEventSchema,
  leaveRequestWithdrawnEventSchema,
  leaveRequestApprovedEventSchema,
  leaveRequestRejectedEventSchema,
  coverageOfferedEventSchema,
  coverageAcceptedEventSchema,
  appointmentsReassignedEventSchema,
  notificationEventSchema,
  permissionUpdateEventSchema,
  userPermissionsChangedEventSchema,
  roleChangedEventSchema,
  medicationUpdateEventSchema,
  appointmentUpdateEventSchema,
  vitalsUpdateEventSchema,
  patientUpdateEventSchema,
  staffStatusUpdateEventSchema,
  waitingRoomUpdateEventSchema,
  parkingUpdateEventSchema,
  labOrderUpdateEventSchema,
  newMessageEventSchema,
  messageSentEventSchema,
  messageReadEventSchema,
  videoSignalEventSchema,
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];

/** The live events of a change to someone's access; each is also stored as a notification for them. */
export type AccessChangeEvent = Extract<LiveEvent, { type: 'permission_update' | 'user_permissions_changed' | 'role_changed' }>;
