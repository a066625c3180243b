import { z } from 'zod';

// Offset paging of the list endpoints: the query's page and pageSize, and the answer's envelope.

export function pageQueryFields(defaultPageSize: number) {
  return {
    page: z.coerce.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(100_000, 'choice.invalid').default(1),
    pageSize: z.coerce
      .number('choice.invalid')
      .int('choice.invalid')
      .min(1, 'choice.invalid')
      .max(100, 'choice.invalid')
      .default(defaultPageSize),
  };
}

export function pagedResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
}
