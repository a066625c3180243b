import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCategoryOf, type AccessLogResponse, type AuditActionName, type AuditListResponse } from '../../../contracts/audit';
import { openDatabase } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { auditEvents, permissions, userPermissions } from '../../db/schema';
import { AuditLog } from '../../platform/audit';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { openMigratedTestDatabase } from '../../test-support/test-database';
import { createAccount, type TestAccount } from '../auth/testing';
import { csvCell } from './audit-csv';
import { archiveConfiguredAuditTrail } from './audit-archive';
import { verifyAuditTrail, verifyConfiguredAuditTrail } from './audit-verify';

// The audit viewer and its export, the chain check, the database's refusal to
// change history, and the patient's own access log.

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('audit trail', () => {
  let t: TestApp;
  let admin: TestAccount;
  let doctor: TestAccount;
  let patient: TestAccount;
  let otherPatient: TestAccount;
  let adminAgent: TestAgent;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db.db;
    [admin, doctor, patient, otherPatient] = [
      await createAccount(db, { role: 'admin' }),
      await createAccount(db, { role: 'doctor' }),
      await createAccount(db, { role: 'patient' }),
      await createAccount(db, { role: 'patient' }),
    ];
    adminAgent = new TestAgent(t.app);
    await adminAgent.signInAs(admin.user.id);
  });
  afterAll(() => t?.close());

  /** What a patient-data route writes when a doctor opens a record (patients-directory.service.ts). */
  const doctorReads = (patientId: string) =>
    t.app.audit.record({
      actorUserId: doctor.user.id,
      actorRole: 'doctor',
      action: 'patient.read',
      outcome: 'success',
      resourceType: 'patient',
      resourceId: patientId,
      patientId,
      ip: '10.0.0.7',
    });

  async function agentFor(account: TestAccount): Promise<TestAgent> {
    const agent = new TestAgent(t.app);
    await agent.signInAs(account.user.id);
    return agent;
  }

  const eventsOf = (action: string, actor: string) =>
    t.db.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.actorUserId, actor)))
      .orderBy(asc(auditEvents.id));

  describe('GET /api/audit/events', () => {
    it('lists newest first with actor and patient names, filters, pages, and audits the read', async () => {
      await doctorReads(patient.user.id);
      await doctorReads(otherPatient.user.id);
      const response = await adminAgent.get(`/api/audit/events?user=${doctor.user.id}&action=patient.&pageSize=1`);
      expect(response.statusCode).toBe(200);
      const page1 = response.json<AuditListResponse>();
      expect(page1.total).toBe(2);
      expect(page1.data).toHaveLength(1);
      expect(page1.data[0]).toMatchObject({
        action: 'patient.read',
        outcome: 'success',
        actorRole: 'doctor',
        actor: { id: doctor.user.id, name: `${doctor.user.firstName} ${doctor.user.lastName}`, role: 'doctor' },
        patient: { id: otherPatient.user.id, name: `${otherPatient.user.firstName} ${otherPatient.user.lastName}` },
        ip: '10.0.0.7',
      });
      const page2 = (
        await adminAgent.get(`/api/audit/events?user=${doctor.user.id}&action=patient.&pageSize=1&page=2`)
      ).json<AuditListResponse>();
      expect(page2.data[0]!.patient?.id).toBe(patient.user.id);
      expect(page2.data[0]!.id).toBeLessThan(page1.data[0]!.id);

      // The patient filter takes part of a name as well as an id.
      const byName = (
        await adminAgent.get(`/api/audit/events?patient=${encodeURIComponent(patient.user.lastName)}&action=patient.read`)
      ).json<AuditListResponse>();
      expect(byName.data.map((e) => e.patient?.id)).toEqual([patient.user.id]);

      const audited = await eventsOf('audit.list', admin.user.id);
      expect(audited).toHaveLength(3);
      expect(audited[0]!.details).toMatchObject({ filters: ['action', 'user'], action: 'patient.', count: 1 });
    });

    it('filters by outcome and date range; a day given without a time includes the whole day', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const denied = (await adminAgent.get(`/api/audit/events?outcome=denied&from=${today}&to=${today}`)).json<AuditListResponse>();
      expect(denied.data.every((e) => e.outcome === 'denied')).toBe(true);
      const withinToday = (await adminAgent.get(`/api/audit/events?from=${today}&to=${today}`)).json<AuditListResponse>();
      expect(withinToday.total).toBeGreaterThan(0);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const none = (await adminAgent.get(`/api/audit/events?from=${tomorrow}`)).json<AuditListResponse>();
      expect(none).toMatchObject({ data: [], total: 0 });
    });

    it('filters by category, so preference changes never bury reads of records, and notes the category used', async () => {
      await doctorReads(otherPatient.user.id);
      for (const action of ['settings.update', 'auth.sign-in', 'clinic.update'] as const) {
        await t.app.audit.record({ actorUserId: otherPatient.user.id, actorRole: 'patient', action, outcome: 'success' });
      }
      const inCategory = async (category: string) =>
        (
          await adminAgent.get(`/api/audit/events?category=${category}&user=${otherPatient.user.id}&pageSize=100`)
        ).json<AuditListResponse>();
      expect((await inCategory('preferences')).data.map((e) => e.action)).toEqual(['settings.update']);
      expect((await inCategory('account')).data.map((e) => e.action)).toEqual(['auth.sign-in']);
      expect((await inCategory('administration')).data.map((e) => e.action)).toEqual(['clinic.update']);
      const records = (
        await adminAgent.get(`/api/audit/events?category=record&patient=${otherPatient.user.id}&pageSize=100`)
      ).json<AuditListResponse>();
      expect(records.data.length).toBeGreaterThan(0);
      expect(records.data.every((e) => auditCategoryOf(e.action as AuditActionName) === 'record')).toBe(true);
      // The CSV export narrows the same way (another admin's, so the export story below counts its own).
      const csv = await (
        await agentFor(await createAccount(t.db.db, { role: 'admin' }))
      ).get(`/api/audit/events.csv?category=preferences&user=${otherPatient.user.id}`);
      expect(
        csv.body
          .trimEnd()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',')[5]),
      ).toEqual(['settings.update']);

      const listed = (await eventsOf('audit.list', admin.user.id)).at(-1);
      expect(listed!.details).toMatchObject({ filters: ['category', 'patient'], category: 'record' });
    });

    it('refuses bad filters with 400 and changes nothing', async () => {
      for (const query of [
        'category=everything',
        'category=',
        'outcome=maybe',
        'from=yesterday',
        "action=patient'%20or%201=1",
        'pageSize=1000',
        'sort=id',
      ]) {
        const response = await adminAgent.get(`/api/audit/events?${query}`);
        expect(response.statusCode, query).toBe(400);
      }
    });

    it('is refused to doctors, patients and staff without security.audit (403), and to nobody signed in (401)', async () => {
      const staff = await createAccount(t.db.db, { role: 'staff' });
      for (const account of [doctor, patient, staff]) {
        const agent = await agentFor(account);
        expect((await agent.get('/api/audit/events')).statusCode).toBe(403);
        expect((await agent.get('/api/audit/events.csv')).statusCode).toBe(403);
        expect((await agent.get('/api/audit/chain')).statusCode).toBe(403);
      }
      expect((await new TestAgent(t.app).get('/api/audit/events')).statusCode).toBe(401);
    });

    it('is open to staff holding security.audit', async () => {
      const auditor = await createAccount(t.db.db, { role: 'staff' });
      const [permission] = await t.db.db.select().from(permissions).where(eq(permissions.permission, 'security.audit'));
      await t.db.db.insert(userPermissions).values({ userId: auditor.user.id, permissionId: permission!.id, grantedBy: admin.user.id });
      const response = await (await agentFor(auditor)).get('/api/audit/events?pageSize=5');
      expect(response.statusCode).toBe(200);
    });
  });

  describe('GET /api/audit/events.csv', () => {
    it('exports the filtered events as CSV, escaped against formula injection, and audits the export', async () => {
      await t.app.audit.record({
        actorUserId: doctor.user.id,
        actorRole: 'doctor',
        action: 'test.export',
        outcome: 'success',
        resourceType: 'patient',
        resourceId: 'a,"quoted"\nline',
        patientId: patient.user.id,
        userAgent: '=HYPERLINK("http://evil.example","click")',
      });
      const response = await adminAgent.get('/api/audit/events.csv?action=test.export');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="caredeck-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.headers['cache-control']).toBe('no-store');
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe(
        'id,occurred_at,actor_id,actor_name,actor_role,action,outcome,resource_type,resource_id,patient_id,patient_name,ip,user_agent,request_id,details',
      );
      expect(response.body).toContain(`,test.export,success,patient,"a,""quoted""\nline",${patient.user.id},`);
      expect(response.body).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
      expect(response.body.trimEnd().split('\r\n')).toHaveLength(2);
      expect(await eventsOf('audit.export', admin.user.id)).toHaveLength(1);
    });

    it('escapes every cell that a spreadsheet would run', () => {
      expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', 'plain', 'a"b', null].map(csvCell)).toEqual([
        "'=1+1",
        "'+1",
        "'-2",
        "'@SUM(A1)",
        "'\tx",
        'plain',
        '"a""b"',
        '',
      ]);
    });
  });

  describe('chain integrity', () => {
    it('reports an intact chain to admins, and audits the check', async () => {
      const response = await adminAgent.get('/api/audit/chain');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ intact: true, brokenAt: null });
      expect(response.json().data.checked).toBeGreaterThan(0);
      expect(await eventsOf('audit.verify', admin.user.id)).toHaveLength(1);
    });

    it('is enforced by the database: UPDATE, DELETE and TRUNCATE on audit_events are refused', async () => {
      const [first] = await t.db.db.select().from(auditEvents).orderBy(asc(auditEvents.id)).limit(1);
      await expect(t.db.db.update(auditEvents).set({ action: 'rewritten' }).where(eq(auditEvents.id, first!.id))).rejects.toThrow();
      await expect(t.db.db.delete(auditEvents).where(eq(auditEvents.id, first!.id))).rejects.toThrow();
      await expect(t.db.db.execute(sql`truncate audit_events`)).rejects.toThrow();
      const [again] = await t.db.db.select().from(auditEvents).where(eq(auditEvents.id, first!.id));
      expect(again).toEqual(first);
    });

    it('writes events whose texts hold a NUL or half of a surrogate pair, in a shared insert, and they verify', async () => {
      const handle = await openMigratedTestDatabase();
      try {
        const log = new AuditLog(handle.db);
        // Together, so they share an insert: one odd text must not cost the others their event.
        await Promise.all([
          log.record({
            action: 'test.odd',
            outcome: 'failure',
            resourceId: 'x\uD800y',
            details: { reason: 'a\u0000b', ['k\uDC00']: 'z\uD83D' },
          }),
          log.record({ action: 'test.plain', outcome: 'success', resourceId: 'plain' }),
          log.record({ action: 'test.cut', outcome: 'success', resourceId: `${'r'.repeat(199)}\uD83D\uDE00` }),
        ]);
        const rows = await handle.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
        const byAction = new Map(rows.map((row) => [row.action, row]));
        expect(byAction.get('test.odd')).toMatchObject({ resourceId: 'x\uFFFDy', details: { reason: 'ab', ['k\uFFFD']: 'z\uFFFD' } });
        expect(byAction.get('test.plain')?.resourceId).toBe('plain');
        // Cut to 200 characters through the emoji's pair: the half left over is mended too.
        expect(byAction.get('test.cut')?.resourceId).toBe(`${'r'.repeat(199)}\uFFFD`);
        expect(await verifyAuditTrail(handle)).toMatchObject({ exitCode: 0 });
      } finally {
        await handle.close();
      }
    });

    it('detects a row changed behind the trigger, and names the first broken event', async () => {
      const handle = await openMigratedTestDatabase();
      try {
        const log = new AuditLog(handle.db);
        for (const action of ['one', 'two', 'three']) await log.record({ action: `test.${action}`, outcome: 'success' });
        expect(await verifyAuditTrail(handle)).toEqual({
          exitCode: 0,
          message: 'Audit trail intact: 3 events verified (0 seals; 3 not sealed yet).',
        });
        const [, second] = await handle.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
        // Only someone who can disable the trigger (the database owner) can do this; the chain still shows it.
        await handle.db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
        await handle.db.update(auditEvents).set({ outcome: 'failure' }).where(eq(auditEvents.id, second!.id));
        await handle.db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
        const outcome = await verifyAuditTrail(handle);
        expect(outcome.exitCode).toBe(1);
        expect(outcome.message).toBe(`Audit trail BROKEN at event id ${second!.id}: that event was changed after it was written.`);
      } finally {
        await handle.close();
      }
    });

    it('npm run audit:verify exits 0 on an intact embedded database, 1 on a tampered one, 2 on a missing one', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-audit-verify-'));
      const run = (dir: string) =>
        spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/audit-verify.ts'], {
          cwd: REPO_ROOT,
          env: { PATH: process.env.PATH, DATA_DIR: dir },
          encoding: 'utf8',
          // Three cold starts of tsx + PGlite: seconds alone, a minute or more on a loaded machine.
          timeout: 120_000,
        });
      try {
        let handle = await openDatabase({ dataDir });
        await applyMigrations(handle);
        const log = new AuditLog(handle.db);
        await log.record({ action: 'test.first', outcome: 'success' });
        await log.record({ action: 'test.second', outcome: 'success' });
        await handle.close();

        const intact = run(dataDir);
        expect(intact.stdout).toContain('Audit trail intact: 2 events verified');
        expect(intact.status).toBe(0);

        handle = await openDatabase({ dataDir });
        await handle.db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
        await handle.db.execute(sql`update audit_events set action = 'test.rewritten' where action = 'test.first'`);
        await handle.close();
        const broken = run(dataDir);
        expect(broken.stderr).toMatch(/Audit trail BROKEN at event id \d+: that event was changed/);
        expect(broken.status).toBe(1);

        const missing = run(path.join(dataDir, 'nothing-here'));
        expect(missing.status).toBe(2);
        expect((await verifyConfiguredAuditTrail({ dataDir: path.join(dataDir, 'nothing-here') })).exitCode).toBe(2);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 300_000);

    it('archives old events to a file that verifies against the seals, and the trail still verifies without them', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-audit-archive-'));
      const outDir = path.join(dataDir, 'archive');
      try {
        const handle = await openDatabase({ dataDir });
        await applyMigrations(handle);
        const log = new AuditLog(handle.db);
        for (const action of ['one', 'two', 'three']) await log.record({ action: `test.${action}`, outcome: 'success' });
        await handle.close();

        const outcome = await archiveConfiguredAuditTrail({ dataDir }, new Date(Date.now() + 60_000), outDir);
        expect(outcome).toMatchObject({ events: 3, seals: 1 });
        expect(await verifyConfiguredAuditTrail({ dataDir })).toEqual({
          exitCode: 0,
          message: 'Audit trail intact: 0 events verified (1 seals, 1 of them archived; 0 not sealed yet).',
        });
        expect(await verifyConfiguredAuditTrail({ dataDir }, { archive: outcome.file! })).toEqual({
          exitCode: 0,
          message: "Audit archive intact: 3 events in 1 seals match the database's seals.",
        });
        // An archive with one event left out no longer matches its seal.
        const lines = fs.readFileSync(outcome.file!, 'utf8').trim().split('\n');
        const first = JSON.parse(lines[0]!) as { events: unknown[] };
        first.events.splice(1, 1);
        fs.writeFileSync(outcome.file!, `${[JSON.stringify(first), ...lines.slice(1)].join('\n')}\n`);
        expect((await verifyConfiguredAuditTrail({ dataDir }, { archive: outcome.file! })).exitCode).toBe(1);
        // Nothing older left: a second run archives nothing.
        expect(await archiveConfiguredAuditTrail({ dataDir }, new Date(Date.now() + 60_000), outDir)).toMatchObject({
          file: null,
          events: 0,
        });
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('GET /api/me/access-log', () => {
    it("shows a patient the doctor's read of their record, by name and role, and never another patient's events", async () => {
      const me = await createAccount(t.db.db, { role: 'patient' });
      const someoneElse = await createAccount(t.db.db, { role: 'patient' });
      await doctorReads(me.user.id);
      await doctorReads(someoneElse.user.id);
      // Their own action on their own record is not "someone opened my record".
      await t.app.audit.record({
        actorUserId: me.user.id,
        actorRole: 'patient',
        action: 'profile.update',
        outcome: 'success',
        patientId: me.user.id,
      });
      const agent = await agentFor(me);
      const response = await agent.get('/api/me/access-log');
      expect(response.statusCode).toBe(200);
      const log = response.json<AccessLogResponse>();
      expect(log.total).toBe(1);
      expect(log.data).toEqual([
        {
          id: expect.any(Number),
          occurredAt: expect.any(String),
          // In parts only, for the page to order in the reader's language.
          actor: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
          actorRole: 'doctor',
          actorPosition: null,
          action: 'patient.read',
          outcome: 'success',
          emergency: false,
        },
      ]);
      // Nothing of the request leaks the other patient: no id, name or event of theirs.
      expect(response.body).not.toContain(someoneElse.user.id);
      expect(response.body).not.toContain(someoneElse.user.lastName);
      // The read of the log is audited under the patient, and does not show up in their own log.
      expect(await eventsOf('access-log.read', me.user.id)).toHaveLength(1);
      expect((await agent.get('/api/me/access-log')).json<AccessLogResponse>().total).toBe(1);
    });

    it('shows a list read that returned the patient among others, and no one else in it', async () => {
      const me = await createAccount(t.db.db, { role: 'patient' });
      const neighbour = await createAccount(t.db.db, { role: 'patient' });
      await t.app.audit.record({
        actorUserId: doctor.user.id,
        actorRole: 'doctor',
        action: 'patient.list',
        outcome: 'success',
        patientIds: [neighbour.user.id, me.user.id],
      });
      const response = await (await agentFor(me)).get('/api/me/access-log');
      expect(response.json<AccessLogResponse>().data).toEqual([expect.objectContaining({ action: 'patient.list', actorRole: 'doctor' })]);
      expect(response.body).not.toContain(neighbour.user.id);
      // The admin viewer finds it by either patient's id.
      const byId = (await adminAgent.get(`/api/audit/events?patient=${me.user.id}&action=patient.list`)).json<AuditListResponse>();
      expect(byId.total).toBe(1);
    });

    it('names another patient who reached the record by role only', async () => {
      const me = await createAccount(t.db.db, { role: 'patient' });
      await t.app.audit.record({
        actorUserId: otherPatient.user.id,
        actorRole: 'patient',
        action: 'medication.shared-view',
        outcome: 'success',
        patientId: me.user.id,
      });
      const log = (await (await agentFor(me)).get('/api/me/access-log')).json<AccessLogResponse>();
      expect(log.data[0]).toMatchObject({ actor: null, actorRole: 'patient' });
    });

    it('narrows the log to one category, so preference changes do not bury reads of the record', async () => {
      const me = await createAccount(t.db.db, { role: 'patient' });
      await doctorReads(me.user.id);
      for (const fields of [['theme'], ['language']]) {
        await t.app.audit.record({
          actorUserId: admin.user.id,
          actorRole: 'admin',
          action: 'settings.update',
          outcome: 'success',
          resourceType: 'user',
          resourceId: me.user.id,
          patientId: me.user.id,
          details: { fields },
        });
      }
      const agent = await agentFor(me);
      const actions = async (query: string) =>
        (await agent.get(`/api/me/access-log${query}`)).json<AccessLogResponse>().data.map((entry) => entry.action);
      expect(await actions('')).toEqual(['settings.update', 'settings.update', 'patient.read']);
      expect(await actions('?category=record')).toEqual(['patient.read']);
      expect(await actions('?category=preferences')).toEqual(['settings.update', 'settings.update']);
      expect((await agent.get('/api/me/access-log?category=everything')).statusCode).toBe(400);
    });

    it('answers 403 to doctors, staff and admins, 401 to nobody, and takes no patient id', async () => {
      for (const account of [doctor, admin, await createAccount(t.db.db, { role: 'staff' })]) {
        expect((await (await agentFor(account)).get('/api/me/access-log')).statusCode).toBe(403);
      }
      expect((await new TestAgent(t.app).get('/api/me/access-log')).statusCode).toBe(401);
      const agent = await agentFor(patient);
      expect((await agent.get(`/api/me/access-log?patientId=${otherPatient.user.id}`)).statusCode).toBe(400);
    });
  });
});
