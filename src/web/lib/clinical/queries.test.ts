import { describe, expect, it } from 'vitest';
import { appReactions } from '../../app/push-reactions';
import { staleQueries } from '../realtime/feature-reactions';
import type { PushMessage } from '../realtime/realtime-connection';
import { patientAppointmentsQuery, patientMedicationsQuery, patientVitalsQuery } from './queries';

// The pushes that change a patient's chart refresh the views that show it, because the views'
// query keys are their routes' and the features' push reactions match those routes.

const PATIENT = '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f';
const OTHER = '0b7f3c1e-5a0d-4c8e-9f3a-2d6b1e4c7a90';

function refreshes(message: PushMessage, queryKey: readonly unknown[]): boolean {
  return staleQueries(appReactions, message).some((matches) => matches(queryKey));
}

describe('clinical query keys and pushes', () => {
  it('appointment_update refreshes both appointment lists of that patient, not of another', () => {
    const message: PushMessage = { type: 'appointment_update', action: 'created', patientId: PATIENT };
    expect(refreshes(message, patientAppointmentsQuery(PATIENT, 'upcoming').queryKey)).toBe(true);
    expect(refreshes(message, patientAppointmentsQuery(PATIENT, 'past').queryKey)).toBe(true);
    expect(refreshes(message, patientAppointmentsQuery(OTHER, 'upcoming').queryKey)).toBe(false);
  });

  it("medication_update refreshes the medications and not the vitals (those are the chart feature's: features/health-records)", () => {
    const medication: PushMessage = { type: 'medication_update', action: 'discontinued', patientId: PATIENT };
    expect(refreshes(medication, patientMedicationsQuery(PATIENT).queryKey)).toBe(true);
    expect(refreshes(medication, patientVitalsQuery(PATIENT).queryKey)).toBe(false);
  });
});
