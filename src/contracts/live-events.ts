import { z } from 'zod';
import { notificationSchema } from './notifications';

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

/** New_message: a message in one of the recipient's conversations (sent by someone else, or handed to them). */
export const newMessageEventSchema = z.object({
  type: z.literal('new_message'),
  conversationId: z.uuid(),
  messageId: z.uuid(),
  senderId: z.uuid(),
  timestamp: z.iso.datetime(),
});

/**
 * Message_sent: the caller's own change to their conversations (a message sent, a conversation
 * started, read, archived or handed off), to all their tabs and devices so each shows it.
 */
export const messageSentEventSchema = z.object({
  type: z.literal('message_sent'),
  action: z.enum(['sent', 'started', 'read', 'archived', 'handed_off']),
  conversationId: z.uuid(),
  messageId: z.uuid().optional(),
  timestamp: z.iso.datetime(),
});

export const liveEventSchema = z.discriminatedUnion('type', [
  notificationEventSchema,
  permissionUpdateEventSchema,
  userPermissionsChangedEventSchema,
  roleChangedEventSchema,
  medicationUpdateEventSchema,
  appointmentUpdateEventSchema,
  vitalsUpdateEventSchema,
  patientUpdateEventSchema,
  newMessageEventSchema,
  messageSentEventSchema,
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];
