import { describe, expect, it } from 'vitest';
import { appReactions } from '../../../app/push-reactions';
import { staleQueries } from '../../../lib/realtime/feature-reactions';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';
import { waitingRoomQuery } from './waiting-room';

// The display follows the queues live: the display's own push and the desk's appointment pushes
// both make the board ask again; other news does not.

const refreshes = (message: PushMessage) => staleQueries(appReactions, message).some((matches) => matches(waitingRoomQuery().queryKey));

describe('waiting-room push reactions', () => {
  it('refreshes the board on a waiting_room_update and on an appointment_update', () => {
    expect(waitingRoomQuery().queryKey).toEqual(['/api/staff/waiting-room']);
    expect(refreshes({ type: 'waiting_room_update' })).toBe(true);
    expect(refreshes({ type: 'appointment_update', action: 'updated', appointmentId: 'a', patientId: 'p', doctorId: 'd' })).toBe(true);
    expect(refreshes({ type: 'staff_status_update', action: 'updated', userId: 'u', status: 'on-break' })).toBe(false);
  });
});
