import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// Browser protections. The SPA is built by Vite into files served from 'self', so neither inline
// script nor inline style is allowed: styles come from the built stylesheet, and what components
// set at run time (positions, sizes) is set through the CSSOM, which the policy does not govern
// (ADR 023). The page talks to its own origin only: the API and the WebSocket of the public
// address, never another host.
// Whatever the policy blocks, the browser reports to /api/csp-report (below).

/** Where browsers send what the policy blocked. */
export const CSP_REPORT_PATH = '/api/csp-report';
/** Reports one address may send a minute: enough for a busy page behind a shared router, not a flood. */
export const CSP_REPORTS_PER_MINUTE = 300;
/** A report is a few hundred bytes; anything much larger is not one. */
const CSP_REPORT_BODY_LIMIT = 8 * 1024;
const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json'];

/**
 * The headers helmet would set, worked out once. They are the same for every answer (the policy
 * uses no nonces), and helmet's Fastify plugin built its whole middleware again for every request,
 * the policy's parsing included.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https:');
  const socketOrigin = `${https ? 'wss' : 'ws'}://${new URL(publicUrl).host}`;
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", socketOrigin],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        reportUri: [CSP_REPORT_PATH],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  // On every answer, refusals and errors included; set in one call rather than one per header.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // The app's pages may be framed by the app itself, never by another site: the mobile check
  // measures the current page in a same-origin frame at each viewport. Every other
  // answer (the API, files) keeps frame-ancestors 'none'.
  app.addHook('onSend', async (_request, reply) => {
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    reply.header('x-frame-options', 'SAMEORIGIN');
  });
}

/** The parts of a report that say what was blocked; never the page's address, query or the source file. */
function violationOf(body: unknown): { directive: string | null; blocked: string | null } {
  const first = Array.isArray(body)
    ? (body[0] as { body?: unknown } | undefined)?.body
    : (body as { 'csp-report'?: unknown })?.['csp-report'];
  const report = (first ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : null);
  const directive = text(report['effective-directive'] ?? report.effectiveDirective ?? report['violated-directive']);
  // The blocked resource only as a kind ("inline", "eval") or an origin: its path or query may carry data.
  const raw = text(report['blocked-uri'] ?? report.blockedURL);
  let blocked: string | null = raw;
  if (raw && /^[a-z]+:\/\//i.test(raw)) {
    try {
      blocked = new URL(raw).origin;
    } catch {
      blocked = null;
    }
  }
  return { directive: directive && /^[a-z-]+$/.test(directive) ? directive : null, blocked };
}

/**
 * POST /api/csp-report: what the browser's policy blocked, logged as the directive and the kind or
 * origin of what was blocked. Public (browsers send reports without cookies or a CSRF token), bounded
 * in size and rate per address; it changes nothing and answers nothing.
 */
export async function registerCspReports(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(CSP_REPORT_TYPES, { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, null);
      }
    });
    scope.post(
      CSP_REPORT_PATH,
      {
        // A page can send a report per blocked resource, and many people share one address behind
        // a clinic's router: the limit only stops a flood (each report is small and logged briefly).
        config: { access: 'public', csrf: false, rateLimit: { max: CSP_REPORTS_PER_MINUTE, timeWindow: '1 minute' } },
        bodyLimit: CSP_REPORT_BODY_LIMIT,
      },
      async (request, reply) => {
        const { directive, blocked } = violationOf(request.body);
        request.log.warn({ directive, blocked }, 'content security policy blocked a resource');
        return reply.code(204).send();
      },
    );
  });
}
