import {
  VIDEO_VISIT_MESSAGES,
  VIDEO_VISIT_STATUSES,
  videoWindow,
  type IceServer,
  type VideoRole,
  type VideoVisit,
} from '../../../contracts/video-visits';
import { VISIT_TRANSITIONS } from '../../../contracts/doctor-portal';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AppointmentsService } from './appointments.service';
import { iceServersFor } from './ice-servers';
import { VideoVisitsRepository, type VideoVisitRow } from './video-visits.repository';

// Video visits: who may join which visit and when, for the page (GET /api/appointments/{id}/video)
// and for the signalling relay (video-signalling.ts). A visit is held by the appointment's patient
// and doctor, for an appointment of type video that is still to take place, from a little before
// its start until a while after its slot. Letting the patient in and ending the visit are the
// appointment's own visit steps (start, complete), taken through the appointments service.

export interface VideoVisitOptions {
  iceServers: readonly IceServer[];
  turnSecret?: string;
  demoMode: boolean;
}

/** What the relay keeps about a joined visit for the socket that joined it. */
export interface VideoMembership {
  appointmentId: string;
  role: VideoRole;
  /** The other participant: the only one the socket's frames for this visit reach. */
  peerUserId: string;
  closesAt: Date;
  admitted: boolean;
}

export type JoinOutcome = VideoMembership | { refused: 'unavailable' | 'not_open' };

const LIVE: readonly string[] = VIDEO_VISIT_STATUSES;
/** A demo visit: one slot long, starting as it is booked. */
const DEMO_MINUTES = 30;
const DEMO_REASON = 'Video visit (demo)';

export class VideoVisitsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly appointments: AppointmentsService,
    private readonly options: VideoVisitOptions,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The caller's visit: whether it can be joined now, the other person and the ICE servers. 404 / 409 otherwise. */
  visit(ctx: AccessContext, id: string): Promise<VideoVisit> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(VideoVisitsRepository);
      const row = await repository.participant(id, 'appointment.video');
      const now = this.clock();
      const refusal = unavailable(row, now);
      if (refusal) {
        repository.noteRefused('appointment.video', row, refusal);
        throw new AppError('VIDEO_VISIT_UNAVAILABLE', VIDEO_VISIT_MESSAGES.unavailable);
      }
      repository.noteRead(row);
      const { opensAt, closesAt } = videoWindow(row.startsAt, row.durationMinutes);
      return {
        appointmentId: row.id,
        role: row.role,
        other:
          row.role === 'patient'
            ? { firstName: row.doctorFirstName, lastName: row.doctorLastName }
            : { firstName: row.patientFirstName, lastName: row.patientLastName },
        startsAt: row.startsAt.toISOString(),
        endsAt: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000).toISOString(),
        opensAt: opensAt.toISOString(),
        closesAt: closesAt.toISOString(),
        canJoin: now.getTime() >= opensAt.getTime(),
        admitted: row.status === 'in-progress',
        iceServers: iceServersFor(this.options.iceServers, this.options.turnSecret, ctx.user.userId, now),
      };
    });
  }

  /** The caller joins the visit's call (noted); 404 for someone else's; a refusal when it cannot be held now. */
  join(ctx: AccessContext, id: string): Promise<JoinOutcome> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(VideoVisitsRepository);
      const row = await repository.participant(id, 'appointment.video-join');
      const now = this.clock();
      const refusal =
        unavailable(row, now) ?? (now.getTime() < videoWindow(row.startsAt, row.durationMinutes).opensAt.getTime() ? 'not_open' : null);
      if (refusal) {
        repository.noteRefused('appointment.video-join', row, refusal);
        return { refused: refusal === 'not_open' ? 'not_open' : 'unavailable' };
      }
      repository.noteJoin(row, row.role);
      return membership(row);
    });
  }

  /**
   * The doctor lets the patient in: the appointment's start step (scheduled or checked-in → in
   * progress), unless it is in progress already (the doctor's page was reloaded during the call).
   */
  async admit(ctx: AccessContext, id: string): Promise<void> {
    const row = await this.uow.read(ctx, (work) => work.use(VideoVisitsRepository).participant(id, 'appointment.start'));
    if (row.role !== 'doctor') throw AppError.notFound();
    if (row.status === 'in-progress') return;
    const from: readonly string[] = VISIT_TRANSITIONS.start.from;
    if (!from.includes(row.status)) throw new AppError('VIDEO_VISIT_UNAVAILABLE', VIDEO_VISIT_MESSAGES.unavailable);
    await this.appointments.visit(ctx, id, 'start');
  }

  /** The doctor ends the visit: the appointment's complete step. */
  async end(ctx: AccessContext, id: string): Promise<void> {
    const row = await this.uow.read(ctx, (work) => work.use(VideoVisitsRepository).participant(id, 'appointment.complete'));
    if (row.role !== 'doctor') throw AppError.notFound();
    await this.appointments.visit(ctx, id, 'complete');
  }

  /** Demo mode only: a video visit of the signed-in patient with their doctor, starting now. */
  demo(ctx: AccessContext): Promise<{ appointmentId: string }> {
    if (!this.options.demoMode) throw AppError.notFound('Not found');
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(VideoVisitsRepository);
      const doctorId = await repository.ownDoctor();
      if (!doctorId) throw AppError.notFound();
      return { appointmentId: await repository.bookNow(doctorId, this.clock(), DEMO_MINUTES, DEMO_REASON) };
    });
  }
}

/** Why the visit cannot be held at all (wrong type, status, or over), or null. Too early is not this: it opens later. */
function unavailable(row: VideoVisitRow, now: Date): string | null {
  if (row.type !== 'video') return 'not_video';
  if (!LIVE.includes(row.status)) return `status_${row.status}`;
  if (now.getTime() > videoWindow(row.startsAt, row.durationMinutes).closesAt.getTime()) return 'over';
  return null;
}

function membership(row: VideoVisitRow & { role: VideoRole }): VideoMembership {
  return {
    appointmentId: row.id,
    role: row.role,
    peerUserId: row.role === 'patient' ? row.doctorId : row.patientId,
    closesAt: videoWindow(row.startsAt, row.durationMinutes).closesAt,
    admitted: row.status === 'in-progress',
  };
}
