import { describe, expect, it } from 'vitest';
import { COVERAGE_EVENT_TYPES } from '../../contracts/live-events';
import { reactionFor } from '../lib/realtime/push-reactions';
import { staleQueries } from '../lib/realtime/feature-reactions';
import type { PushMessage } from '../lib/realtime/realtime-connection';
import { notificationFixture } from '../lib/realtime/testing/fixtures';
import { appReactions } from './push-reactions';

// The cache keys a pushed message refreshes in this tab, as the live connection applies them: every
// feature's own reactions, merged. Each feature's are also tested where they live.

const NOW = '2026-03-01T10:00:00.000Z';

function notification(): PushMessage {
  return { type: 'notification', timestamp: NOW, notification: notificationFixture({ createdAt: NOW }) };
}

function refreshed(message: PushMessage, keys: string[]): string[] {
  const stale = staleQueries(appReactions, message);
  return keys.filter((key) => stale.some((matches) => matches([key])));
}

describe('cache keys refreshed by pushes', () => {
  const KEYS = [
    '/api/notifications',
    '/api/leave/requests',
    '/api/doctors/availability',
    '/api/doctor/dashboard-stats',
    '/api/admin/dashboard-stats',
    '/api/staff/dashboard-stats',
    '/api/coverage',
    '/api/coverage/mine',
    '/api/appointments',
    '/api/appointments?date=2026-03-01',
    '/api/appointments/requests/pending',
    '/api/appointments/today',
    '/api/appointments/patient/p1',
    '/api/appointments/patient/p2',
    '/api/appointments/doctor/d1',
    '/api/patients/p1/vitals',
    '/api/patients/p2/vitals',
    '/api/patients/p1/complete',
    '/api/patients',
    '/api/users',
    '/api/medications/patient/p1',
    '/api/medications/doctor/d1',
    '/api/conversations',
    '/api/conversations/unread',
    '/api/staff/status',
    '/api/users/u1/permissions',
    '/api/users/u2/permissions',
  ];

  it('a notification refreshes the bell only', () => {
    expect(refreshed(notification(), KEYS)).toEqual(['/api/notifications']);
  });

  it("vitals of one patient refresh that patient's vitals and chart", () => {
    expect(refreshed({ type: 'vitals_update', action: 'created', patientId: 'p1' }, KEYS)).toEqual([
      '/api/patients/p1/vitals',
      '/api/patients/p1/complete',
    ]);
  });

  it('an event without an id refreshes every matching list', () => {
    expect(refreshed({ type: 'vitals_update', action: 'updated' }, KEYS)).toEqual([
      '/api/patients/p1/vitals',
      '/api/patients/p2/vitals',
      '/api/patients/p1/complete',
    ]);
  });

  it('medication changes refresh the medication lists of the patient and the doctor', () => {
    expect(refreshed({ type: 'medication_update', action: 'discontinued', patientId: 'p1', doctorId: 'd1' }, KEYS)).toEqual([
      '/api/patients/p1/complete',
      '/api/medications/patient/p1',
      '/api/medications/doctor/d1',
    ]);
  });

  it('a refill request refreshes the patient’s medications and refill requests and the doctor’s counts, without a toast of its own', () => {
    const message = {
      type: 'medication_update',
      action: 'updated',
      patientId: 'p1',
      medicationId: 'm1',
      doctorId: 'd1',
      reason: 'refill_requested',
      timestamp: '2026-03-01T10:00:00.000Z',
    };
    expect(
      refreshed(message, [...KEYS, '/api/medications/patient/p1/refill-requests', '/api/medications/patient/p2/refill-requests']),
    ).toEqual([
      '/api/doctor/dashboard-stats',
      '/api/patients/p1/complete',
      '/api/medications/patient/p1',
      '/api/medications/doctor/d1',
      '/api/medications/patient/p1/refill-requests',
    ]);
    expect(reactionFor(message)?.toast).toBeNull();
    expect(reactionFor({ ...message, reason: undefined })?.toast).not.toBeNull();
  });

  it('appointment changes refresh the appointment lists and dashboard figures', () => {
    expect(refreshed({ type: 'appointment_update', action: 'cancelled', patientId: 'p2', doctorId: 'd1' }, KEYS)).toEqual([
      '/api/doctor/dashboard-stats',
      '/api/admin/dashboard-stats',
      '/api/staff/dashboard-stats',
      '/api/appointments',
      '/api/appointments?date=2026-03-01',
      '/api/appointments/requests/pending',
      '/api/appointments/today',
      '/api/appointments/patient/p2',
      '/api/appointments/doctor/d1',
    ]);
  });

  it('leave requests refresh leave, availability and doctor stats', () => {
    expect(refreshed({ type: 'leave_request_created' }, KEYS)).toEqual([
      '/api/leave/requests',
      '/api/doctors/availability',
      '/api/doctor/dashboard-stats',
    ]);
  });

  it.each(COVERAGE_EVENT_TYPES)('%s refreshes coverage and its sub-paths, the leave, appointments and stats', (type) => {
    const keys = refreshed({ type, leaveRequestId: 'l1', doctorId: 'd1' }, KEYS);
    expect(keys).toEqual([
      '/api/leave/requests',
      '/api/doctor/dashboard-stats',
      '/api/admin/dashboard-stats',
      '/api/staff/dashboard-stats',
      '/api/coverage',
      '/api/coverage/mine',
      '/api/appointments',
      '/api/appointments?date=2026-03-01',
      '/api/appointments/requests/pending',
      '/api/appointments/today',
      '/api/appointments/patient/p1',
      '/api/appointments/patient/p2',
      '/api/appointments/doctor/d1',
    ]);
  });

  it('messages refresh the conversations and the unread count; staff status its own list', () => {
    expect(refreshed({ type: 'new_message' }, KEYS)).toEqual(['/api/conversations', '/api/conversations/unread']);
    expect(refreshed({ type: 'message_sent' }, KEYS)).toEqual(['/api/conversations', '/api/conversations/unread']);
    // A read refreshes that thread (the sender's receipt) and the counts, and tells nobody with a toast.
    const read = { type: 'message_read', conversationId: 'c1', readerId: 'u1', lastReadSeq: 3 };
    expect(refreshed(read, [...KEYS, '/api/conversations/c1', '/api/conversations/c2'])).toEqual([
      '/api/conversations',
      '/api/conversations/unread',
      '/api/conversations/c1',
    ]);
    expect(reactionFor(read)?.toast ?? null).toBeNull();
    expect(refreshed({ type: 'staff_status_update' }, KEYS)).toEqual(['/api/staff/dashboard-stats', '/api/staff/status']);
  });

  it('patient changes refresh the patient lists', () => {
    expect(refreshed({ type: 'patient-created' }, KEYS)).toEqual(expect.arrayContaining(['/api/patients', '/api/admin/dashboard-stats']));
    expect(refreshed({ type: 'patient_update', patientId: 'p1' }, KEYS)).toEqual(['/api/patients/p1/complete', '/api/patients']);
    expect(refreshed({ type: 'general-update' }, KEYS)).toEqual(expect.arrayContaining(['/api/patients', '/api/users']));
    expect(refreshed({ type: 'patient-created' }, KEYS)).toEqual(
      expect.arrayContaining(['/api/doctor/dashboard-stats', '/api/admin/dashboard-stats', '/api/staff/dashboard-stats']),
    );
  });

  it('refreshes the patient’s own detail and chart views (demographics, visit summaries)', () => {
    const views = ['/api/patients/p1', '/api/patients/p1/complete', '/api/patients/p2', '/api/patients/p2/complete'];
    expect(refreshed({ type: 'patient_update', patientId: 'p1' }, views)).toEqual(['/api/patients/p1', '/api/patients/p1/complete']);
    expect(refreshed({ type: 'appointment_update', action: 'completed', patientId: 'p2' }, views)).toEqual(['/api/patients/p2/complete']);
  });

  it('does not take a key that merely starts with a listed path', () => {
    expect(refreshed({ type: 'new_message' }, ['/api/conversations-archive', '/api/conversations/unread/old'])).toEqual([]);
  });

  it("access changes refresh the named user's permissions, the bell and, for a role, the users list", () => {
    expect(refreshed({ type: 'permission_update', action: 'granted', userId: 'u1' }, KEYS)).toEqual([
      '/api/notifications',
      '/api/admin/dashboard-stats',
      '/api/users/u1/permissions',
    ]);
    expect(refreshed({ type: 'role_changed', action: 'assigned', userId: 'u1' }, KEYS)).toEqual([
      '/api/notifications',
      '/api/admin/dashboard-stats',
      '/api/users',
      '/api/users/u1/permissions',
    ]);
  });

  it('an appointment handed to another doctor refreshes the appointment lists and the desk’s requests', () => {
    const message = {
      type: 'appointments_reassigned_for_coverage',
      appointmentId: 'a1',
      patientId: 'p1',
      fromDoctorId: 'd0',
      doctorId: 'd1',
    };
    expect(refreshed(message, KEYS)).toEqual(
      expect.arrayContaining([
        '/api/appointments',
        '/api/appointments/requests/pending',
        '/api/appointments/today',
        '/api/appointments/doctor/d1',
      ]),
    );
  });
});
