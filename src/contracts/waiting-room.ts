import { z } from 'zod';
import { defineRoute } from './http';

// The waiting-room display: a screen in the waiting room showing, per doctor, who is being seen
// and who is next. It names nobody: a patient is their initials and a ticket handed out at
// check-in ("A-014": the doctor's letter and the number of the check-in that day), with the
// estimated wait. Tickets are derived from the day's check-ins, which never change once made, so a
// ticket stays the same all day. Staff who run the clinic's day open it, and so does a display-only
// account that holds nothing but appointments.queue.display.

// The display's page lives with the other paths (views.ts), which the app's frame reads without zod.
export { WAITING_ROOM_PAGE_PATH } from './views';

export const WAITING_ROOM = {
  /** The most waiting tickets shown under one doctor; the rest are counted. */
  nextShown: 6,
  /** The most check-ins of one clinic day the board reads. */
  maxCheckInsPerDay: 2000,
  /** Digits of a ticket's number. */
  ticketDigits: 3,
  /** How often the display asks again on its own, so the estimated waits follow the clock. */
  refreshMs: 60_000,
} as const;

export const waitingRoomTicketSchema = z.object({
  /** The doctor's letter and the check-in's number of the day: "A-014". */
  ticket: z.string(),
  /** The patient's initials, never more of their name. */
  initials: z.string(),
  /** Minutes until their turn, estimated; 0 when it is now. */
  waitMinutes: z.number().int(),
});
export type WaitingRoomTicket = z.infer<typeof waitingRoomTicketSchema>;

export const waitingRoomDoctorSchema = z.object({
  /** The doctor's ticket letter today, in the order of their first check-in. */
  letter: z.string(),
  /** The doctor as patients know them (the screen adds the title in its language). */
  doctor: z.object({ firstName: z.string(), lastName: z.string() }),
  /** Called in and being seen now. */
  nowSeeing: z.array(waitingRoomTicketSchema),
  /** Checked in and waiting, in the order they will be called. */
  next: z.array(waitingRoomTicketSchema),
  /** Waiting beyond those shown. */
  moreWaiting: z.number().int(),
});
export type WaitingRoomDoctor = z.infer<typeof waitingRoomDoctorSchema>;

export const waitingRoomResponseSchema = z.object({
  data: z.object({
    /** Today in the clinic's zone. */
    date: z.iso.date(),
    /** When the board was read. */
    generatedAt: z.iso.datetime(),
    /** Doctors with someone being seen or waiting, by letter. */
    doctors: z.array(waitingRoomDoctorSchema),
  }),
});
export type WaitingRoomResponse = z.infer<typeof waitingRoomResponseSchema>;

export const waitingRoomApi = {
  board: defineRoute({
    method: 'GET',
    path: '/api/staff/waiting-room',
    response: waitingRoomResponseSchema,
  }),
};
