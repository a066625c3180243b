import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AuditActionCode } from '../../../contracts/audit';
import type { ParkingSpotStatus, ParkingSpotType } from '../../../contracts/parking';
import { parkingSpots, type ParkingSpotRow } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// The car park's spots. A spot names no patient by itself: the visit it holds is an appointment id,
// and the service shows it only to those who reach that visit. Every step is one conditional update
// (the status it starts from and the version read), so of two desks stepping on one spot at once
// exactly one matches a row; the other is refused and nothing changes. Changes are noted under the
// visit's patient and pushed to the desk once the write commits.

export type SpotStep = 'assigned' | 'occupied' | 'released';
/** An administrator's change to the layout. */
export type LayoutStep = 'added' | 'edited' | 'removed';

/** Where a spot is painted and what kind it is: what an administrator sets. */
export interface SpotLayout {
  number: string;
  level: number;
  section: string;
  type: ParkingSpotType;
  x: number;
  y: number;
}

/** The first half of the advisory lock key of a level's numbering (the level is the second). */
const LEVEL_LOCK = 0x70_61_72_6b; // "park"

/** A spot as stored, for the service. */
export type SpotRow = ParkingSpotRow;

export class ParkingRepository extends Repository {
  /** The whole lot, by level, section and number. */
  async spots(): Promise<ParkingSpotRow[]> {
    return this.db
      .select()
      .from(parkingSpots)
      .orderBy(asc(parkingSpots.level), asc(parkingSpots.section), asc(parkingSpots.x), asc(parkingSpots.number));
  }

  /** One spot; 404 (noted) for an unknown or malformed id. */
  async spot(id: string, action: AuditActionCode): Promise<ParkingSpotRow> {
    const [row] = isUuid(id) ? await this.db.select().from(parkingSpots).where(eq(parkingSpots.id, id)).limit(1) : [];
    if (!row) {
      this.audit.missed(action, 'parking_spot', id);
      throw AppError.notFound();
    }
    return row;
  }

  /** The spot a visit holds, if any. */
  async spotOfVisit(appointmentId: string): Promise<ParkingSpotRow | undefined> {
    const [row] = await this.db.select().from(parkingSpots).where(eq(parkingSpots.appointmentId, appointmentId)).limit(1);
    return row;
  }

  /**
   * Moves the spot from one of `from` (at the version read) to `to`, holding `appointmentId` (null
   * frees it); undefined when someone changed it in between.
   */
  async step(
    spot: ParkingSpotRow,
    from: readonly ParkingSpotStatus[],
    to: ParkingSpotStatus,
    appointmentId: string | null,
    now: Date,
  ): Promise<ParkingSpotRow | undefined> {
    const [changed] = await this.db
      .update(parkingSpots)
      .set({ status: to, appointmentId, version: sql`${parkingSpots.version} + 1`, updatedAt: now })
      .where(and(eq(parkingSpots.id, spot.id), eq(parkingSpots.version, spot.version), inArray(parkingSpots.status, [...from])))
      .returning();
    return changed;
  }

  /**
   * Holds the level's numbering until the write commits: two administrators painting the same number
   * on one level at once take turns, so the second is told the number is taken (never a broken
   * unique index half-way through its write).
   */
  async lockLevel(level: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${LEVEL_LOCK}, ${level})`);
  }

  /** Whether another spot of the level already has the number. */
  async numberTaken(level: number, number: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: parkingSpots.id })
      .from(parkingSpots)
      .where(and(eq(parkingSpots.level, level), eq(parkingSpots.number, number), exceptId ? ne(parkingSpots.id, exceptId) : undefined))
      .limit(1);
    return row !== undefined;
  }

  /** A new free spot; undefined when its number was painted on the level in between (the unique index). */
  async add(layout: SpotLayout, now: Date): Promise<ParkingSpotRow | undefined> {
    const [row] = await this.db
      .insert(parkingSpots)
      .values({ ...layout, status: 'available', updatedAt: now })
      .onConflictDoNothing({ target: [parkingSpots.level, parkingSpots.number] })
      .returning();
    return row;
  }

  /** Moves or renames a spot read at `version`; undefined when someone changed it in between. */
  async edit(id: string, version: number, layout: SpotLayout, now: Date): Promise<ParkingSpotRow | undefined> {
    const [row] = await this.db
      .update(parkingSpots)
      .set({ ...layout, version: sql`${parkingSpots.version} + 1`, updatedAt: now })
      .where(and(eq(parkingSpots.id, id), eq(parkingSpots.version, version)))
      .returning();
    return row;
  }

  /**
   * Removes a spot that holds no visit (free or out of service) at the version read; undefined
   * when it was given to a visit (or changed) in between.
   */
  async remove(spot: ParkingSpotRow): Promise<ParkingSpotRow | undefined> {
    const [row] = await this.db
      .delete(parkingSpots)
      .where(
        and(
          eq(parkingSpots.id, spot.id),
          eq(parkingSpots.version, spot.version),
          isNull(parkingSpots.appointmentId),
          inArray(parkingSpots.status, ['available', 'out_of_service']),
        ),
      )
      .returning();
    return row;
  }

  /** A change to the layout, noted (it names no patient). */
  noteLayout(action: AuditActionCode, spot: ParkingSpotRow, details: Record<string, unknown>): void {
    this.audit.note({ action, resourceType: 'parking_spot', resourceId: spot.id, patients: [], details });
  }

  /** A step done, noted under the visit's patient (none when the visit is gone). */
  noteStep(action: AuditActionCode, spot: ParkingSpotRow, patientId: string | null, details: Record<string, unknown>): void {
    this.audit.note({ action, resourceType: 'parking_spot', resourceId: spot.id, patients: patientId ? [patientId] : [], details });
  }

  /** A step refused (the spot's state), noted as a failure; nothing changed. */
  refused(action: AuditActionCode, spot: ParkingSpotRow, patientId: string | null, reason: string): void {
    this.audit.note({
      action,
      outcome: 'failure',
      resourceType: 'parking_spot',
      resourceId: spot.id,
      patients: patientId ? [patientId] : [],
      details: { reason, status: spot.status },
    });
  }

  /** The live update to the desk, after commit: names the spot only. */
  push(recipients: readonly string[], spotId: string, action: SpotStep | LayoutStep, now: Date): void {
    if (recipients.length === 0) return;
    this.effects.push({ recipients: [...recipients], event: { type: 'parking_update', action, spotId, timestamp: now.toISOString() } });
  }
}
