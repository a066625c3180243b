import { medicationsApi } from '../../../../contracts/medications';
import { prescribingApi } from '../../../../contracts/prescribing';
import { refillRequestsApi } from '../../../../contracts/refill-requests';
import { routeMatcher } from '../../../lib/api-routes';
import { field, type ReactionTable } from '../../../lib/realtime/feature-reactions';

// A medication changed (prescribed, discontinued, a refill requested) refreshes that patient's
// medication list and refill requests, and the prescriber's lists.
export const medicationsReactions: ReactionTable = {
  medication_update: (message) => [
    routeMatcher(medicationsApi.listForPatient, { id: field(message, 'patientId') }),
    routeMatcher(refillRequestsApi.listForPatient, { id: field(message, 'patientId') }),
    // The prescriber's side: their prescriptions and the requests waiting for them.
    routeMatcher(prescribingApi.listForDoctor, { id: field(message, 'doctorId') }),
    routeMatcher(refillRequestsApi.pending),
  ],
};
