import type { AuditActionCode } from '../../../contracts/audit';
import {
  type CreateSpotRequest,
  PARKING_MESSAGES,
  PARKING_SPOT_TYPES,
  type ParkingCounts,
  type ParkingLotResponse,
  type ParkingSpot,
  type ParkingSpotStatus,
  type UpdateSpotRequest,
} from '../../../contracts/parking';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { FrontDeskService } from '../appointments/front-desk.service';
import { ParkingRepository, type LayoutStep, type SpotLayout, type SpotRow, type SpotStep } from './parking.repository';

// The car park's rules. A spot is given to one of today's visits in person that is still expected
// (available → reserved), taken when the car is parked (reserved → occupied) and freed again
// (reserved or occupied → available). The visit comes from the front desk, within the caller's
// reach: anyone else's answers 404 like a missing one. Each step is one write: the change, its
// audit note and the live update to the desk commit together; a refused step changes nothing.

export interface ParkingOptions {
  clock?: () => Date;
}

const EXPECTED = new Set(['scheduled', 'checked-in', 'in-progress']);
const STEP_ACTION: Record<SpotStep, AuditActionCode> = {
  assigned: 'parking.assign',
  occupied: 'parking.occupy',
  released: 'parking.release',
};

const LAYOUT_ACTION: Record<LayoutStep, AuditActionCode> = {
  added: 'parking.spot-add',
  edited: 'parking.spot-edit',
  removed: 'parking.spot-remove',
};

function layoutOf(input: CreateSpotRequest): SpotLayout {
  return { number: input.number, level: input.level, section: input.section, type: input.type, x: input.x, y: input.y };
}

function numberTaken(): AppError {
  return new AppError('SPOT_NUMBER_TAKEN', PARKING_MESSAGES.numberTaken);
}

export class ParkingService {
  private readonly clock: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly frontDesk: Pick<
      FrontDeskService,
      'clinicToday' | 'parkingVisitsIn' | 'startingOnIn' | 'parkingVisitIn' | 'refusedIn' | 'deskRecipientsIn'
    >,
    options: ParkingOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  /**
   * The lot on a calendar day of the clinic (today when none is named): the spots as they stand
   * that day, their counts per level and type, and that day's visits in person the caller reaches.
   * Today shows every spot as it is now. Spots are given on the visit's day only, so on another day
   * a spot is held only when the visit it holds lies on that day; any other hold (today's car, or one
   * left from an earlier day) is not that day's, and the spot shows free. Out of service stays.
   */
  lot(ctx: AccessContext, date?: string): Promise<ParkingLotResponse> {
    return this.uow.read(ctx, async (work) => {
      const today = this.frontDesk.clinicToday();
      const day = date ?? today;
      const visits = await this.frontDesk.parkingVisitsIn(work, day);
      const stored = await work.use(ParkingRepository).spots();
      const held = stored.flatMap((row) => (row.appointmentId ? [row.appointmentId] : []));
      const heldThatDay = day === today ? new Set(held) : await this.frontDesk.startingOnIn(work, held, day);
      const rows = stored.map((row) => (row.appointmentId === null || heldThatDay.has(row.appointmentId) ? row : freeOn(row)));
      const reached = new Set(visits.map((visit) => visit.appointmentId));
      const spotOf = new Map(rows.flatMap((row) => (row.appointmentId ? [[row.appointmentId, row.id] as const] : [])));
      return {
        data: {
          date: day,
          today,
          spots: rows.map((row) => toSpot(row, reached)),
          counts: countsOf(rows),
          visits: visits.map((visit) => ({
            appointmentId: visit.appointmentId,
            startsAt: visit.startsAt.toISOString(),
            patient: { firstName: visit.firstName, lastName: visit.lastName },
            licensePlate: visit.licensePlate,
            spotId: spotOf.get(visit.appointmentId) ?? null,
          })),
        },
      };
    });
  }

  /** Gives a free spot to one of today's visits in person; one desk wins a race, the other hears SPOT_TAKEN. */
  assign(ctx: AccessContext, spotId: string, appointmentId: string): Promise<ParkingSpot> {
    const action: AuditActionCode = 'parking.assign';
    return this.uow.write(ctx, async (work) => {
      const parking = work.use(ParkingRepository);
      const spot = await parking.spot(spotId, action);
      const { row, today } = await this.frontDesk.parkingVisitIn(work, appointmentId, action);
      const refuse = (reason: string, error: AppError): never => {
        this.frontDesk.refusedIn(work, action, row, reason);
        throw error;
      };
      if (row.status === 'cancelled') refuse('cancelled', new AppError('APPOINTMENT_CANCELLED', PARKING_MESSAGES.cancelled));
      if (!today || row.type !== 'in-person' || !EXPECTED.has(row.status)) {
        refuse(
          !today ? 'not_today' : row.type !== 'in-person' ? 'not_in_person' : 'status',
          new AppError('PARKING_NOT_ALLOWED', PARKING_MESSAGES.notAllowed),
        );
      }
      if (await parking.spotOfVisit(row.id)) refuse('visit_has_spot', new AppError('VISIT_HAS_SPOT', PARKING_MESSAGES.visitHasSpot));
      const changed = spot.status === 'available' ? await parking.step(spot, ['available'], 'reserved', row.id, this.clock()) : undefined;
      if (!changed) {
        parking.refused(action, spot, row.patientId, 'taken');
        throw new AppError('SPOT_TAKEN', PARKING_MESSAGES.taken);
      }
      return this.done(work, changed, 'assigned', row.patientId, { number: changed.number, level: changed.level });
    });
  }

  /** The visit's car is parked on the spot held for it. */
  occupy(ctx: AccessContext, spotId: string): Promise<ParkingSpot> {
    return this.change(ctx, spotId, 'occupied', ['reserved'], 'occupied');
  }

  /** Frees a spot held for or taken by a visit. */
  release(ctx: AccessContext, spotId: string): Promise<ParkingSpot> {
    return this.change(ctx, spotId, 'released', ['reserved', 'occupied'], 'available');
  }

  /** An administrator paints a new spot: free, with a number not yet used on its level. */
  add(ctx: AccessContext, input: CreateSpotRequest): Promise<ParkingSpot> {
    const layout = layoutOf(input);
    return this.uow.write(ctx, async (work) => {
      const parking = work.use(ParkingRepository);
      await parking.lockLevel(layout.level);
      if (await parking.numberTaken(layout.level, layout.number)) throw numberTaken();
      const added = await parking.add(layout, this.clock());
      if (!added) throw numberTaken();
      return this.laidOut(work, added, 'added', { number: added.number, level: added.level });
    });
  }

  /**
   * An administrator renames, moves or retypes a spot, read at `version`. Its status and visit stay:
   * a spot held for a visit keeps it wherever it is drawn.
   */
  edit(ctx: AccessContext, spotId: string, input: UpdateSpotRequest): Promise<ParkingSpot> {
    const layout = layoutOf(input);
    return this.uow.write(ctx, async (work) => {
      const parking = work.use(ParkingRepository);
      const spot = await parking.spot(spotId, 'parking.spot-edit');
      await parking.lockLevel(layout.level);
      if (await parking.numberTaken(layout.level, layout.number, spot.id)) throw numberTaken();
      const edited = spot.version === input.version ? await parking.edit(spot.id, input.version, layout, this.clock()) : undefined;
      if (!edited) throw new AppError('STALE_RECORD', PARKING_MESSAGES.stale);
      return this.laidOut(work, edited, 'edited', {
        number: edited.number,
        level: edited.level,
        from: { number: spot.number, level: spot.level },
      });
    });
  }

  /** An administrator removes a spot that holds no visit today (free or out of service). */
  async remove(ctx: AccessContext, spotId: string): Promise<void> {
    await this.uow.write(ctx, async (work) => {
      const parking = work.use(ParkingRepository);
      const spot = await parking.spot(spotId, 'parking.spot-remove');
      const removed = spot.appointmentId === null ? await parking.remove(spot) : undefined;
      if (!removed) {
        parking.refused('parking.spot-remove', spot, null, 'in_use');
        throw new AppError('SPOT_IN_USE', PARKING_MESSAGES.inUse);
      }
      await this.laidOut(work, removed, 'removed', { number: removed.number, level: removed.level });
    });
  }

  private async laidOut(work: Work, spot: SpotRow, step: LayoutStep, details: Record<string, unknown>): Promise<ParkingSpot> {
    const parking = work.use(ParkingRepository);
    parking.noteLayout(LAYOUT_ACTION[step], spot, details);
    const recipients = (await this.frontDesk.deskRecipientsIn(work)).filter((id) => id !== work.scope.actor.userId);
    parking.push(recipients, spot.id, step, this.clock());
    return toSpot(spot, new Set());
  }

  private change(
    ctx: AccessContext,
    spotId: string,
    step: SpotStep,
    from: readonly ParkingSpotStatus[],
    to: ParkingSpotStatus,
  ): Promise<ParkingSpot> {
    const action = STEP_ACTION[step];
    return this.uow.write(ctx, async (work) => {
      const parking = work.use(ParkingRepository);
      const spot = await parking.spot(spotId, action);
      // The visit the spot holds must be within the caller's reach (404 otherwise); a spot whose
      // visit was deleted names nobody and may only be freed.
      const visit = spot.appointmentId ? (await this.frontDesk.parkingVisitIn(work, spot.appointmentId, action)).row : null;
      const keep = to === 'available' ? null : spot.appointmentId;
      const changed =
        from.includes(spot.status) && (visit !== null || to === 'available')
          ? await parking.step(spot, from, to, keep, this.clock())
          : undefined;
      if (!changed) {
        parking.refused(action, spot, visit?.patientId ?? null, 'not_assigned');
        throw new AppError('SPOT_NOT_ASSIGNED', PARKING_MESSAGES.notAssigned);
      }
      return this.done(work, changed, step, visit?.patientId ?? null, { number: changed.number, level: changed.level, from: spot.status });
    });
  }

  private async done(
    work: Work,
    spot: SpotRow,
    step: SpotStep,
    patientId: string | null,
    details: Record<string, unknown>,
  ): Promise<ParkingSpot> {
    const parking = work.use(ParkingRepository);
    parking.noteStep(STEP_ACTION[step], spot, patientId, details);
    const recipients = (await this.frontDesk.deskRecipientsIn(work)).filter((id) => id !== work.scope.actor.userId);
    parking.push(recipients, spot.id, step, spot.updatedAt);
    // The caller reached the visit to take this step, so the answer names it.
    return toSpot(spot, new Set(spot.appointmentId ? [spot.appointmentId] : []));
  }
}

/** A spot held on another day than the one shown: free that day (out of service stays so). */
function freeOn(row: SpotRow): SpotRow {
  return { ...row, appointmentId: null, status: row.status === 'out_of_service' ? row.status : 'available' };
}

function toSpot(row: SpotRow, reached: ReadonlySet<string>): ParkingSpot {
  return {
    id: row.id,
    number: row.number,
    level: row.level,
    section: row.section,
    type: row.type,
    status: row.status,
    x: row.x,
    y: row.y,
    appointmentId: row.appointmentId && reached.has(row.appointmentId) ? row.appointmentId : null,
    version: row.version,
  };
}

/** Free, reserved, occupied and out of service per level and type, for the types a level has. */
export function countsOf(rows: readonly SpotRow[]): ParkingCounts[] {
  const counts = new Map<string, ParkingCounts>();
  for (const row of rows) {
    const key = `${row.level}|${row.type}`;
    const line = counts.get(key) ?? { level: row.level, type: row.type, free: 0, reserved: 0, occupied: 0, outOfService: 0 };
    if (row.status === 'available') line.free += 1;
    else if (row.status === 'reserved') line.reserved += 1;
    else if (row.status === 'occupied') line.occupied += 1;
    else line.outOfService += 1;
    counts.set(key, line);
  }
  return [...counts.values()].sort((a, b) => a.level - b.level || PARKING_SPOT_TYPES.indexOf(a.type) - PARKING_SPOT_TYPES.indexOf(b.type));
}
