import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuditActionCode } from '../../../contracts/audit';
import type { ParkingSpotStatus } from '../../../contracts/parking';
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
  push(recipients: readonly string[], spotId: string, action: SpotStep, now: Date): void {
    if (recipients.length === 0) return;
    this.effects.push({ recipients: [...recipients], event: { type: 'parking_update', action, spotId, timestamp: now.toISOString() } });
  }
}
