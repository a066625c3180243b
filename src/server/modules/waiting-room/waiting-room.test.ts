import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../contracts/appointments';
import { waitingRoomResponseSchema } from '../../../contracts/waiting-room';
import { buildAppointment, createPatient, Random } from '../../db/factories';
import { appointments, type UserRow } from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { doctorLetter, ticketOf } from './waiting-room.service';

// The waiting-room display against the real app and database: tickets and initials per doctor,
// nothing that names a patient; the display account, the desk and admins read it, nobody else;
// a check-in tells the displays, naming nobody.

let t: TestApp;
let display: Actor;
let desk: Actor;
let admin: Actor;
let patientActor: Actor;
let clerk: Actor;
let first: Actor;
let second: Actor;
const patients: UserRow[] = [];
let published: BusEnvelope[];
const random = new Random(1914);
const MINUTE = 60_000;
const dayStart = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const at = (minutes: number) => new Date(dayStart + minutes * MINUTE);

async function visit(
  doctor: Actor,
  patient: UserRow,
  startsAt: Date,
  status: AppointmentStatus,
  checkedInAt: Date | null,
): Promise<string> {
  const row = buildAppointment(random, { doctorId: doctor.user.id, patientId: patient.id, startsAt, status, durationMinutes: 20 });
  await t.app.db.insert(appointments).values({ ...row, checkedInAt });
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  display = await createActor(t.app, 'staff', { position: 'waiting-room-display', permissions: ['appointments.queue.display'] });
  desk = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'appointments.view.all', 'appointments.update'] });
  clerk = await createActor(t.app, 'staff', { position: 'billing', permissions: ['patients.view.all', 'billing.view'] });
  admin = await createActor(t.app, 'admin');
  patientActor = await createActor(t.app, 'patient');
  first = await createDoctorActor(t.app);
  second = await createDoctorActor(t.app);
  for (const [firstName, lastName] of [
    ['Beatrix', 'Quintana'],
    ['Cornelius', 'Wexford'],
    ['Desdemona', 'Yarrow'],
    ['Evander', 'Zellweger'],
  ] as const) {
    patients.push((await createPatient(t.app.db, random, { firstName, lastName, phone: `+44 161 496 0${patients.length}77` })).user);
  }
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/staff/waiting-room', () => {
  it('shows per doctor who is being seen and who is next, as initials and tickets of the day’s check-ins', async () => {
    const [beatrix, cornelius, desdemona, evander] = patients as [UserRow, UserRow, UserRow, UserRow];
    // The day's check-ins, in order: Evander with the second doctor (done since), Beatrix with the
    // first (being seen), Cornelius with the second, Desdemona with the first. The second doctor's
    // first check-in came first: they are A, the first doctor B.
    await visit(first, beatrix, at(60), 'in-progress', at(1));
    await visit(second, cornelius, at(70), 'checked-in', at(2));
    await visit(first, desdemona, at(80), 'checked-in', at(3));
    // Done for the day, and not yet arrived: neither is on the board, but the done one kept its number.
    await visit(second, evander, at(40), 'completed', at(0));
    await visit(first, evander, at(200), 'scheduled', null);

    const response = await display.agent.get('/api/staff/waiting-room');
    expect(response.statusCode, response.body).toBe(200);
    const board = waitingRoomResponseSchema.parse(response.json()).data;
    expect(board.doctors.map((d) => d.letter)).toEqual(['A', 'B']);
    const [a, b] = board.doctors as [(typeof board.doctors)[number], (typeof board.doctors)[number]];
    expect(b.doctor).toEqual({ firstName: first.user.firstName, lastName: first.user.lastName });
    expect(a.doctor).toEqual({ firstName: second.user.firstName, lastName: second.user.lastName });
    expect(a.nowSeeing).toEqual([]);
    expect(a.next.map(({ ticket, initials }) => ({ ticket, initials }))).toEqual([{ ticket: 'A-003', initials: 'CW' }]);
    expect(b.nowSeeing.map(({ ticket, initials }) => ({ ticket, initials }))).toEqual([{ ticket: 'B-002', initials: 'BQ' }]);
    expect(b.next.map(({ ticket, initials }) => ({ ticket, initials }))).toEqual([{ ticket: 'B-004', initials: 'DY' }]);
    for (const ticket of [...a.next, ...b.next]) expect(ticket.waitMinutes).toBeGreaterThanOrEqual(0);

    // Nothing that names a patient: no name, id, e-mail, phone or record of theirs.
    const text = response.body.toLowerCase();
    for (const patient of patients) {
      for (const value of [patient.firstName, patient.lastName, patient.id, patient.email, patient.phone ?? '']) {
        expect(value).not.toBe('');
        expect(text).not.toContain(value.toLowerCase());
      }
    }
    expect(Object.keys(b.next[0]!).sort()).toEqual(['initials', 'ticket', 'waitMinutes']);

    // Asked again, the tickets are the same.
    const again = waitingRoomResponseSchema.parse((await desk.agent.get('/api/staff/waiting-room')).json()).data;
    expect(again.doctors.flatMap((d) => [...d.nowSeeing, ...d.next].map((x) => x.ticket))).toEqual(['A-003', 'B-002', 'B-004']);
  });

  it('is read by the display account, the desk and admins; refused to patients, doctors and other staff', async () => {
    for (const actor of [display, desk, admin]) expect((await actor.agent.get('/api/staff/waiting-room')).statusCode).toBe(200);
    for (const actor of [patientActor, first, clerk]) expect((await actor.agent.get('/api/staff/waiting-room')).statusCode).toBe(403);
  });

  it('gives the display account nothing else: not the clinic day, not patients', async () => {
    expect((await display.agent.get('/api/staff/dashboard-stats')).statusCode).toBe(403);
    expect((await display.agent.get('/api/appointments/today')).statusCode).toBe(403);
    const list = await display.agent.get('/api/patients');
    expect(list.statusCode).toBe(403);
  });
});

describe('live updates', () => {
  it('a check-in at the desk tells the displays that the queue changed, naming nobody', async () => {
    const patient = patients[3]!;
    const id = await visit(second, patient, new Date(Math.max(Date.now(), at(5).getTime())), 'scheduled', null);
    published.length = 0;
    const response = await desk.agent.post(`/api/staff/appointments/${id}/arrival`, { action: 'check-in', identityConfirmed: true });
    expect(response.statusCode, response.body).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    const update = published.find((e) => e.event.type === 'waiting_room_update');
    expect(update?.recipients).toEqual([display.user.id]);
    expect(Object.keys(update!.event).sort()).toEqual(['timestamp', 'type']);
    // The display hears of no appointment_update (those name the patient).
    expect(published.filter((e) => e.event.type === 'appointment_update' && e.recipients.includes(display.user.id))).toEqual([]);

    const board = waitingRoomResponseSchema.parse((await display.agent.get('/api/staff/waiting-room')).json()).data;
    const letter = board.doctors.find((d) => d.doctor.lastName === second.user.lastName)!;
    expect(letter.next.map((x) => x.initials)).toContain('EZ');
  });
});

describe('tickets', () => {
  it('letters doctors A to Z, then AA, AB…, and numbers check-ins with three digits', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(doctorLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
    expect(ticketOf('A', 14)).toBe('A-014');
    expect(ticketOf('C', 1234)).toBe('C-1234');
  });
});
