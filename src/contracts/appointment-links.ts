import { z } from 'zod';
import { APPOINTMENT_TYPES } from './appointments';
import { defineRoute } from './http';
import { personNameSchema } from './person-name';

// The one-click links of an appointment reminder: confirm, reschedule or cancel that one
// appointment without signing in. Opening a link (GET) only shows the appointment, since mail
// scanners follow links; the patient's press of the one button (POST) acts, once. A link works
// until the appointment starts; a used or expired one answers its own code, and changes nothing.

export const APPOINTMENT_LINK_ACTIONS = ['confirm', 'reschedule', 'cancel'] as const;
export type AppointmentLinkAction = (typeof APPOINTMENT_LINK_ACTIONS)[number];

/** Where a link opens in the web app; the token follows. */
export const APPOINTMENT_LINK_PATH = '/a/';

/** A token as the server makes them: 256 random bits, base64url. */
export const APPOINTMENT_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const tokenParamsSchema = z.object({ token: z.string().max(200) });

export const appointmentLinkSchema = z.object({
  action: z.enum(APPOINTMENT_LINK_ACTIONS),
  startsAt: z.iso.datetime({ offset: true }),
  durationMinutes: z.number().int(),
  type: z.enum(APPOINTMENT_TYPES),
  /** The doctor's name in parts, which the page orders and titles in the reader's language. */
  doctor: personNameSchema,
});
export type AppointmentLink = z.infer<typeof appointmentLinkSchema>;

export const useAppointmentLinkRequestSchema = z
  .object({
    /** The action the page offered: a link does only its own. */
    action: z.enum(APPOINTMENT_LINK_ACTIONS, 'choice.invalid'),
  })
  .strict();
export type UseAppointmentLinkRequest = z.infer<typeof useAppointmentLinkRequestSchema>;

export const usedAppointmentLinkSchema = z.object({
  action: z.enum(APPOINTMENT_LINK_ACTIONS),
  /** For a reschedule: the appointment the patient moves once signed in. */
  appointmentId: z.uuid(),
  startsAt: z.iso.datetime({ offset: true }),
  doctor: personNameSchema,
});
export type UsedAppointmentLink = z.infer<typeof usedAppointmentLinkSchema>;

export const appointmentLinksApi = {
  open: defineRoute({
    method: 'GET',
    path: '/api/appointment-links/:token',
    params: tokenParamsSchema,
    response: appointmentLinkSchema,
    errors: ['NOT_FOUND', 'LINK_USED', 'LINK_EXPIRED'],
  }),
  use: defineRoute({
    method: 'POST',
    path: '/api/appointment-links/:token',
    params: tokenParamsSchema,
    body: useAppointmentLinkRequestSchema,
    response: usedAppointmentLinkSchema,
    errors: ['NOT_FOUND', 'LINK_USED', 'LINK_EXPIRED', 'CHANGE_TOO_LATE', 'APPOINTMENT_NOT_CHANGEABLE'],
  }),
};
