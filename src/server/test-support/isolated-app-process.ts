import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildAppointment, createDoctor, Random } from '../db/factories';
import { appointments } from '../db/schema';
import { createActor, type Actor } from './idor-harness';
import type { IsolatedFixtures, IsolatedReply, IsolatedRequest } from './isolated-app';
import { TestAgent } from './test-agent';
import { createTestApp } from './test-app';

// The child side of isolated-app.ts: the real app on a test database, in a process of its own,
// answering requests sent over IPC through app.inject. A request that never returns blocks only
// this process, so the test that sent it sees a timeout instead of freezing with it.

const t = await createTestApp();
await t.app.ready();
const random = new Random(Number.parseInt(randomBytes(4).toString('hex'), 16));

const actors: Record<string, Actor> = {
  patient: await createActor(t.app, 'patient'),
  doctor: await createActor(t.app, 'doctor'),
  staff: await createActor(t.app, 'staff'),
  admin: await createActor(t.app, 'admin'),
};
const { user: doctor } = await createDoctor(t.app.db, random);
const appointment = buildAppointment(random, {
  patientId: actors.patient!.user.id,
  doctorId: doctor.id,
  startsAt: new Date(Date.now() + 10 * 86_400_000),
});
await t.app.db.insert(appointments).values(appointment);

const fixtures: IsolatedFixtures = {
  userIds: Object.fromEntries(Object.entries(actors).map(([role, actor]) => [role, actor.user.id])),
  doctorId: doctor.id,
  appointmentId: appointment.id,
};

let anonymous = 0;
async function answer(request: IsolatedRequest): Promise<LightMyRequestResponse> {
  // Each anonymous request comes from an address of its own, so per-address limits do not hide what follows.
  anonymous += 1;
  const agent =
    request.actor === 'anonymous'
      ? new TestAgent(t.app, `10.${(anonymous >> 16) & 255}.${(anonymous >> 8) & 255}.${anonymous & 255}`)
      : actors[request.actor]!.agent;
  return agent.request(request.method, request.url, request.payload, request.headers ? { headers: request.headers } : {});
}

process.on('message', (message: IsolatedRequest) => {
  answer(message).then(
    (response) => process.send!({ id: message.id, status: response.statusCode, body: response.body } satisfies IsolatedReply),
    (error: unknown) => process.send!({ id: message.id, status: 0, body: String(error) } satisfies IsolatedReply),
  );
});
process.on('disconnect', () => {
  void t.close().finally(() => process.exit(0));
});
process.send!({ ready: fixtures });
