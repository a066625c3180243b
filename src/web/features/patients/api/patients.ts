import { keepPreviousData } from '@tanstack/react-query';
import type { PatientListQuery } from '../../../../contracts/patient-directory';
import { patientsApi } from '../../../../contracts/patients';
import { routeQuery } from '../../../lib/api-routes';

// GET /api/patients as "My patients": the server decides whose patients they are (the caller's
// scope), so the same call serves a doctor's care list. The key is the URL, so a patient_update
// push (health-records' reactions) refreshes it. The search text travels in the request only, never
// in the page's address.

export function myPatientsQuery(query: PatientListQuery) {
  return { ...routeQuery(patientsApi.list, { query }), placeholderData: keepPreviousData };
}
