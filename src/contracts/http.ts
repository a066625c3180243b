import { z } from 'zod';
import type { ErrorCode } from './errors';
import type { HttpMethod } from './route-address';

export { pathOf, queryStringOf, type HttpMethod } from './route-address';

// A route's contract, written once: method, path, the shapes of its parameters, query, body and
// answer, and the error codes it may answer besides the ones every route may (validation, sign-in,
// access, rate limit). The server registers the route from it (validation and response filtering),
// the web calls it through a typed client, and both agree by construction.

export interface RouteContract {
  method: HttpMethod;
  /** Fastify-style path: `/api/patients/:id/vitals`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer on success; absent for 204 No Content. */
  response?: z.ZodType;
  /** 200 unless given (201 for a creation, 204 without a body). */
  status?: 200 | 201 | 202 | 204;
  errors?: readonly ErrorCode[];
}

/** `:id` in a path. Any text up to a sane length: a malformed id is as missing as an unknown one (404). */
export const idParamsSchema = z.object({ id: z.string().max(100) });

export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

type Infer<T, Fallback> = T extends z.ZodType ? z.output<T> : Fallback;
type InferInput<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;

/** What the server's handler receives (after validation and defaults). */
export type RouteParams<C extends RouteContract> = Infer<C['params'], Record<string, never>>;
export type RouteQuery<C extends RouteContract> = Infer<C['query'], Record<string, never>>;
export type RouteBody<C extends RouteContract> = Infer<C['body'], undefined>;
/** What the answer carries. */
export type RouteResponse<C extends RouteContract> = Infer<C['response'], void>;

/** What a caller sends: path parameters, query and body, each only where the route has one. */
export type RouteInput<C extends RouteContract> = (C['params'] extends z.ZodType
  ? { params: InferInput<C['params'], never> }
  : { params?: never }) &
  (C['query'] extends z.ZodType ? { query?: InferInput<C['query'], never> } : { query?: never }) &
  (C['body'] extends z.ZodType ? { body: InferInput<C['body'], never> } : { body?: never });
