import type { WaitingRoomDoctor, WaitingRoomResponse, WaitingRoomTicket } from '../../../contracts/waiting-room';
import { WAITING_ROOM } from '../../../contracts/waiting-room';
import type { AccessContext } from '../../platform/access-context';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { queuePlaces } from '../appointments/queue';
import { nextDate, wallClock, zonedInstant } from '../appointments/slots';
import { WaitingRoomRepository, type CheckInRow } from './waiting-room.repository';

// The waiting-room board. A ticket is handed out at check-in: the doctor's letter (doctors are
// lettered A, B, C… in the order their first patient of the day checked in) and the number of the
// check-in among all of the day's check-ins. Check-ins are never undone, so both stay the same all
// day. Waits are the doctor's queue's own estimate (appointments/queue.ts), the same the patient
// sees on their own appointment.

export interface WaitingRoomOptions {
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  clock?: () => Date;
}

/** A, B, … Z, AA, AB, …: a letter for every doctor, however many. */
export function doctorLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export function ticketOf(letter: string, number: number): string {
  return `${letter}-${String(number).padStart(WAITING_ROOM.ticketDigits, '0')}`;
}

/** 00:00 of a calendar day in `zone` (the first hour that exists where a clock change skips midnight). */
function dayStart(date: string, zone: string): Date {
  for (let hour = 0; hour < 4; hour += 1) {
    const start = zonedInstant(date, `0${hour}:00`, zone);
    if (start) return start;
  }
  return new Date(`${date}T00:00:00Z`);
}

export class WaitingRoomService {
  private readonly clock: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: WaitingRoomOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  board(ctx: AccessContext): Promise<WaitingRoomResponse['data']> {
    const zone = this.options.clinic.timeZone();
    const now = this.clock();
    const date = wallClock(now, zone).slice(0, 10);
    const from = dayStart(date, zone);
    const to = dayStart(nextDate(date), zone);
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(WaitingRoomRepository);
      const checkIns = await repository.checkIns(from, to);
      const letters = new Map<string, string>();
      const tickets = new Map<string, { row: CheckInRow; ticket: string }>();
      checkIns.forEach((row, index) => {
        if (!letters.has(row.doctorId)) letters.set(row.doctorId, doctorLetter(letters.size));
        tickets.set(row.appointmentId, { row, ticket: ticketOf(letters.get(row.doctorId)!, index + 1) });
      });
      const present = [...tickets.values()].filter(({ row }) => row.status === 'checked-in' || row.status === 'in-progress');
      const doctorIds = [...new Set(present.map(({ row }) => row.doctorId))];
      const day = await repository.doctorsDay(doctorIds, from, to);
      const names = await repository.doctorNames(doctorIds);
      repository.noteRead(date, present.length);

      const doctors: WaitingRoomDoctor[] = doctorIds.map((doctorId) => {
        const places = queuePlaces(
          day.filter((visit) => visit.doctorId === doctorId),
          now,
        );
        const ticketFor = (appointmentId: string): WaitingRoomTicket => {
          const { row, ticket } = tickets.get(appointmentId)!;
          return { ticket, initials: row.initials, waitMinutes: places.get(appointmentId)?.estimatedWaitTime ?? 0 };
        };
        const inQueueOrder = day.filter((visit) => visit.doctorId === doctorId && tickets.has(visit.id));
        const nowSeeing = inQueueOrder
          .filter((visit) => visit.status === 'in-progress')
          .map((visit) => ({ ...ticketFor(visit.id), waitMinutes: 0 }));
        const waiting = inQueueOrder.filter((visit) => visit.status === 'checked-in').map((visit) => ticketFor(visit.id));
        return {
          letter: letters.get(doctorId)!,
          doctor: names.get(doctorId) ?? { firstName: '', lastName: '' },
          nowSeeing,
          next: waiting.slice(0, WAITING_ROOM.nextShown),
          moreWaiting: Math.max(0, waiting.length - WAITING_ROOM.nextShown),
        };
      });
      doctors.sort((a, b) => a.letter.length - b.letter.length || a.letter.localeCompare(b.letter));
      return { date, generatedAt: now.toISOString(), doctors };
    });
  }
}
