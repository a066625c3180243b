import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createClinicalHistory, createDoctor, Random, type ClinicalHistory } from '../db/factories';
import type { BookingApprovalMode } from '../../contracts/system-settings';
import { doctorAvailability, systemSettings } from '../db/schema';
import type { Actor } from './idor-harness';
import { TestAgent } from './test-agent';

// Clinical test support: doctors with a directory profile (appointments reference it) and patients
// with a full clinical history built by the same factories as the demo seed.

const random = new Random(Number.parseInt(randomBytes(4).toString('hex'), 16));

/** A signed-in doctor with a profile and weekly hours. */
export async function createDoctorActor(app: FastifyInstance): Promise<Actor> {
  const { user } = await createDoctor(app.db, random);
  const agent = new TestAgent(app);
  await agent.signInAs(user.id);
  return { user, agent };
}

// One set of booked slots per app, so two patients' histories never book one doctor's slot twice.
const takenSlots = new WeakMap<FastifyInstance, Set<string>>();

/** Six months of history for `patientId`, seen by `careTeam` (the first is their usual doctor). */
export async function giveHistory(app: FastifyInstance, patientId: string, careTeam: readonly string[]): Promise<ClinicalHistory> {
  return createClinicalHistory(app.db, random, { patientId, careTeam, now: new Date(), takenSlots: slotsOf(app) });
}

function slotsOf(app: FastifyInstance): Set<string> {
  let taken = takenSlots.get(app);
  if (!taken) takenSlots.set(app, (taken = new Set()));
  return taken;
}

/** A signed-in doctor working every day 09:00–12:00 (clinic time), with nothing booked: slots on any date a test picks. */
export async function createOpenDoctorActor(app: FastifyInstance): Promise<Actor> {
  const actor = await createDoctorActor(app);
  await app.db.delete(doctorAvailability).where(eq(doctorAvailability.doctorId, actor.user.id));
  await app.db
    .insert(doctorAvailability)
    .values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ doctorId: actor.user.id, dayOfWeek, startTime: '09:00', endTime: '12:00' })));
  return actor;
}

/**
 * Which patient bookings wait for the clinic's approval, as an admin would save it (null: the
 * built-in default), in force on this app at once.
 */
export async function setBookingApproval(app: FastifyInstance, mode: BookingApprovalMode | null): Promise<void> {
  await app.db
    .insert(systemSettings)
    .values({ id: 1, bookingApproval: mode })
    .onConflictDoUpdate({ target: systemSettings.id, set: { bookingApproval: mode } });
  app.systemSettings.forget();
}
