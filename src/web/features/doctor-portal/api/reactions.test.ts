import { describe, expect, it } from 'vitest';
import { staleQueries } from '../../../lib/realtime/feature-reactions';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';
import { appReactions } from '../../../app/push-reactions';
import { dashboardStatsQuery, scheduleRangeQuery, todayScheduleQuery } from './doctor-portal';

// The doctor's home follows appointment changes live: the counts, today's queue and the calendar.

const refreshes = (message: PushMessage, queryKey: readonly unknown[]) =>
  staleQueries(appReactions, message).some((matches) => matches(queryKey));

describe('doctor portal push reactions', () => {
  it('appointment_update refreshes the counts, today’s schedule and any calendar range', () => {
    const message: PushMessage = { type: 'appointment_update', action: 'updated', appointmentId: 'a', patientId: 'p', doctorId: 'd' };
    expect(dashboardStatsQuery().queryKey).toEqual(['/api/doctor/dashboard-stats']);
    expect(refreshes(message, dashboardStatsQuery().queryKey)).toBe(true);
    expect(refreshes(message, todayScheduleQuery().queryKey)).toBe(true);
    expect(refreshes(message, scheduleRangeQuery('2026-11-23', '2026-11-29').queryKey)).toBe(true);
  });

  it('a refill request refreshes the counts; other medication changes and notifications do not', () => {
    const refill: PushMessage = { type: 'medication_update', action: 'updated', patientId: 'p', doctorId: 'd', reason: 'refill_requested' };
    expect(refreshes(refill, dashboardStatsQuery().queryKey)).toBe(true);
    expect(refreshes(refill, todayScheduleQuery().queryKey)).toBe(false);
    expect(refreshes({ ...refill, reason: undefined }, dashboardStatsQuery().queryKey)).toBe(false);
    expect(refreshes({ type: 'notification' }, dashboardStatsQuery().queryKey)).toBe(false);
  });

  it.each(['patient-created', 'general-update'])('%s refreshes the counts, not the schedule', (type) => {
    expect(refreshes({ type }, dashboardStatsQuery().queryKey)).toBe(true);
    expect(refreshes({ type }, todayScheduleQuery().queryKey)).toBe(false);
  });
});
