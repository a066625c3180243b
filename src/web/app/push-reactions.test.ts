import { describe, expect, it } from 'vitest';
import { matcherFor, reactionFor } from '../lib/realtime/push-reactions';
import { staleQueries } from '../lib/realtime/feature-reactions';
import type { PushMessage } from '../lib/realtime/realtime-connection';
import { notificationFixture } from '../lib/realtime/testing/fixtures';
import { appReactions } from './push-reactions';

// The cache keys a pushed message refreshes in this tab, as the live connection applies them: the
// features' own reactions, and the shared rules for data no feature has claimed yet.

const NOW = '2026-03-01T10:00:00.000Z';

function notification(): PushMessage {
  return { type: 'notification', timestamp: NOW, notification: notificationFixture({ createdAt: NOW }) };
}

function refreshed(message: PushMessage, keys: string[]): string[] {
  const reaction = reactionFor(message);
  const legacy = reaction ? matcherFor(reaction, message) : () => false;
  const stale = staleQueries(appReactions, message);
  return keys.filter((key) => legacy([key]) || stale.some((matches) => matches([key])));
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
    '/api/coverage/requests',
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
    '/api/messages',
    '/api/conversations',
    '/api/staff/status',
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

  it('coverage refreshes coverage and its sub-paths, appointments and stats', () => {
    const keys = refreshed({ type: 'coverage_assigned' }, KEYS);
    expect(keys).toEqual(
      expect.arrayContaining(['/api/coverage', '/api/coverage/requests', '/api/appointments/today', '/api/admin/dashboard-stats']),
    );
    expect(keys).not.toContain('/api/leave/requests');
  });

  it('messages refresh messages and conversations; staff status its own list', () => {
    expect(refreshed({ type: 'new_message' }, KEYS)).toEqual(['/api/messages', '/api/conversations']);
    expect(refreshed({ type: 'message_sent' }, KEYS)).toEqual(['/api/messages', '/api/conversations']);
    expect(refreshed({ type: 'staff_status_update' }, KEYS)).toEqual(['/api/staff/dashboard-stats', '/api/staff/status']);
  });

  it('patient changes refresh the patient lists', () => {
    expect(refreshed({ type: 'patient-created' }, KEYS)).toEqual(expect.arrayContaining(['/api/patients', '/api/admin/dashboard-stats']));
    expect(refreshed({ type: 'patient_update', patientId: 'p1' }, KEYS)).toEqual(['/api/patients/p1/complete', '/api/patients']);
    expect(refreshed({ type: 'general-update' }, KEYS)).toEqual(expect.arrayContaining(['/api/patients', '/api/users']));
  });

  it('refreshes the patient’s own detail and chart views (demographics, visit summaries)', () => {
    const views = ['/api/patients/p1', '/api/patients/p1/complete', '/api/patients/p2', '/api/patients/p2/complete'];
    expect(refreshed({ type: 'patient_update', patientId: 'p1' }, views)).toEqual(['/api/patients/p1', '/api/patients/p1/complete']);
    expect(refreshed({ type: 'appointment_update', action: 'completed', patientId: 'p2' }, views)).toEqual(['/api/patients/p2/complete']);
  });

  it('does not take a key that merely starts with a listed path', () => {
    expect(refreshed({ type: 'new_message' }, ['/api/messages-archive', '/api/messages/123'])).toEqual([]);
  });
});
