import { setImmediate as nextTick } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { captureLogs, type LogCapture } from '../test-support/log-capture';
import { TestAgent } from '../test-support/test-agent';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { serializeError } from './logging';

// Logs carry no PHI: the demo organisation is seeded, logging runs at debug, and representative
// flows name its patients everywhere a request can (searches, records, profile changes,
// registration, sign-in, audit filters, and a database error whose query holds their names and
// dates of birth). Not one seeded patient's name or date of birth may appear in what is logged.

const logs: LogCapture = captureLogs();
let t: TestApp;
let patients: { id: string; firstName: string; lastName: string; email: string; dateOfBirth: string | null }[];

/** A failing query carrying PHI as parameters, as any future bug in a repository could. */
const FAILING_ROUTE = '/api/log-check/failing-query';

beforeAll(async () => {
  t = await createTestApp({ seed: true, logStream: logs.stream, config: { logLevel: 'debug' } });
  t.app.get(FAILING_ROUTE, { config: { access: 'public' } }, async () => {
    const [patient] = patients;
    await t.app.db.execute(sql`select ${`${patient!.firstName} ${patient!.lastName}`}::uuid, ${patient!.dateOfBirth}::date`);
    return { ok: true };
  });
  await t.app.ready();
  patients = await t.app.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, dateOfBirth: users.dateOfBirth })
    .from(users)
    .where(eq(users.role, 'patient'));
});

afterAll(async () => {
  await t?.close();
});

async function agentFor(role: 'admin' | 'doctor' | 'patient'): Promise<{ agent: TestAgent; userId: string }> {
  const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.role, role)).limit(1);
  const agent = new TestAgent(t.app);
  await agent.signInAs(user!.id);
  return { agent, userId: user!.id };
}

/** Everything that names a seeded patient: full name, last name alone (as a word) and date of birth. */
function phiPatterns(): RegExp[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return patients.flatMap((patient) => [
    new RegExp(escape(`${patient.firstName} ${patient.lastName}`)),
    new RegExp(`\\b${escape(patient.lastName)}\\b`),
    new RegExp(escape(patient.email)),
    ...(patient.dateOfBirth ? [new RegExp(escape(patient.dateOfBirth))] : []),
  ]);
}

describe('what the server logs while its patients are named', () => {
  it('has seeded patients with names and dates of birth to look for', () => {
    expect(patients.length).toBeGreaterThan(2);
    expect(patients.filter((patient) => patient.dateOfBirth).length).toBeGreaterThan(2);
  });

  it('logs no seeded patient’s name, email or date of birth through representative flows and a database error', async () => {
    const admin = await agentFor('admin');
    const doctor = await agentFor('doctor');
    const patient = await agentFor('patient');
    const [first, second] = patients;
    const name = `${first!.firstName} ${first!.lastName}`;
    const statuses: number[] = [];
    const record = async (response: Promise<{ statusCode: number }>) => statuses.push((await response).statusCode);

    await record(admin.agent.get(`/api/patients?search=${encodeURIComponent(first!.lastName)}`));
    await record(admin.agent.get(`/api/patients/${first!.id}`));
    await record(admin.agent.get(`/api/patients/${first!.id}/complete`));
    await record(admin.agent.get(`/api/audit/events?patient=${encodeURIComponent(name)}`));
    await record(admin.agent.get(`/api/audit/events.csv?patient=${encodeURIComponent(first!.lastName)}`));
    await record(admin.agent.get(`/api/users?search=${encodeURIComponent(second!.lastName)}`));
    await record(doctor.agent.get(`/api/patients?search=${encodeURIComponent(name)}`));
    await record(doctor.agent.get(`/api/patients/${second!.id}/complete`));
    // A patient typing another's name and birth date into their profile: accepted, refused, and not JSON.
    await record(
      patient.agent.put(`/api/user/profile/${patient.userId}`, {
        firstName: first!.firstName,
        lastName: first!.lastName,
        dateOfBirth: first!.dateOfBirth,
      }),
    );
    await record(patient.agent.put(`/api/user/profile/${patient.userId}`, { firstName: name, dateOfBirth: `${first!.dateOfBirth}x` }));
    await record(
      patient.agent.put(
        `/api/user/profile/${patient.userId}`,
        `{"lastName": "${first!.lastName}", "dateOfBirth": "${first!.dateOfBirth}"`,
        {
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    // Registration with a seeded patient's details, and sign-in attempts with their address.
    const visitor = new TestAgent(t.app, '10.20.30.40');
    await record(
      visitor.post('/api/patients/register', {
        firstName: second!.firstName,
        lastName: second!.lastName,
        email: second!.email,
        password: 'Harbour-Lights#42',
        phone: '+1 555 010 2233',
        dateOfBirth: second!.dateOfBirth,
        gender: 'female',
        address: '12 Elm Street, Springfield, IL 62701',
      }),
    );
    await record(visitor.post('/api/auth/login', { email: first!.email, password: `${first!.lastName}-wrong-1` }));
    await record(visitor.post('/api/auth/forgot-password', { email: second!.email }));
    // A database error whose query carries the patient's name and date of birth as parameters.
    await record(visitor.get(FAILING_ROUTE));
    await nextTick();

    expect(statuses.at(-1), 'the failing query answers 500').toBe(500);
    expect(statuses.filter((status) => status >= 500)).toHaveLength(1);
    const text = logs.lines();
    // The database error was logged, by its code.
    const failure = logs.entries().find((entry) => entry.msg === 'unhandled error');
    expect(failure, 'the database error is logged').toBeDefined();
    expect(JSON.stringify(failure)).toContain('22P02');
    const leaks = phiPatterns().flatMap((pattern) =>
      text.filter((line) => pattern.test(line)).map((line) => `${pattern}: ${line.slice(0, 300)}`),
    );
    expect(leaks).toEqual([]);
  });
});

describe('serializeError', () => {
  it('keeps an application error’s message and call sites, and only the code of a database error', () => {
    const database = Object.assign(new Error('Failed query: select $1::uuid\nparams: Jane Doe,1960-02-01'), {
      query: 'select $1::uuid',
      params: ['Jane Doe', '1960-02-01'],
      cause: Object.assign(new Error('invalid input syntax for type uuid: "Jane Doe"'), {
        code: '22P02',
        severity: 'ERROR',
        routine: 'string_to_uuid',
      }),
    });
    const logged = JSON.stringify(serializeError(database));
    expect(logged).not.toMatch(/Jane|1960|select/);
    expect(logged).toContain('22P02');
    expect(logged).toContain('string_to_uuid');
    expect(serializeError(new TypeError('x is undefined'))).toMatchObject({ type: 'TypeError', message: 'x is undefined' });
  });
});
