import { describe, expect, it } from 'vitest';
import { DEFAULT_CLINIC_HOURS, clinicTimeZones, isClinicTimeZone, type ClinicHours } from '../../contracts/system-settings';
import { loadConfig } from '../config';
import { clinicClockOf, clinicDay, fixedClinicClock } from './clinic-clock';
import type { SystemSettingsRow } from '../db/schema';
import { effectiveSystemSettings, type EffectiveSystemSettings } from './system-settings';

// The clinic's clock answers what the settings source read last, at every call: nothing of it is
// kept by the clock, so a service asking it later hears a change the source has read meanwhile.

const config = {
  reminderHoursBefore: [48],
  organisationName: 'Clinic',
  supportEmail: 'desk@clinic.example',
  clinicTimeZone: 'Europe/Lisbon',
  clinicHours: DEFAULT_CLINIC_HOURS,
};

const rowWith = (values: Pick<SystemSettingsRow, 'clinicTimeZone' | 'clinicHours'>): SystemSettingsRow => ({
  id: 1,
  version: 2,
  sessionTimeoutMinutes: null,
  passwordMinLength: null,
  mfaRequiredPatient: false,
  mfaRequiredDoctor: false,
  mfaRequiredStaff: false,
  mfaRequiredAdmin: false,
  reminderHoursBefore: null,
  mailFromName: null,
  mailFromAddress: null,
  bookingApproval: null,
  updatedAt: new Date(),
  updatedBy: null,
  ...values,
});

describe('the clinic clock', () => {
  it('answers the settings source’s latest zone and hours at each call', () => {
    let latest: EffectiveSystemSettings = effectiveSystemSettings(undefined, config);
    const clock = clinicClockOf({ latest: () => latest });
    expect(clock.timeZone()).toBe('Europe/Lisbon');
    expect(clock.hours()).toEqual(DEFAULT_CLINIC_HOURS);

    const closedSundays: ClinicHours = [null, null, null, null, null, null, { open: '10:00', close: '12:00' }];
    latest = { ...latest, clinicTimeZone: 'Asia/Tokyo', clinicHours: closedSundays };
    expect(clock.timeZone()).toBe('Asia/Tokyo');
    expect(clinicDay(clock.hours(), 6)).toEqual({ open: '10:00', close: '12:00' });
    expect(clinicDay(clock.hours(), 0)).toBeNull();
  });

  it('takes a saved zone and hours over the configuration, and the configuration over a zone no longer known', () => {
    const row = rowWith({ clinicTimeZone: 'America/Lima', clinicHours: [null, null, null, null, null, null, null] });
    const saved = effectiveSystemSettings(row, config);
    expect(saved).toMatchObject({ clinicTimeZone: 'America/Lima', clinicHours: row.clinicHours });
    const unknown = effectiveSystemSettings(rowWith({ clinicTimeZone: 'Atlantis/Capital', clinicHours: null }), config);
    expect(unknown).toMatchObject({ clinicTimeZone: 'Europe/Lisbon', clinicHours: DEFAULT_CLINIC_HOURS });
  });

  it('has a fixed form for services built outside the app', () => {
    const clock = fixedClinicClock('UTC');
    expect(clock.timeZone()).toBe('UTC');
    expect(clock.hours()).toBe(DEFAULT_CLINIC_HOURS);
  });

  it('lists UTC first and the runtime’s IANA zones, and the configuration starts on the built-in hours', () => {
    const zones = clinicTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(new Set(zones).size).toBe(zones.length);
    expect(isClinicTimeZone('Pacific/Kiritimati')).toBe(true);
    expect(isClinicTimeZone('europe/berlin')).toBe(false);
    expect(loadConfig({}).clinicHours).toEqual(DEFAULT_CLINIC_HOURS);
  });
});
