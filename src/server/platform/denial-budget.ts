import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteAccess } from './access';
import { AppError } from './app-error';
import { rateLimitKey } from './rate-limit';

// How many refusals (401 and 403 from the access check) an address may get in a minute. Past the
// budget its refusals are answered 429 with Retry-After, and its requests without a session cookie
// to routes that need one are answered 429 at once, before the session lookup and the audit (a
// flood costs no database work). The budget is counted in each process; the audit of the refusals
// is bounded separately (one event per caller, address and window: AuditLog.countRepeat).

const WINDOW_MS = 60_000;
/** Addresses tracked at once; a flood from more addresses than this is left to the per-route limits. */
const ADDRESSES_LIMIT = 100_000;

export class DenialBudget {
  private readonly spent = new Map<string, { since: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Counts a refusal for `address`; the seconds to wait when it is over the budget, else null. */
  spend(address: string): number | null {
    const now = this.now();
    let entry = this.spent.get(address);
    if (!entry || now - entry.since >= WINDOW_MS) {
      if (!entry && this.spent.size >= ADDRESSES_LIMIT) this.forgetClosed(now);
      if (!entry && this.spent.size >= ADDRESSES_LIMIT) return null;
      entry = { since: now, count: 0 };
      this.spent.set(address, entry);
    }
    entry.count += 1;
    return entry.count > this.perMinute ? this.waitOf(entry, now) : null;
  }

  /** The seconds to wait while `address` is over its budget; null when it is not. */
  exhausted(address: string): number | null {
    const entry = this.spent.get(address);
    const now = this.now();
    if (!entry || now - entry.since >= WINDOW_MS || entry.count < this.perMinute) return null;
    return this.waitOf(entry, now);
  }

  private waitOf(entry: { since: number }, now: number): number {
    return Math.max(1, Math.ceil((entry.since + WINDOW_MS - now) / 1000));
  }

  private forgetClosed(now: number): void {
    for (const [address, entry] of this.spent) if (now - entry.since >= WINDOW_MS) this.spent.delete(address);
  }
}

/** The access check's refusal as the request's audit event, counted (not repeated) in a flood. */
function noteDenial(request: FastifyRequest, reason: string): void {
  request.ctx.audit.noteRepeatable({
    action: 'access.denied',
    outcome: 'denied',
    resourceType: 'route',
    resourceId: `${request.method} ${request.routeOptions.url}`,
    details: { reason },
  });
}

/**
 * Audits every refusal of the access check (`onDenied` of enforceAccessDeclarations) and, with a
 * budget (`perMinute` > 0), limits the refusals per address.
 */
export function registerDenialBudget(app: FastifyInstance, perMinute: number): (request: FastifyRequest, reason: string) => Promise<void> {
  const budget = perMinute > 0 ? new DenialBudget(perMinute) : null;
  if (budget) {
    // Runs before the session lookup: a request that carries no session cookie to a route that
    // needs one would be refused anyway; from a spent address it is refused at once.
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') || request.is404) return;
      const access = (request.routeOptions.config as { access?: RouteAccess } | undefined)?.access;
      if (!access || access === 'public' || app.sessionCookies.read(request)) return;
      const wait = budget.exhausted(rateLimitKey(request));
      if (wait === null) return;
      budget.spend(rateLimitKey(request));
      noteDenial(request, 'not_authenticated');
      throw AppError.rateLimited(wait);
    });
  }
  return async (request, reason) => {
    noteDenial(request, reason);
    const wait = budget?.spend(rateLimitKey(request)) ?? null;
    if (wait !== null) throw AppError.rateLimited(wait);
  };
}
