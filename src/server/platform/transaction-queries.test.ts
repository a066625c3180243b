import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteResponseSchema, templateResponseSchema } from '../../contracts/clinical-notes';
import { createDoctorActor, giveHistory } from '../test-support/clinical-fixtures';
import { createActor, type Actor } from '../test-support/idor-harness';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testDatabaseUrl } from '../test-support/test-database';

// A repository may start queries side by side (Promise.all). In a write they all go to the
// transaction's one connection, which must send them one after another: node-postgres only queues a
// query sent to a busy connection, with a deprecation warning, and pg@9 drops that queue.
// The warning is printed once per process, and test files share their worker's process, so this
// test watches the connections themselves: how many queries each has in flight at once.
// PGlite has no connections and runs one statement at a time by design: PostgreSQL only.
describe.skipIf(!testDatabaseUrl())('a write’s queries on its transaction’s connection (PostgreSQL only)', () => {
  const clientQuery = pg.Client.prototype.query;
  const inFlight = new WeakMap<object, number>();
  let most = 0;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  let t: TestApp;
  let doctor: Actor;
  let patient: Actor;

  beforeAll(async () => {
    // Before the app opens its pool, so every connection it makes is watched.
    pg.Client.prototype.query = function watched(this: pg.Client, ...args: unknown[]) {
      const result = (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) {
        const now = (inFlight.get(this) ?? 0) + 1;
        inFlight.set(this, now);
        most = Math.max(most, now);
        void result.then(
          () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1),
          () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1),
        );
      }
      return result;
    } as typeof clientQuery;
    process.on('warning', onWarning);
    t = await createTestApp();
    await t.app.ready();
    doctor = await createDoctorActor(t.app);
    patient = await createActor(t.app, 'patient');
    await giveHistory(t.app, patient.user.id, [doctor.user.id]);
  });

  afterAll(async () => {
    pg.Client.prototype.query = clientQuery;
    process.off('warning', onWarning);
    await t?.close();
  });

  it('sends the four reads of a note started from a template one after another, with no warning', async () => {
    const template = await doctor.agent.post('/api/note-templates', {
      name: 'Follow-up',
      specialty: 'Family Medicine',
      shared: false,
      subjective: 'Follow-up visit.',
      objective: '{{vitals}}',
      assessment: '{{problems}}',
      plan: '{{medications}}\n{{allergies}}',
      instructions: '',
    });
    expect(template.statusCode, template.body).toBe(201);
    most = 0;
    // Creating the note reads the patient's vitals, problems, medications and allergies side by side, in the write.
    const response = await doctor.agent.post('/api/clinical-notes', {
      patientId: patient.user.id,
      templateId: templateResponseSchema.parse(template.json()).data.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(noteResponseSchema.parse(response.json()).data.objective).not.toContain('{{');
    expect(most).toBe(1);
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });
});
