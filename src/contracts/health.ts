import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok') });
export const readinessSchema = z.object({
  /** busy: the instance is shedding load and takes no new requests for now. */
  status: z.enum(['ready', 'unavailable', 'busy']),
  database: z.enum(['up', 'down']),
  /** While busy: what is over its threshold. */
  load: z.enum(['event-loop', 'database']).optional(),
});
