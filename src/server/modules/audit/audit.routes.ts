import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { auditApi } from '../../../contracts/audit';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { AuditService } from './audit.service';

// The audit viewer is for admins and holders of security.audit; the access log is each patient's
// own (the session decides whose: there is no id to change).
const AUDITORS: RouteAccess = { permissions: { anyOf: ['security.audit'] } };
const PATIENTS: RouteAccess = { roles: ['patient'] };
// The costly reads are limited after the access check (preHandler), so only an auditor's own
// requests count and a refused caller is told 403, never 429.
const COSTLY = (max: number) => ({ max, timeWindow: '1 minute', hook: 'preHandler' as const });

export const auditRoutes: FastifyPluginAsync<{ audit: AuditService }> = async (app, { audit }) => {
  route(app, auditApi.events, { access: AUDITORS }, (request) => audit.list(request.ctx, request.query));

  // An export walks the whole filtered trail: a few a minute is plenty for a person.
  route(app, auditApi.export, { access: AUDITORS, rateLimit: COSTLY(10) }, async (request, reply) => {
    const lines = await audit.exportCsv(request.ctx, request.query);
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="caredeck-audit-${stamp}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .send(Readable.from(lines)) as unknown as void;
  });

  // Walks every event: limited so the button cannot be used to load the database.
  route(app, auditApi.chain, { access: AUDITORS, rateLimit: COSTLY(6) }, async (request) => ({
    data: await audit.chainStatus(request.ctx),
  }));

  route(app, auditApi.accessLog, { access: PATIENTS }, (request) =>
    audit.accessLog(request.ctx, request.query.page, request.query.pageSize, request.query.category),
  );
};
