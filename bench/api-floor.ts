/**
 * The floor for bench/api.ts: a bare `node:http` server with the raw `pg` driver doing the least
 * the same work needs, with no framework, no validation and no abstraction: look the session up
 * (the same hashed-token query and the same checks), run the same select, insert one audit row
 * (its hash computed the same way), answer JSON. Whatever Caredeck spends beyond this is the cost
 * of its layers. Also answers a constant JSON document (`/bare`), the cost of HTTP alone.
 *
 * Run by bench/api.ts: `node --import tsx bench/api-floor.ts <port> <databaseUrl>`.
 */
import type { AuditActionCode } from '../src/contracts/audit';
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { auditRow } from '../src/server/platform/audit';

const [portArg, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const COOKIE = /(?:^|;\s*)caredeck-session=([^;]+)/;

const SESSION = `select s.user_id, u.role from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1 and s.revoked_at is null and s.idle_expires_at > now() and s.absolute_expires_at > now() and u.is_active`;

async function session(request: http.IncomingMessage): Promise<{ userId: string; role: string } | null> {
  const token = COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return null;
  const { rows } = await pool.query({ name: 'session', text: SESSION, values: [createHash('sha256').update(token).digest('hex')] });
  return rows[0] ? { userId: rows[0].user_id as string, role: rows[0].role as string } : null;
}

const INSERT_AUDIT = `insert into audit_events (occurred_at, actor_user_id, actor_role, action, resource_type, resource_id, patient_id, patient_ids, outcome, ip, user_agent, request_id, details, prev_hash, hash)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`;

function auditValues(
  actor: { userId: string; role: string },
  action: AuditActionCode,
  resourceId: string,
  patients: string[],
  details: object,
) {
  const row = auditRow({
    action,
    outcome: 'success',
    actorUserId: actor.userId,
    actorRole: actor.role,
    resourceType: 'patient',
    resourceId,
    patientId: patients.length === 1 ? patients[0] : null,
    patientIds: patients.length > 1 ? patients : null,
    ip: '127.0.0.1',
    userAgent: 'bench',
    requestId: 'bench',
    details: details as Record<string, unknown>,
  });
  return [
    row.occurredAt,
    row.actorUserId,
    row.actorRole,
    row.action,
    row.resourceType,
    row.resourceId,
    row.patientId,
    row.patientIds,
    row.outcome,
    row.ip,
    row.userAgent,
    row.requestId,
    row.details,
    row.prevHash,
    row.hash,
  ];
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

const VITALS =
  'select id, patient_id, type, value, unit, measured_at, source from vitals where patient_id = $1 order by measured_at desc, type limit $2';
const DIRECTORY = `select u.id, u.first_name, u.last_name, u.email, u.phone, u.date_of_birth, u.gender, p.medical_record_number, count(*) over () as total
  from patient_profiles p join users u on u.id = p.user_id
  where exists (select 1 from care_assignments c where c.doctor_id = $1 and c.patient_id = p.user_id)
     or exists (select 1 from appointments a where a.doctor_id = $1 and a.patient_id = p.user_id)
  order by u.last_name, u.first_name, u.id limit $2 offset $3`;
const MARK_READ = 'update notifications set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 returning id';

async function handle(request: http.IncomingMessage, response: http.ServerResponse, audit: boolean): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://floor');
  if (url.pathname === '/bare') return send(response, 200, { ok: true });
  const actor = await session(request);
  if (!actor) return send(response, 401, { error: { code: 'UNAUTHENTICATED' } });

  const vitals = /^\/api\/patients\/([0-9a-f-]{36})\/vitals$/.exec(url.pathname);
  if (vitals && request.method === 'GET') {
    const patientId = vitals[1]!;
    if (actor.role !== 'patient' || actor.userId !== patientId) return send(response, 404, { error: { code: 'NOT_FOUND' } });
    const { rows } = await pool.query({ name: 'vitals', text: VITALS, values: [patientId, Number(url.searchParams.get('limit') ?? 20)] });
    if (audit)
      await pool.query({
        name: 'audit',
        text: INSERT_AUDIT,
        values: auditValues(actor, 'vitals.list', patientId, [patientId], { count: rows.length }),
      });
    return send(response, 200, { data: rows });
  }

  if (url.pathname === '/api/patients' && request.method === 'GET') {
    const pageSize = Number(url.searchParams.get('pageSize') ?? 25);
    const page = Number(url.searchParams.get('page') ?? 1);
    const { rows } = await pool.query({ name: 'directory', text: DIRECTORY, values: [actor.userId, pageSize, (page - 1) * pageSize] });
    const ids = rows.map((row) => row.id as string);
    if (audit)
      await pool.query({ name: 'audit', text: INSERT_AUDIT, values: auditValues(actor, 'patient.list', '', ids, { count: rows.length }) });
    return send(response, 200, { data: rows, page, pageSize, total: Number(rows[0]?.total ?? 0) });
  }

  const read = /^\/api\/notifications\/([0-9a-f-]{36})\/read$/.exec(url.pathname);
  if (read && request.method === 'PUT') {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query({ name: 'mark-read', text: MARK_READ, values: [read[1], actor.userId] });
      if (audit)
        await client.query({ name: 'audit', text: INSERT_AUDIT, values: auditValues(actor, 'notification.read', read[1]!, [], {}) });
      await client.query('commit');
      return send(response, rows.length ? 200 : 404, { success: rows.length > 0 });
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  }
  return send(response, 404, { error: { code: 'NOT_FOUND' } });
}

const server = http.createServer((request, response) => {
  // The same server twice: with the audit insert (the floor) and, on /no-audit/..., without it.
  const withoutAudit = request.url?.startsWith('/no-audit/') ?? false;
  if (withoutAudit) request.url = request.url!.slice('/no-audit'.length);
  request.resume();
  request.on('end', () => {
    handle(request, response, !withoutAudit).catch((error: unknown) => {
      process.stderr.write(`floor: ${error instanceof Error ? error.message : String(error)}\n`);
      send(response, 500, { error: { code: 'INTERNAL' } });
    });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(portArg), '127.0.0.1', () => process.send?.({ ready: true }));
process.on('message', (message: { stop?: boolean }) => {
  if (message.stop) server.close(() => void pool.end().then(() => process.exit(0)));
});
