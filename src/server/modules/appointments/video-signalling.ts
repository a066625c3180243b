import type { FastifyInstance } from 'fastify';
import { VIDEO_FRAME_TYPES, type VideoClientFrame, type VideoRefusal, type VideoSignalKind } from '../../../contracts/video-visits';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { SocketCaller } from '../../platform/realtime';
import type { VideoMembership, VideoVisitsService } from './video-visits.service';

// The signalling relay of video visits over the realtime socket. A socket first joins a visit:
// the service checks that its user is the appointment's patient or doctor and that the visit can
// be held now, and notes the join. From then on that socket's frames for the visit (offer, answer,
// ICE candidates, leave) are passed to the other participant and to nobody else, until the visit's
// window closes. A frame for a visit the socket has not joined, from anyone else, or after the
// window, is refused to the sender and goes nowhere. Letting the patient in and ending the visit
// are the doctor's alone and change the appointment's status before they are passed on.
//
// What a socket joined is kept with the socket on this instance; the frames reach the other
// participant through the event bus, so the two may be connected to different instances. They reach
// only the socket that joined the visit (its topic), not the participant's other tabs. A visit
// cancelled during the call ends there: each socket in it is told the visit cannot take place and
// relays nothing more.

const topicOf = (appointmentId: string) => `video:${appointmentId}`;

const SIGNAL: Record<VideoClientFrame['type'], VideoSignalKind> = {
  video_join: 'join',
  video_leave: 'leave',
  video_offer: 'offer',
  video_answer: 'answer',
  video_ice: 'ice',
  video_admit: 'admit',
  video_end: 'end',
};

export function registerVideoSignalling(
  app: FastifyInstance,
  videoVisits: VideoVisitsService,
  contextOf: (caller: SocketCaller) => AccessContext,
  clock: () => Date = () => new Date(),
): void {
  const joined = new WeakMap<SocketCaller, Map<string, VideoMembership>>();
  /** The sockets of this instance in each visit's call, to end at once when the visit is cancelled. */
  const inCall = new Map<string, Set<SocketCaller>>();

  const enter = (caller: SocketCaller, membership: VideoMembership) => {
    let visits = joined.get(caller);
    if (!visits) joined.set(caller, (visits = new Map()));
    visits.set(membership.appointmentId, membership);
    caller.join(topicOf(membership.appointmentId));
    let sockets = inCall.get(membership.appointmentId);
    if (!sockets) inCall.set(membership.appointmentId, (sockets = new Set()));
    sockets.add(caller);
    // Sockets that closed without leaving are dropped as others come in.
    for (const other of sockets) if (!other.open) sockets.delete(other);
  };

  const forget = (caller: SocketCaller, appointmentId: string) => {
    joined.get(caller)?.delete(appointmentId);
    caller.leave(topicOf(appointmentId));
    const sockets = inCall.get(appointmentId);
    sockets?.delete(caller);
    if (sockets?.size === 0) inCall.delete(appointmentId);
  };

  const refuse = (caller: SocketCaller, frame: VideoClientFrame, reason: VideoRefusal) =>
    caller.reply({ type: 'video_refused', appointmentId: frame.appointmentId, frame: frame.type, reason });

  const relay = (membership: VideoMembership, frame: VideoClientFrame) =>
    app.events.publish({
      recipients: [membership.peerUserId],
      event: {
        type: 'video_signal',
        appointmentId: membership.appointmentId,
        signal: SIGNAL[frame.type],
        from: membership.role,
        ...(frame.type === 'video_join' && frame.reply ? { reply: true } : {}),
        ...(frame.type === 'video_offer' || frame.type === 'video_answer' ? { sdp: frame.sdp } : {}),
        ...(frame.type === 'video_offer' && frame.restart ? { restart: true } : {}),
        ...(frame.type === 'video_ice' ? { candidate: frame.candidate } : {}),
        timestamp: clock().toISOString(),
      },
      topic: topicOf(membership.appointmentId),
    });

  /** The visit this socket joined, while its window is open; undefined otherwise (and forgotten once closed). */
  const membershipOf = (caller: SocketCaller, appointmentId: string): VideoMembership | undefined => {
    const visits = joined.get(caller);
    const membership = visits?.get(appointmentId);
    if (!membership) return undefined;
    if (clock().getTime() > membership.closesAt.getTime()) {
      forget(caller, appointmentId);
      return undefined;
    }
    return membership;
  };

  async function handle(caller: SocketCaller, frame: VideoClientFrame, ctx: AccessContext): Promise<void> {
    if (frame.type === 'video_join') {
      const outcome = await videoVisits.join(ctx, frame.appointmentId);
      if ('refused' in outcome) return refuse(caller, frame, outcome.refused);
      enter(caller, outcome);
      caller.reply({
        type: 'video_accepted',
        appointmentId: outcome.appointmentId,
        frame: frame.type,
        role: outcome.role,
        admitted: outcome.admitted,
      });
      return relay(outcome, frame);
    }
    const membership = membershipOf(caller, frame.appointmentId);
    if (!membership) return refuse(caller, frame, 'not_joined');
    if (frame.type === 'video_admit' || frame.type === 'video_end') {
      if (membership.role !== 'doctor') return refuse(caller, frame, 'not_doctor');
      if (frame.type === 'video_admit') await videoVisits.admit(ctx, frame.appointmentId);
      else await videoVisits.end(ctx, frame.appointmentId);
      membership.admitted = frame.type === 'video_admit';
      if (frame.type === 'video_end') forget(caller, frame.appointmentId);
      caller.reply({
        type: 'video_accepted',
        appointmentId: frame.appointmentId,
        frame: frame.type,
        role: 'doctor',
        admitted: membership.admitted,
      });
      return relay(membership, frame);
    }
    if (frame.type === 'video_leave') forget(caller, frame.appointmentId);
    return relay(membership, frame);
  }

  // A cancelled visit cannot be held: its sockets on this instance are told so and leave the call.
  const unsubscribe = app.events.subscribe(({ event }) => {
    if (event.type !== 'appointment_update' || (event.action !== 'cancelled' && event.action !== 'deleted')) return;
    const sockets = inCall.get(event.appointmentId);
    if (!sockets) return;
    for (const caller of [...sockets]) {
      forget(caller, event.appointmentId);
      if (caller.open)
        caller.reply({ type: 'video_refused', appointmentId: event.appointmentId, frame: 'video_join', reason: 'unavailable' });
    }
  });
  app.addHook('onClose', async () => unsubscribe());

  app.realtime.handle(VIDEO_FRAME_TYPES, async (caller, frame) => {
    const ctx = contextOf(caller);
    try {
      await handle(caller, frame as VideoClientFrame, ctx);
    } catch (error) {
      // A refusal of the service (someone else's visit, a step the status does not allow) goes back
      // to the sender only, like any other refusal; anything else is the relay's failure.
      const video = frame as VideoClientFrame;
      if (!(error instanceof AppError)) {
        refuse(caller, video, 'failed');
        throw error;
      }
      refuse(caller, video, error.code === 'NOT_FOUND' ? 'not_found' : error.code === 'VIDEO_VISIT_UNAVAILABLE' ? 'unavailable' : 'failed');
    } finally {
      // Outside a request nobody writes the read's audit event on the way out: it is written here.
      await ctx.audit.flush();
    }
  });
}
