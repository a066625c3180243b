import { describe, expect, it } from 'vitest';
import { appointmentsApi } from '../../../../contracts/appointments';
import { COVERAGE_EVENT_TYPES } from '../../../../contracts/live-events';
import { appReactions } from '../../../app/push-reactions';
import { routeKey } from '../../../lib/api-routes';
import { patientAppointmentsQuery } from '../../../lib/clinical/queries';
import { staleQueries } from '../../../lib/realtime/feature-reactions';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';

// An appointment's lists follow it live: booked, moved, cancelled, or handed to another doctor.

const refreshes = (message: PushMessage, queryKey: readonly unknown[]) =>
  staleQueries(appReactions, message).some((matches) => matches(queryKey));

const mine = routeKey(appointmentsApi.list, { query: { when: 'upcoming' } });
const today = routeKey(appointmentsApi.today, { query: { timeZone: 'Europe/Berlin' } });
const doctorD1 = routeKey(appointmentsApi.forDoctor, { params: { id: 'd1' } });
const doctorD2 = routeKey(appointmentsApi.forDoctor, { params: { id: 'd2' } });

describe('appointments push reactions', () => {
  it.each(['appointment_update', 'appointment_reassigned'])('%s refreshes the lists of the appointment’s patient and doctor', (type) => {
    const message: PushMessage = { type, appointmentId: 'a1', patientId: 'p1', doctorId: 'd1' };
    expect(refreshes(message, mine)).toBe(true);
    expect(refreshes(message, today)).toBe(true);
    expect(refreshes(message, patientAppointmentsQuery('p1', 'upcoming').queryKey)).toBe(true);
    expect(refreshes(message, patientAppointmentsQuery('p2', 'upcoming').queryKey)).toBe(false);
    expect(refreshes(message, doctorD1)).toBe(true);
    expect(refreshes(message, doctorD2)).toBe(false);
  });

  it('an appointment moved to a covering colleague refreshes both doctors’ schedules', () => {
    const message: PushMessage = {
      type: 'appointments_reassigned_for_coverage',
      appointmentId: 'a1',
      patientId: 'p1',
      fromDoctorId: 'd2',
      doctorId: 'd1',
    };
    expect(refreshes(message, mine)).toBe(true);
    expect(refreshes(message, patientAppointmentsQuery('p1', 'upcoming').queryKey)).toBe(true);
    expect(refreshes(message, doctorD1)).toBe(true);
    expect(refreshes(message, doctorD2)).toBe(true);
  });

  it.each(COVERAGE_EVENT_TYPES)('%s refreshes the doctor’s schedule and every patient’s list', (type) => {
    const message: PushMessage = { type, leaveRequestId: 'l1', doctorId: 'd1' };
    expect(refreshes(message, doctorD1)).toBe(true);
    expect(refreshes(message, today)).toBe(true);
    expect(refreshes(message, patientAppointmentsQuery('p1', 'past').queryKey)).toBe(true);
  });
});
