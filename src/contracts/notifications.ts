import { z } from 'zod';
import { isInstantInWindow } from './dates';
import { defineRoute, idParamsSchema } from './http';
import type { PersonNameParts } from './person-name';
import { pathForView } from './views';

// Notifications as the server keeps them, their calls and their errors. A notification
// is stored for one user and pushed to that user's open sockets in the same step (live-events.ts
// `notification`). Only its owner can list, read or delete it; anyone else's id answers 404.

export const NOTIFICATION_TYPES = ['appointment', 'lab_result', 'consultation', 'system', 'reminder', 'message', 'other'] as const;
export const NOTIFICATION_PRIORITIES = ['high', 'medium', 'low'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** English error texts (the client shows its own translation of each). */
export const NOTIFICATION_MESSAGES = {
  userIdRequired: 'User ID required',
  markReadFailed: 'Failed to mark as read',
  deleteFailed: 'Failed to delete notification',
  fetchFailed: 'Failed to fetch notifications',
} as const;

/**
 * Every place a notification can send its reader: a view of the app (contracts/views.ts), with the
 * section to open after `#`. The server links only to these; a test checks each opens a view.
 */
export const NOTIFICATION_LINKS = {
  /** The security section of the settings view: password, second factor, devices. */
  accountSecurity: `${pathForView('profile-settings')}#security`,
  patientAppointments: pathForView('appointments'),
  /** The waitlist section of the patient's appointments view: entries and offers. */
  patientWaitlist: `${pathForView('appointments')}#waitlist`,
  doctorPortal: pathForView('doctor-portal'),
  tasks: pathForView('tasks'),
  visitNotes: pathForView('visit-notes'),
  medications: pathForView('medications'),
  /** A doctor's schedule and leave (the doctor's own appointments view). */
  schedule: pathForView('appointments'),
  labResults: pathForView('lab-results'),
  orders: pathForView('orders'),
} as const;
export type NotificationLink = (typeof NOTIFICATION_LINKS)[keyof typeof NOTIFICATION_LINKS];

/**
 * Where a stored link leads today. Security notices once linked to /settings, which no view answers
 * since the settings view moved; they open its security section like the notices written since. A
 * migration rewrote the rows it found (0015_notification-settings-links.sql); this covers any row it
 * could not see (a database restored from an older backup) without a 404.
 */
export function currentNotificationLink(url: string | null): string | null {
  if (url !== null && /^\/settings(?:[?#]|$)/.test(url)) return NOTIFICATION_LINKS.accountSecurity;
  return url;
}

/**
 * What server-produced notifications are about, so the client can show them in the reader's
 * language (`code` + `params`); title and message keep the English text for everyone else.
 */
export const NOTIFICATION_CODES = [
  'security.new_device',
  'security.password_changed',
  'access.permissions_changed',
  'access.role_changed',
  // A patient asks their prescriber for a refill: params patientFirstName, patientLastName (patientNameParams), medication.
  'medication.refill_requested',
  // The prescriber's decision, to the patient: params medication (and reason, for a denial).
  'medication.refill_approved',
  'medication.refill_denied',
  // Booking changes, with params doctorFirstName, doctorLastName (doctorNameParams), patientFirstName, patientLastName
  // (patientNameParams) and startsAt
  // (an ISO instant the reader's clock shows).
  'appointment.patient_booked',
  'appointment.patient_rescheduled',
  'appointment.patient_cancelled',
  'appointment.doctor_booked',
  'appointment.doctor_rescheduled',
  'appointment.doctor_cancelled',
  // A patient's booking that waits for the clinic's approval, and the front desk's answer to it, with
  // the params above (and reason, for a decline).
  'appointment.patient_requested',
  'appointment.patient_approved',
  'appointment.patient_declined',
  // A signed visit note released the visit's summary to the patient; params doctorFirstName, doctorLastName,
  // startsAt (the visit).
  'visit.summary_released',
  // Leave: asked (to administrators; params doctorFirstName, doctorLastName, startDate, endDate), decided (to the doctor;
  // params startDate, endDate, and reason for a refusal).
  'leave.request_sent',
  'leave.request_approved',
  'leave.request_rejected',
  // A colleague took an appointment of a doctor on leave: to that doctor (params doctorFirstName and
  // doctorLastName: the colleague, startsAt) and to the patient (params doctorFirstName and doctorLastName: the
  // new doctor, previousDoctorFirstName and previousDoctorLastName, startsAt).
  'coverage.appointment_taken',
  'appointment.patient_reassigned',
  // An order's results were reviewed and released to the patient; params doctorFirstName, doctorLastName.
  'lab.results_released',
  // A reminder of an upcoming appointment, to the patient; params doctorFirstName, doctorLastName, startsAt.
  'appointment.reminder_due',
  // The waitlist, to the patient: an earlier time is offered (params doctorFirstName, doctorLastName, startsAt), or a
  // time they were offered has been taken by someone else or has passed on (the same params).
  'waitlist.time_offered',
  'waitlist.time_gone',
] as const;
export type NotificationCode = (typeof NOTIFICATION_CODES)[number];

/**
 * A doctor named in a notification's params or metadata: the name's parts, which the web orders and
 * titles in the reader's language. Rows stored before the parts were sent carry `doctorName` (and
 * `previousDoctorName`) as English text ("Dr. First Last"); the web still shows those as written.
 */
export function doctorNameParams(doctor: PersonNameParts): { doctorFirstName: string; doctorLastName: string } {
  return { doctorFirstName: doctor.firstName, doctorLastName: doctor.lastName };
}

/** The doctor a patient's appointment moved away from (coverage of a leave), as doctorNameParams names the new one. */
export function previousDoctorNameParams(doctor: PersonNameParts): { previousDoctorFirstName: string; previousDoctorLastName: string } {
  return { previousDoctorFirstName: doctor.firstName, previousDoctorLastName: doctor.lastName };
}

/**
 * A patient named in a notification's params or metadata: the name's parts, which the web orders in
 * the reader's language. Rows stored before the parts were sent carry `patientName` (or `patient`,
 * for a refill request) as English-ordered text; the web still shows those as written.
 */
export function patientNameParams(patient: PersonNameParts): { patientFirstName: string; patientLastName: string } {
  return { patientFirstName: patient.firstName, patientLastName: patient.lastName };
}

export const notificationMetadataSchema = z.object({
  appointmentId: z.string().max(100).optional(),
  /** The doctor's name in parts (doctorNameParams). */
  doctorFirstName: z.string().max(200).optional(),
  doctorLastName: z.string().max(200).optional(),
  /** A doctor's whole name in English, as rows stored before the parts were sent carry it. */
  doctorName: z.string().max(200).optional(),
  /** The patient's name in parts (patientNameParams). */
  patientFirstName: z.string().max(200).optional(),
  patientLastName: z.string().max(200).optional(),
  /** A patient's whole name in English order, as rows stored before the parts were sent carry it. */
  patientName: z.string().max(200).optional(),
  consultationType: z.enum(['video', 'in-person']).optional(),
  resultId: z.string().max(100).optional(),
  testName: z.string().max(200).optional(),
});
export type NotificationMetadata = z.infer<typeof notificationMetadataSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  isRead: z.boolean(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  actionUrl: z.string().nullable(),
  metadata: notificationMetadataSchema,
  code: z.string().nullable(),
  params: z.record(z.string(), z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;

/** Keyset cursor: the createdAt and id of the last notification of the previous page. */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f-]{36}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor this server could have made: a real instant within the date window and a well-formed id. */
function isReadableCursor(cursor: string): boolean {
  const separator = cursor.indexOf('_');
  const at = cursor.slice(0, separator);
  const time = Date.parse(at);
  return Number.isFinite(time) && new Date(time).toISOString() === at && isInstantInWindow(at) && UUID.test(cursor.slice(separator + 1));
}

export const notificationListQuerySchema = z.object({
  // Optional here so a missing id answers its own text ("User ID required"), not a generic validation error.
  userId: z.string().max(100).optional(),
  limit: z.coerce
    .number('choice.invalid')
    .int('choice.invalid')
    .min(1, 'choice.invalid')
    .max(NOTIFICATION_PAGE.maxLimit, 'choice.invalid')
    .default(NOTIFICATION_PAGE.defaultLimit),
  cursor: z.string().max(80, 'cursor.invalid').regex(CURSOR, 'cursor.invalid').refine(isReadableCursor, 'cursor.invalid').optional(),
});

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  /** All of the user's unread notifications, not only this page's. */
  unreadCount: z.number().int().min(0),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListResponseSchema>;

export const markAllReadRequestSchema = z.object({ userId: z.string().max(100).optional() });
export const markAllReadResponseSchema = z.object({ success: z.literal(true), updated: z.number().int().min(0) });
export const notificationActionResponseSchema = z.object({ success: z.literal(true) });

/** The notification routes: always the caller's own; anyone else's id or userId answers 404. */
export const notificationsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    query: notificationListQuerySchema,
    response: notificationListResponseSchema,
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  }),
  markAllRead: defineRoute({
    method: 'PUT',
    path: '/api/notifications/mark-all-read',
    body: markAllReadRequestSchema,
    response: markAllReadResponseSchema,
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  }),
  markRead: defineRoute({
    method: 'PUT',
    path: '/api/notifications/:id/read',
    params: idParamsSchema,
    response: notificationActionResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/notifications/:id',
    params: idParamsSchema,
    response: notificationActionResponseSchema,
    errors: ['NOT_FOUND'],
  }),
};
