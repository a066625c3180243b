import { describe, expect, it } from 'vitest';
import { COVERAGE_EVENT_TYPES } from '../../../../contracts/live-events';
import { appReactions } from '../../../app/push-reactions';
import { staleQueries } from '../../../lib/realtime/feature-reactions';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';
import { clinicTodayQuery, pendingRequestsQuery, staffStatsQuery, staffStatusQuery } from './staff-portal';

// The staff home follows the clinic live: appointment changes anywhere refresh the counts, the
// requests and the day; a colleague's desk status refreshes the status list.

const refreshes = (message: PushMessage, queryKey: readonly unknown[]) =>
  staleQueries(appReactions, message).some((matches) => matches(queryKey));

describe('staff portal push reactions', () => {
  it('appointment_update refreshes the counts, the requests and the filtered day', () => {
    const message: PushMessage = { type: 'appointment_update', action: 'updated', appointmentId: 'a', patientId: 'p', doctorId: 'd' };
    expect(staffStatsQuery().queryKey).toEqual(['/api/staff/dashboard-stats']);
    expect(refreshes(message, staffStatsQuery().queryKey)).toBe(true);
    expect(refreshes(message, pendingRequestsQuery().queryKey)).toBe(true);
    expect(refreshes(message, clinicTodayQuery('Europe/Berlin', { status: 'checked-in' }).queryKey)).toBe(true);
    expect(refreshes(message, staffStatusQuery().queryKey)).toBe(false);
  });

  it('staff_status_update refreshes the desk statuses', () => {
    const message: PushMessage = { type: 'staff_status_update', action: 'updated', userId: 'u', status: 'on-break' };
    expect(refreshes(message, staffStatusQuery().queryKey)).toBe(true);
    expect(refreshes(message, pendingRequestsQuery().queryKey)).toBe(false);
  });

  it.each(['appointment_reassigned', 'appointments_reassigned_for_coverage'])(
    '%s refreshes the requests, which name the doctor',
    (type) => {
      const message: PushMessage = { type, appointmentId: 'a', patientId: 'p', doctorId: 'd' };
      expect(refreshes(message, pendingRequestsQuery().queryKey)).toBe(true);
      expect(refreshes(message, staffStatusQuery().queryKey)).toBe(false);
    },
  );

  it.each(COVERAGE_EVENT_TYPES)('%s refreshes the requests and the counts', (type) => {
    const message: PushMessage = { type, leaveRequestId: 'l', doctorId: 'd' };
    expect(refreshes(message, pendingRequestsQuery().queryKey)).toBe(true);
    expect(refreshes(message, staffStatsQuery().queryKey)).toBe(true);
  });

  it.each(['patient-created', 'general-update'])('%s refreshes the counts only', (type) => {
    expect(refreshes({ type }, staffStatsQuery().queryKey)).toBe(true);
    expect(refreshes({ type }, pendingRequestsQuery().queryKey)).toBe(false);
  });
});
