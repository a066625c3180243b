import { describe, expect, it } from 'vitest';
import { appReactions } from '../../../app/push-reactions';
import { staleQueries } from '../../../lib/realtime/feature-reactions';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';
import { parkingLotQuery } from './parking';

// The lot follows colleagues' steps live: a parking_update or an appointment_update makes it ask
// again; other news does not.

const refreshes = (message: PushMessage) => staleQueries(appReactions, message).some((matches) => matches(parkingLotQuery().queryKey));

describe('parking push reactions', () => {
  it('refreshes the lot on a parking_update and on an appointment_update only', () => {
    expect(parkingLotQuery().queryKey).toEqual(['/api/parking/spots']);
    expect(refreshes({ type: 'parking_update', action: 'assigned', spotId: 's' })).toBe(true);
    expect(refreshes({ type: 'appointment_update', action: 'updated', appointmentId: 'a', patientId: 'p', doctorId: 'd' })).toBe(true);
    expect(refreshes({ type: 'staff_status_update', action: 'updated', userId: 'u', status: 'on-break' })).toBe(false);
  });
});
