import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessLogQuerySchema,
  accessLogResponseSchema,
  auditChainResponseSchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditListResponseSchema,
} from '../../../contracts/audit';
import { actorOf, type RouteAccess } from '../../platform/access';
import { requestAuditContext } from '../../platform/audit';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

// Issue 4 item 6. The audit viewer is for admins and holders of security.audit; the access log is
// each patient's own (the session decides whose: there is no id to change).
const AUDITORS: RouteAccess = { permissions: { anyOf: ['security.audit'] } };
const PATIENTS: RouteAccess = { roles: ['patient'] };
// The costly reads are limited after the access check (preHandler), so only an auditor's own
// requests count and a refused caller is told 403, never 429.
const COSTLY = (max: number) => ({ max, timeWindow: '1 minute', hook: 'preHandler' as const });

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AuditService(new AuditRepository(app.db), app.audit);

  app.get(
    '/api/audit/events',
    { config: { access: AUDITORS }, schema: { querystring: auditListQuerySchema, response: { 200: auditListResponseSchema } } },
    async (request) => service.list(request.query, requestAuditContext(request)),
  );

  app.get(
    '/api/audit/events.csv',
    // An export walks the whole filtered trail: a few a minute is plenty for a person.
    { config: { access: AUDITORS, rateLimit: COSTLY(10) }, schema: { querystring: auditExportQuerySchema } },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="caredeck-audit-${stamp}.csv"`)
        .header('x-content-type-options', 'nosniff');
      return reply.send(Readable.from(service.exportCsv(request.query, requestAuditContext(request))));
    },
  );

  app.get(
    '/api/audit/chain',
    // Walks every event: limited so the button cannot be used to load the database.
    {
      config: { access: AUDITORS, rateLimit: COSTLY(6) },
      schema: { response: { 200: auditChainResponseSchema } },
    },
    async (request) => ({ data: await service.chainStatus(requestAuditContext(request)) }),
  );

  app.get(
    '/api/me/access-log',
    { config: { access: PATIENTS }, schema: { querystring: accessLogQuerySchema, response: { 200: accessLogResponseSchema } } },
    async (request) => {
      const { page, pageSize, category } = request.query;
      return service.accessLog(actorOf(request).userId, page, pageSize, requestAuditContext(request), category);
    },
  );
};
