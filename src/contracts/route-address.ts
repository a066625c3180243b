// A route's address (method and path) and how a call fills it in, apart from the zod shapes of
// http.ts: the web's typed client (src/web/lib/api-routes.ts) reads nothing else of a contract, so
// the parts of the web that paint before zod loads can still call routes through their contracts.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteAddress {
  readonly method: HttpMethod;
  /** Fastify-style path: `/api/patients/:id/vitals`. */
  readonly path: string;
}

/** The path with its parameters filled in (each one encoded). */
export function pathOf(contract: Pick<RouteAddress, 'path'>, params: Record<string, unknown> = {}): string {
  return contract.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${contract.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string for `query` (undefined and null left out; arrays repeated), with its `?`, or ''. */
export function queryStringOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
