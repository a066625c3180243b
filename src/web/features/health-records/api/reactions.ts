import { healthRecordsApi } from '../../../../contracts/health-records';
import { ordersApi } from '../../../../contracts/orders';
import { patientsApi } from '../../../../contracts/patients';
import { routeMatcher } from '../../../lib/api-routes';
import { field, type ReactionTable } from '../../../lib/realtime/feature-reactions';

// Pushes that change a patient's chart: new vitals, medications and demographics refresh the chart
// views of that patient (the whole chart, and the vitals list where it is open).
const chartOf = (patientId: string | undefined) => routeMatcher(healthRecordsApi.chart, { id: patientId });

export const healthRecordsReactions: ReactionTable = {
  vitals_update: (message) => [
    routeMatcher(healthRecordsApi.vitals, { id: field(message, 'patientId') }),
    chartOf(field(message, 'patientId')),
  ],
  medication_update: (message) => [chartOf(field(message, 'patientId'))],
  // A patient's demographics (their detail), the directory that lists them, and the chart's
  // entries a clinician changed (the allergies list is its own query too).
  patient_update: (message) => [
    chartOf(field(message, 'patientId')),
    routeMatcher(healthRecordsApi.allergies, { id: field(message, 'patientId') }),
    routeMatcher(patientsApi.detail, { id: field(message, 'patientId') }),
    routeMatcher(patientsApi.list),
  ],
  'patient-created': () => [routeMatcher(patientsApi.list)],
  'general-update': () => [routeMatcher(patientsApi.list)],
  appointment_update: (message) => [chartOf(field(message, 'patientId'))],
  // An order's change: the chart's panels, and the patient's lab results and reports once released to them.
  lab_order_update: (message) => [
    chartOf(field(message, 'patientId')),
    routeMatcher(healthRecordsApi.labResults, { id: field(message, 'patientId') }),
    routeMatcher(ordersApi.reports, { id: field(message, 'patientId') }),
  ],
};
