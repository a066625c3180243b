import { defineRoute, idParamsSchema } from './http';
import { patientDetailResponseSchema, patientListQuerySchema, patientListResponseSchema } from './patient-directory';
import { registrationPayloadSchema, registrationResponseSchema } from './registration';

// The patients' routes: the scoped directory (a page of the patients in the caller's reach, and one
// patient's detail) and self-registration. A patient outside the caller's reach answers 404, like
// a missing one.
export const patientsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/patients',
    query: patientListQuerySchema,
    response: patientListResponseSchema,
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/patients/:id',
    params: idParamsSchema,
    response: patientDetailResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/patients/register',
    body: registrationPayloadSchema,
    response: registrationResponseSchema,
    // Accepted, whether or not the address had an account: the answer never says which.
    status: 202,
    // Never EMAIL_TAKEN: a taken address is answered like a new one.
    errors: ['VALIDATION_FAILED', 'PASSWORD_TOO_COMMON', 'RATE_LIMITED'],
  }),
};
