import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageListResponseSchema, leaveListResponseSchema } from '../../../contracts/leave';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { users } from '../schema';

// A fresh demo start: the demo doctor has a pending leave request the administrator sees, and one
// colleague's appointment waiting for cover.

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  await test.app.ready();
});

afterAll(async () => {
  await test?.close();
});

async function signedIn(email: string): Promise<TestAgent> {
  const [user] = await test.db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const agent = new TestAgent(test.app);
  await agent.signInAs(user!.id);
  return agent;
}

describe('the demo leave and coverage', () => {
  it('shows a pending request to the doctor and the administrator, and an appointment to cover', async () => {
    const doctor = await signedIn('doctor@caredeck.demo');
    const admin = await signedIn('admin@caredeck.demo');
    const own = leaveListResponseSchema.parse((await doctor.get('/api/leave/requests')).json()).data;
    expect(own.map((leave) => leave.status)).toContain('pending');
    const pending = leaveListResponseSchema.parse((await admin.get('/api/leave/requests?status=pending')).json()).data;
    expect(pending.length).toBeGreaterThan(0);
    const offers = coverageListResponseSchema.parse((await doctor.get('/api/coverage')).json()).data;
    expect(offers).toEqual([expect.objectContaining({ status: 'open', sameSpecialty: true })]);
  });
});
