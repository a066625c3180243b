import { describe, expect, it } from 'vitest';
import { patientAllergiesQuery, patientVitalsQuery } from '../../../lib/clinical/queries';
import { staleQueries } from '../../../lib/realtime/feature-reactions';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';
import { patientChartQuery } from './chart';
import { healthRecordsReactions } from './reactions';

// The chart's queries are refreshed by the pushes that change a patient's chart, for that patient only.

const PATIENT = '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f';
const OTHER = '0b7f3c1e-5a0d-4c8e-9f3a-2d6b1e4c7a90';

const refreshes = (message: PushMessage, queryKey: readonly unknown[]) =>
  staleQueries(healthRecordsReactions, message).some((matches) => matches(queryKey));

describe('chart push reactions', () => {
  it('vitals_update refreshes that patient’s vitals and chart, not another’s', () => {
    const vitals: PushMessage = { type: 'vitals_update', action: 'created', patientId: PATIENT };
    expect(refreshes(vitals, patientVitalsQuery(PATIENT).queryKey)).toBe(true);
    expect(refreshes(vitals, patientChartQuery(PATIENT).queryKey)).toBe(true);
    expect(refreshes(vitals, patientVitalsQuery(OTHER).queryKey)).toBe(false);
    expect(refreshes(vitals, patientAllergiesQuery(PATIENT).queryKey)).toBe(false);
  });

  it('a clinician’s change to the chart’s entries refreshes that patient’s allergies too', () => {
    const change: PushMessage = { type: 'patient_update', action: 'updated', patientId: PATIENT, section: 'allergies' };
    expect(refreshes(change, patientAllergiesQuery(PATIENT).queryKey)).toBe(true);
    expect(refreshes(change, patientAllergiesQuery(OTHER).queryKey)).toBe(false);
  });

  it('medication, patient and appointment changes refresh the chart', () => {
    for (const type of ['medication_update', 'patient_update', 'appointment_update']) {
      expect(refreshes({ type, patientId: PATIENT }, patientChartQuery(PATIENT).queryKey), type).toBe(true);
      expect(refreshes({ type, patientId: PATIENT }, patientChartQuery(OTHER).queryKey), type).toBe(false);
    }
  });
});
