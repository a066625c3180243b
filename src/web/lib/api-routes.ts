import { queryOptions } from '@tanstack/react-query';
import type { RouteContract, RouteInput, RouteResponse } from '../../contracts/http';
import { pathOf, queryStringOf } from '../../contracts/route-address';
import { api, type RequestOptions } from './api-client';

// The typed client: a feature calls a route through its contract (src/contracts), so the path, the
// parameters, the body and the answer's type come from the one place the server validates them
// against. Query keys start with the URL the query GETs, so the default query function and every
// cache key agree; a feature's push reactions match its queries through `routeMatcher`. Of a
// contract this reads only the method and the path (contracts/route-address.ts), never its zod
// shapes: the frame and the landing page call their routes before zod loads (`earlyRoute`).

interface LooseInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function urlOf(contract: RouteContract, input: LooseInput): string {
  return `${pathOf(contract, input.params)}${queryStringOf(input.query)}`;
}

/**
 * The contract `C` where its shapes must not load yet (the signed-in frame, the landing page): its
 * address from contracts/early-routes.ts, typed as the contract, whose method and path it must
 * equal. The calls, keys and matchers here read nothing else.
 */
export function earlyRoute<C extends RouteContract>(address: Pick<C, 'method' | 'path'>): C {
  return address as C;
}

/** The URL a call goes to: the filled path, then the query string. */
export function routeUrl<C extends RouteContract>(contract: C, input: Pick<RouteInput<C>, 'params' | 'query'>): string {
  return urlOf(contract, input as LooseInput);
}

/** Calls the route; resolves with its answer, or rejects with an ApiError carrying the server's code. */
export function callRoute<C extends RouteContract>(contract: C, input: RouteInput<C>, options?: RequestOptions): Promise<RouteResponse<C>> {
  const url = urlOf(contract, input as LooseInput);
  const body = (input as LooseInput).body;
  switch (contract.method) {
    case 'GET':
      return api.get<RouteResponse<C>>(url, options);
    case 'DELETE':
      return api.delete<RouteResponse<C>>(url, options);
    case 'POST':
      return api.post<RouteResponse<C>>(url, body, options);
    case 'PUT':
      return api.put<RouteResponse<C>>(url, body, options);
    case 'PATCH':
      return api.patch<RouteResponse<C>>(url, body, options);
  }
}

/** The cache key of a GET: its URL first. */
export function routeKey<C extends RouteContract>(contract: C, input: Pick<RouteInput<C>, 'params' | 'query'>): [string] {
  return [urlOf(contract, input as LooseInput)];
}

/** Query options for a GET route; `select` shapes the answer for the view. */
export function routeQuery<C extends RouteContract, T = RouteResponse<C>>(
  contract: C,
  input: Pick<RouteInput<C>, 'params' | 'query'>,
  select?: (answer: RouteResponse<C>) => T,
) {
  return queryOptions({
    queryKey: routeKey(contract, input),
    queryFn: async () => {
      const answer = await callRoute(contract, input as RouteInput<C>);
      return select ? select(answer) : (answer as unknown as T);
    },
  });
}

export type QueryMatcher = (queryKey: readonly unknown[]) => boolean;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Matches the cached queries of a route: with `params`, those of that one record (any query
 * string); without, every record's. What push reactions and mutations invalidate.
 */
export function routeMatcher(contract: Pick<RouteContract, 'path'>, params?: Record<string, string | undefined>): QueryMatcher {
  const source = contract.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return escape(segment);
      const value = params?.[segment.slice(1)];
      return value === undefined ? '[^/?#]+' : escape(encodeURIComponent(value));
    })
    .join('/');
  const pattern = new RegExp(`^${source}(?:[?#].*)?$`);
  return (queryKey) => typeof queryKey[0] === 'string' && pattern.test(queryKey[0]);
}
