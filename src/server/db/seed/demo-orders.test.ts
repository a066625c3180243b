import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardStatsResponseSchema } from '../../../contracts/doctor-portal';
import { orderListResponseSchema } from '../../../contracts/orders';
import { taskListResponseSchema } from '../../../contracts/tasks';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { users } from '../schema';

// A fresh demo start gives the demo doctor results waiting for review (one panel out of range)
// with their review tasks, so the home's count and the orders view show real work.

let test: TestApp;
let doctor: TestAgent;

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  await test.app.ready();
  const [row] = await test.db.db.select({ id: users.id }).from(users).where(eq(users.email, 'doctor@caredeck.demo'));
  doctor = new TestAgent(test.app);
  await doctor.signInAs(row!.id);
});

afterAll(async () => {
  await test?.close();
});

describe('the demo doctor’s orders', () => {
  it('has resulted panels to review, the abnormal one first, each with its task, and counts it on the home', async () => {
    const { data } = orderListResponseSchema.parse((await doctor.get('/api/orders?status=resulted&pageSize=100')).json());
    const seeded = data.filter(
      (order) => order.reason === 'Tiredness and pallor; anaemia?' || order.reason === 'Cardiovascular risk review',
    );
    expect(seeded).toHaveLength(2);
    expect(seeded[0]).toMatchObject({ code: 'cbc', worstFlag: 'low', releasedAt: null });
    expect(seeded[1]).toMatchObject({ code: 'lipid', worstFlag: 'normal' });
    expect(data.indexOf(seeded[0]!)).toBeLessThan(data.indexOf(seeded[1]!));

    const tasks = taskListResponseSchema.parse((await doctor.get('/api/tasks?pageSize=100')).json()).data;
    expect(tasks.filter((task) => task.kind === 'result-review' && seeded.some((order) => order.id === task.labOrderId))).toHaveLength(2);
    const stats = dashboardStatsResponseSchema.parse((await doctor.get('/api/doctor/dashboard-stats')).json()).data;
    expect(stats.abnormalLabs).toBeGreaterThanOrEqual(1);
  });
});
