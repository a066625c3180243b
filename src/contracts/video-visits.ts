import { z } from 'zod';
import { defineRoute, idParamsSchema } from './http';
import { personNameSchema } from './person-name';

// A one-to-one video visit for an appointment of type video. The media goes straight between the
// two browsers (WebRTC); the clinic's server only relays the few signalling messages that set the
// call up, over the realtime socket (/ws), and only between the appointment's patient and doctor.

export const VIDEO_VISIT = {
  /** The visit can be joined this many minutes before the appointment starts. */
  opensMinutesBefore: 10,
  /** And until this many minutes after its slot has ended. */
  closesMinutesAfter: 30,
  /** A session description (offer or answer) is at most this many characters. */
  sdpMaxLength: 20 * 1024,
  /** One ICE candidate line is at most this many characters. */
  candidateMaxLength: 2 * 1024,
  /** TURN credentials handed out with the visit stay valid this long. */
  turnCredentialSeconds: 4 * 60 * 60,
} as const;

/** Statuses in which a video visit may still take place. */
export const VIDEO_VISIT_STATUSES = ['requested', 'scheduled', 'checked-in', 'in-progress'] as const;

/** Which side of the call someone is on. */
export const VIDEO_ROLES = ['patient', 'doctor'] as const;
export type VideoRole = (typeof VIDEO_ROLES)[number];

export const VIDEO_VISIT_MESSAGES = {
  unavailable: 'This appointment cannot be held as a video visit now: it is not a video visit, it was cancelled, or it is over.',
} as const;

/** One entry of RTCConfiguration.iceServers. */
export const iceServerSchema = z
  .object({
    urls: z.union([z.string().min(1).max(500), z.array(z.string().min(1).max(500)).min(1).max(10)]),
    username: z.string().max(500).optional(),
    credential: z.string().max(500).optional(),
  })
  .strict();
export type IceServer = z.infer<typeof iceServerSchema>;

export const iceServersSchema = z.array(iceServerSchema).max(20);

export const videoVisitSchema = z.object({
  appointmentId: z.uuid(),
  /** The caller's side of the call. */
  role: z.enum(VIDEO_ROLES),
  /** The other person's name in parts, which the web orders in the reader's language. */
  other: personNameSchema,
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  /** From when, and until when, the visit can be joined. */
  opensAt: z.iso.datetime({ offset: true }),
  closesAt: z.iso.datetime({ offset: true }),
  /** Whether the visit can be joined right now. */
  canJoin: z.boolean(),
  /** True once the doctor has admitted the patient (the visit is in progress). */
  admitted: z.boolean(),
  iceServers: iceServersSchema,
});
export type VideoVisit = z.infer<typeof videoVisitSchema>;

export const videoVisitResponseSchema = z.object({ data: videoVisitSchema });
export type VideoVisitResponse = z.infer<typeof videoVisitResponseSchema>;

/** A demo video visit, starting now (demo mode only). */
export const demoVideoVisitResponseSchema = z.object({ data: z.object({ appointmentId: z.uuid() }) });

export const videoVisitsApi = {
  /** Someone else's appointment answers 404; one that is not (or no longer) a video visit 409. */
  visit: defineRoute({
    method: 'GET',
    path: '/api/appointments/:id/video',
    params: idParamsSchema,
    response: videoVisitResponseSchema,
    errors: ['NOT_FOUND', 'VIDEO_VISIT_UNAVAILABLE'],
  }),
  /**
   * Demo mode only (elsewhere it answers like a route that does not exist): books the signed-in
   * patient a video visit starting now with their doctor, so the video visit can be tried at any hour.
   */
  demo: defineRoute({
    method: 'POST',
    path: '/api/demo/video-visit',
    response: demoVideoVisitResponseSchema,
    status: 201,
    errors: ['NOT_FOUND'],
  }),
};

// The signalling frames a browser sends over /ws. Each names its appointment; the server relays it
// to the other participant only.

const appointmentId = z.uuid();
const sdp = z.string().min(1).max(VIDEO_VISIT.sdpMaxLength);
const candidate = z
  .object({
    candidate: z.string().max(VIDEO_VISIT.candidateMaxLength),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .strict();

export const videoClientFrameSchemas = [
  /** `reply`: this join answers the other person's, who must not answer it in turn. */
  z.object({ type: z.literal('video_join'), appointmentId, reply: z.boolean().optional() }).strict(),
  z.object({ type: z.literal('video_leave'), appointmentId }).strict(),
  /** `restart`: an ICE restart of the connection already set up, not a new one. */
  z.object({ type: z.literal('video_offer'), appointmentId, sdp, restart: z.boolean().optional() }).strict(),
  z.object({ type: z.literal('video_answer'), appointmentId, sdp }).strict(),
  z.object({ type: z.literal('video_ice'), appointmentId, candidate }).strict(),
  /** The doctor lets the waiting patient in: the visit starts. */
  z.object({ type: z.literal('video_admit'), appointmentId }).strict(),
  /** The doctor ends the visit: it is completed. */
  z.object({ type: z.literal('video_end'), appointmentId }).strict(),
] as const;

export const VIDEO_FRAME_TYPES = [
  'video_join',
  'video_leave',
  'video_offer',
  'video_answer',
  'video_ice',
  'video_admit',
  'video_end',
] as const;
export type VideoFrameType = (typeof VIDEO_FRAME_TYPES)[number];

export const videoClientFrameSchema = z.discriminatedUnion('type', [...videoClientFrameSchemas]);
export type VideoClientFrame = z.infer<typeof videoClientFrameSchema>;

/** What the other participant did, relayed by the server (a live event to that one person). */
export const VIDEO_SIGNALS = ['join', 'leave', 'offer', 'answer', 'ice', 'admit', 'end'] as const;
export type VideoSignalKind = (typeof VIDEO_SIGNALS)[number];

export const videoSignalEventSchema = z.object({
  type: z.literal('video_signal'),
  appointmentId,
  signal: z.enum(VIDEO_SIGNALS),
  /** Who sent it. */
  from: z.enum(VIDEO_ROLES),
  reply: z.boolean().optional(),
  restart: z.boolean().optional(),
  sdp: sdp.optional(),
  candidate: candidate.optional(),
  timestamp: z.iso.datetime(),
});
export type VideoSignalEvent = z.infer<typeof videoSignalEventSchema>;

/** Why a signalling frame was not relayed. */
export const VIDEO_REFUSALS = ['not_found', 'unavailable', 'not_open', 'not_joined', 'not_doctor', 'failed'] as const;
export type VideoRefusal = (typeof VIDEO_REFUSALS)[number];

/** The answer to a frame the server did not relay (only to the socket that sent it). */
export const videoRefusedFrameSchema = z.object({
  type: z.literal('video_refused'),
  appointmentId: z.string(),
  frame: z.enum(VIDEO_FRAME_TYPES),
  reason: z.enum(VIDEO_REFUSALS),
});
export type VideoRefusedFrame = z.infer<typeof videoRefusedFrameSchema>;

/**
 * The answer to a join, an admission or an end the server carried out. Whether the other person is
 * there is learnt from their own join (relayed), which the joiner answers.
 */
export const videoAcceptedFrameSchema = z.object({
  type: z.literal('video_accepted'),
  appointmentId,
  frame: z.enum(['video_join', 'video_admit', 'video_end']),
  role: z.enum(VIDEO_ROLES),
  /** The doctor has let the patient in (the visit is in progress). */
  admitted: z.boolean(),
});
export type VideoAcceptedFrame = z.infer<typeof videoAcceptedFrameSchema>;

/** The window in which a visit can be joined. */
export function videoWindow(startsAt: Date, durationMinutes: number): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(startsAt.getTime() - VIDEO_VISIT.opensMinutesBefore * 60_000),
    closesAt: new Date(startsAt.getTime() + (durationMinutes + VIDEO_VISIT.closesMinutesAfter) * 60_000),
  };
}
