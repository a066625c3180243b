import type { AppointmentStatus } from '../../../contracts/appointments';

// A doctor's queue on the day: the visits still to be seen (anything not completed, cancelled or a
// no-show), in time order. Each one's place is one more than the visits ahead of it, and its turn
// comes when those ahead have taken their booked length, never before its own start. The patient's
// own queue line, the staff's day list and the doctor's waiting room count the same way.

export interface QueueVisit {
  id: string;
  startsAt: Date;
  durationMinutes: number;
  status: AppointmentStatus;
}

export interface QueuePlace {
  /** 1 when nobody is ahead. */
  queuePosition: number;
  /** Minutes until its turn, from `now`. */
  estimatedWaitTime: number;
}

const MINUTE = 60_000;
const SEEN: readonly AppointmentStatus[] = ['completed', 'cancelled', 'no-show'];

/** Whether a visit is still to be seen (in the queue). */
export function inQueue(status: AppointmentStatus): boolean {
  return !SEEN.includes(status);
}

/** The place and estimated wait of every visit still to be seen of one doctor's day (`day` in time order). */
export function queuePlaces(day: readonly QueueVisit[], now: Date): Map<string, QueuePlace> {
  const places = new Map<string, QueuePlace>();
  let free = now.getTime();
  let ahead = 0;
  for (const visit of day) {
    if (!inQueue(visit.status)) continue;
    const turn = Math.max(free, visit.startsAt.getTime());
    places.set(visit.id, { queuePosition: ahead + 1, estimatedWaitTime: Math.max(0, Math.round((turn - now.getTime()) / MINUTE)) });
    ahead += 1;
    free = Math.max(free, visit.startsAt.getTime()) + visit.durationMinutes * MINUTE;
  }
  return places;
}
