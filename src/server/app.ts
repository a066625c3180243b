import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config';
import { createServices, registerModules } from './modules';
import { enforceAccessDeclarations } from './platform/access';
import { registerAccessContext } from './platform/access-context';
import { registerBackgroundWork } from './platform/background';
import { registerAudit } from './platform/audit';
import { registerCsrf, registerCsrfPrecheck } from './platform/csrf';
import { registerEvents } from './platform/events';
import { registerDatabase, type DatabaseSetup } from './platform/database';
import { registerDenialBudget } from './platform/denial-budget';
import { envelope, errorHandler } from './platform/errors';
import { frameworkErrors, registerInputGuard } from './platform/input-guard';
import { loggerOptions, registerRequestLog } from './platform/logging';
import { registerLoadShedding } from './platform/load-shedding';
import { registerMail } from './platform/mail';
import { registerOrganisationIdentity } from './platform/organisation-identity';
import { registerLateWorkGuard } from './platform/overload';
import { registerRealtime } from './platform/realtime';
import { registerRateLimit } from './platform/rate-limit';
import { createEventBus } from './platform/redis-event-bus';
import { registerCspReports, registerSecurityHeaders } from './platform/security-headers';
import { registerMfaEnrolmentGate } from './platform/mfa-enrolment';
import { registerSessions } from './platform/session';
import { registerSystemSettings } from './platform/system-settings';
import { isHistoryNavigation, registerPrivateLinkHeaders, registerSpa, sendIndexHtml } from './platform/spa';
import { startupPhase } from './platform/startup-phases';
import { registerWorkPlatform } from './platform/work-platform';

export interface BuildOptions extends DatabaseSetup {
  /** Where logs go; stdout when absent. Tests pass a stream to inspect what is logged. */
  logStream?: DestinationStream;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The whole server, in the order it is assembled: core settings, cross-cutting platform plugins,
 * the database, feature modules, then the SPA and the not-found handler. Used by main.ts and by
 * every integration test, so tests exercise exactly what runs in production.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logStream ? { ...loggerOptions(config.logLevel), stream: options.logStream } : loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request not answered in time gets 503 SERVER_BUSY; what it would still start is abandoned.
    handlerTimeout: config.requestTimeoutMs,
    // Reuse a caller's request id only when it is well-formed: it is written to every log line.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Finish in-flight requests on close, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // One line per request instead, from registerRequestLog.
    logController: new LogController({ disableRequestLogging: true }),
    // An undecodable address answers 400 in the one error envelope (input-guard.ts).
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // 1. Core: zod validation and serialisation, one error envelope.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerRequestLog(app);
  // What a route still does after its request ran out of time is dropped, not sent or logged as a fault.
  registerLateWorkGuard(app);
  app.decorate('config', config);
  // JSON only: a text/plain body is refused with 415 instead of reaching a handler as a string.
  app.removeContentTypeParser('text/plain');
  // While closing, an answer still in flight also closes its connection: an idle keep-alive socket
  // would otherwise hold the shutdown open until main.ts's timeout forces exit code 1.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Responses of the API may carry patient data: never cached by the browser or a proxy.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (closing) reply.header('connection', 'close');
  });

  // 2. Data: the database, brought up to date, and what is built directly on it.
  await registerDatabase(app, config, options);
  startupPhase('databaseReady');
  // First of every request's hooks: shed load before anything else runs (no database work).
  await registerLoadShedding(app, config);
  registerAudit(app);
  registerMail(app);
  registerBackgroundWork(app);
  registerOrganisationIdentity(app);
  registerSystemSettings(app);
  // Redis pub/sub when REDIS_URL is set (events reach every instance), else the in-process bus.
  registerEvents(app, await createEventBus(config, app.log));
  // The unit of work every service writes through, its outbox, and the scheduled jobs.
  registerWorkPlatform(app);
  // request.ctx: who is asking, and the request's one audit event, durable before the answer leaves.
  registerAccessContext(app);

  // 3. Platform plugins. Limits before work: the per-route rate limits (onRequest), the body limit
  // (parsing) and the CSRF token's shape are checked before the session lookup (preValidation)
  // touches the database; then who may call the route, then the CSRF token against the session.
  await registerSecurityHeaders(app, config.publicUrl);
  await app.register(cookie);
  // Per-route limits, counted in Redis when REDIS_URL is set (shared by every instance).
  await registerRateLimit(app, config);
  registerCsrfPrecheck(app, (request) => Boolean(app.sessionCookies.read(request)));
  await registerSessions(app, config.publicUrl);
  // Every denied request is audited: the denial is the request's audit event (one per caller,
  // address and window in a flood), and an address refused too often is answered 429.
  const onDenied = registerDenialBudget(app, config.deniedRequestsPerMinute);
  // A role that must use a second factor, signed in without one, may only set it up (audited like any refusal).
  registerMfaEnrolmentGate(app, onDenied);
  enforceAccessDeclarations(app, onDenied);
  await registerCsrf(app, config.publicUrl);
  // Control characters and over-deep JSON refused for every route, after the access and CSRF checks.
  registerInputGuard(app);
  // Where browsers report what the content security policy blocked.
  await registerCspReports(app);
  // The WebSocket at /ws: authenticated by the session cookie above, fed by the event bus.
  registerRealtime(app);

  // 4. Feature modules: services built once, routes registered (modules.ts, the composition root).
  await registerModules(app, createServices(app));
  startupPhase('modulesRegistered');

  // 5. The SPA, and one not-found handler: JSON for the API, index.html for client routes.
  registerPrivateLinkHeaders(app);
  const spa = await registerSpa(app, config.webRoot);
  // Probing for paths is limited per address, like other floods; 0 lifts the limit.
  const unknownPathLimit =
    config.unknownPathsPerMinute > 0 ? { preHandler: app.rateLimit({ max: config.unknownPathsPerMinute, timeWindow: '1 minute' }) } : {};
  app.setNotFoundHandler(unknownPathLimit, async (request, reply) => {
    if (spa && isHistoryNavigation(request)) return sendIndexHtml(reply);
    return reply.code(404).send(envelope('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });

  startupPhase('appBuilt');
  return app;
}
