import { BOOKING, CHANGEABLE_STATUSES } from '../../../../contracts/booking';
import type { Appointment } from '../../../../contracts/appointments';

// The patient's own rules on changing an appointment; the day grouping of free slots is shared with
// the front desk (lib/slot-days).

export { addDays, groupByDay, wallClockOf, type SlotDay } from '../../../lib/slot-days';

/** Whether the patient may still change it themselves; otherwise they call the clinic. */
export function changeState(appointment: Appointment, now: Date): 'open' | 'too-late' | 'closed' {
  if (!(CHANGEABLE_STATUSES as readonly string[]).includes(appointment.status)) return 'closed';
  if (Date.parse(appointment.startsAt) - now.getTime() < BOOKING.changeCutoffHours * 3_600_000) return 'too-late';
  return 'open';
}

/**
 * Whether the patient can still say they will come: a scheduled time still to come, not confirmed
 * yet. The change cut-off does not apply: coming is welcome up to the start.
 */
export function isConfirmable(appointment: Appointment, now: Date): boolean {
  return appointment.status === 'scheduled' && !appointment.confirmedAt && Date.parse(appointment.startsAt) > now.getTime();
}
