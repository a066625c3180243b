import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { ParkingSpotType } from '../../../contracts/parking';
import { wallClock } from '../../modules/appointments/slots';
import { bulkInsert } from '../bulk-insert';
import type { Database } from '../client';
import { clinicDayStart } from '../factories';
import { appointments, parkingReservations, parkingSpots, type NewParkingSpotRow } from '../schema';

// The clinic's car park: two levels of three sections (A by the entrance, C at the back), forty
// spots in all, the handicap spots nearest the entrance and the chargers in section C. One spot
// on the upper level is out of service. The first few of today's visits that asked for parking
// already hold a spot (the ones checked in have parked), so the map opens on a morning in progress.

const DAY = 86_400_000;

/** Per level: each section's number of spots, on rows four cells apart. */
const LAYOUT: Record<number, Record<string, number>> = {
  1: { A: 8, B: 8, C: 6 },
  2: { A: 6, B: 6, C: 6 },
};

function typeOf(level: number, section: string, index: number): ParkingSpotType {
  if (section === 'A' && index < 2) return 'handicap';
  if (section === 'C' && index < (level === 1 ? 3 : 2)) return 'electric';
  return 'regular';
}

/** The lot's spots, placed on the grid (contracts/parking.ts PARKING_GRID). */
export function demoParkingLot(): NewParkingSpotRow[] {
  return Object.entries(LAYOUT).flatMap(([levelText, sections]) => {
    const level = Number(levelText);
    return Object.entries(sections).flatMap(([section, count], row) =>
      Array.from({ length: count }, (_, index) => ({
        number: `${section}${index + 1}`,
        level,
        section,
        type: typeOf(level, section, index),
        status: level === 2 && section === 'B' && index === count - 1 ? ('out_of_service' as const) : ('available' as const),
        x: 1 + index * 2,
        y: 1 + row * 5,
      })),
    );
  });
}

export async function seedDemoParking(db: Database, { timeZone, now = new Date() }: { timeZone: string; now?: Date }): Promise<void> {
  const lot = demoParkingLot();
  const dayStart = clinicDayStart(wallClock(now, timeZone).slice(0, 10), timeZone);
  const held = await db
    .select({ appointmentId: appointments.id, status: appointments.status })
    .from(parkingReservations)
    .innerJoin(appointments, eq(appointments.id, parkingReservations.appointmentId))
    .where(
      and(
        eq(parkingReservations.status, 'reserved'),
        inArray(appointments.status, ['scheduled', 'checked-in', 'in-progress']),
        gte(appointments.startsAt, dayStart),
        lt(appointments.startsAt, new Date(dayStart.getTime() + DAY)),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(4);
  // Regular spots of level 1, section B, from the far end: the near ones stay free for the walkthrough.
  const regular = lot.filter((spot) => spot.level === 1 && spot.section === 'B').reverse();
  held.forEach((visit, index) => {
    const spot = regular[index];
    if (!spot) return;
    spot.appointmentId = visit.appointmentId;
    spot.status = visit.status === 'scheduled' ? 'reserved' : 'occupied';
  });
  await bulkInsert(
    db,
    parkingSpots,
    lot.map((spot) => ({ ...spot, appointmentId: spot.appointmentId ?? null })),
  );
}
