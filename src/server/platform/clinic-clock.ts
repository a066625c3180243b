import { DEFAULT_CLINIC_HOURS, type ClinicDay, type ClinicHours } from '../../contracts/system-settings';
import type { SystemSettingsSource } from './system-settings';

// The clinic's wall clock: its IANA zone and its opening hours, both system settings an admin may
// change while the server runs. Services ask it at call time, never keep its answer, so a change
// reaches slots, today's lists, analytics days, the waiting room and the public figures on every
// instance within the settings' refresh window. Asking costs nothing: it answers the copy the
// settings source last read (refreshed before every API request's handler and every job).

export interface ClinicClock {
  /** The clinic's IANA time zone now. */
  timeZone(): string;
  /** Seven weekdays, Sunday first: open and close ("HH:mm") in the clinic's zone, or null when closed. */
  hours(): ClinicHours;
}

/** The clinic's clock as the system settings say. */
export function clinicClockOf(settings: Pick<SystemSettingsSource, 'latest'>): ClinicClock {
  return {
    timeZone: () => settings.latest().clinicTimeZone,
    hours: () => settings.latest().clinicHours,
  };
}

/** A clock that never changes: for a service built outside the app (a unit test, a script). */
export function fixedClinicClock(timeZone: string, hours: ClinicHours = DEFAULT_CLINIC_HOURS): ClinicClock {
  return { timeZone: () => timeZone, hours: () => hours };
}

/** The clinic's hours on a weekday (0 = Sunday), or null when it is closed then. */
export function clinicDay(hours: ClinicHours, weekday: number): ClinicDay | null {
  return hours[weekday] ?? null;
}
