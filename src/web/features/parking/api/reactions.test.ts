import { describe, expect, it } from 'vitest';
import { appReactions } from '../../../app/push-reactions';
import { staleQueries } from '../../../lib/realtime/feature-reactions';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';
import { parkingLotQuery } from './parking';

// The lot follows colleagues' steps live, whichever day is on screen: a parking_update or an
// appointment_update (a booking with parking for that day, say) makes it ask again; other news does not.

const refreshes = (message: PushMessage, date?: string) =>
  staleQueries(appReactions, message).some((matches) => matches(parkingLotQuery(date).queryKey));

describe('parking push reactions', () => {
  it('refreshes the lot on a parking_update and on an appointment_update only', () => {
    expect(parkingLotQuery().queryKey).toEqual(['/api/parking/spots']);
    expect(refreshes({ type: 'parking_update', action: 'assigned', spotId: 's' })).toBe(true);
    expect(refreshes({ type: 'appointment_update', action: 'updated', appointmentId: 'a', patientId: 'p', doctorId: 'd' })).toBe(true);
    expect(refreshes({ type: 'staff_status_update', action: 'updated', userId: 'u', status: 'on-break' })).toBe(false);
  });

  it('refreshes the lot of another day on screen the same way', () => {
    expect(parkingLotQuery('2030-03-13').queryKey).toEqual(['/api/parking/spots?date=2030-03-13']);
    expect(refreshes({ type: 'parking_update', action: 'assigned', spotId: 's' }, '2030-03-13')).toBe(true);
    expect(
      refreshes({ type: 'appointment_update', action: 'created', appointmentId: 'a', patientId: 'p', doctorId: 'd' }, '2030-03-13'),
    ).toBe(true);
    expect(refreshes({ type: 'staff_status_update', action: 'updated', userId: 'u', status: 'on-break' }, '2030-03-13')).toBe(false);
  });
});
