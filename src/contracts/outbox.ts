import { defineRoute } from './http';
import { outboxQuerySchema, outboxResponseSchema } from './profile';

/** The mail outbox, read in the app by an admin in demo mode only (elsewhere it answers 404). */
export const outboxApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/outbox',
    query: outboxQuerySchema,
    response: outboxResponseSchema,
    errors: ['NOT_FOUND'],
  }),
};
