import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../../contracts/realtime-protocol';
import { VIDEO_VISIT, videoVisitResponseSchema } from '../../../contracts/video-visits';
import type { AppointmentStatus, AppointmentType } from '../../../contracts/appointments';
import { buildAppointment, Random } from '../../db/factories';
import { appointments, auditEvents } from '../../db/schema';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { connectOk, type TestSocket } from '../../platform/realtime-test-client';

// Video visits: the page's GET /api/appointments/{id}/video for the two participants only, and the
// signalling relay over real sockets, between exactly those two people.

const TURN_SECRET = 'a-turn-shared-secret-for-tests';
let t: TestApp;
let patient: Actor;
let doctor: Actor;
let otherPatient: Actor;
let otherDoctor: Actor;
const random = new Random(8_117);
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      iceServers: [
        { urls: 'stun:turn.clinic.example:3478' },
        { urls: ['turn:turn.clinic.example:3478?transport=udp', 'turns:turn.clinic.example:5349'] },
      ],
      turnSecret: TURN_SECRET,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  otherDoctor = await createDoctorActor(t.app);
  await assignCare(t.app, doctor.user.id, patient.user.id);
  await assignCare(t.app, otherDoctor.user.id, otherPatient.user.id);
});

afterAll(() => t?.close());

/** An appointment of the patient with the doctor, starting `minutesFromNow` from now (spread so no two share the doctor's start). */
let spread = 0;
async function visit(options: { minutesFromNow?: number; type?: AppointmentType; status?: AppointmentStatus } = {}): Promise<string> {
  spread += 1;
  const startsAt = new Date(Date.now() + (options.minutesFromNow ?? 0) * MINUTE + spread * 1000);
  const row = buildAppointment(random, {
    patientId: patient.user.id,
    doctorId: doctor.user.id,
    startsAt,
    type: options.type ?? 'video',
    status: options.status ?? 'scheduled',
    durationMinutes: 30,
  });
  await t.app.db.insert(appointments).values(row);
  return row.id;
}

function tokenOf(actor: Actor): string {
  return actor.agent.sessionToken!;
}

describe('GET /api/appointments/{id}/video', () => {
  it('answers the patient and the doctor with the other person, the window and the ICE servers with TURN credentials', async () => {
    const id = await visit();
    const asPatient = await patient.agent.get(`/api/appointments/${id}/video`);
    expect(asPatient.statusCode, asPatient.body).toBe(200);
    const data = videoVisitResponseSchema.parse(asPatient.json()).data;
    expect(data).toMatchObject({ appointmentId: id, role: 'patient', canJoin: true, admitted: false });
    expect(data.other).toEqual({ firstName: doctor.user.firstName, lastName: doctor.user.lastName });
    expect(Date.parse(data.opensAt)).toBe(Date.parse(data.startsAt) - VIDEO_VISIT.opensMinutesBefore * MINUTE);
    expect(Date.parse(data.closesAt)).toBe(Date.parse(data.endsAt) + VIDEO_VISIT.closesMinutesAfter * MINUTE);

    // STUN as configured; the TURN entry carries coturn's time-limited credentials for this user.
    expect(data.iceServers[0]).toEqual({ urls: 'stun:turn.clinic.example:3478' });
    const turn = data.iceServers[1]!;
    const [expiry, userId] = turn.username!.split(':');
    expect(userId).toBe(patient.user.id);
    const lifetime = Number(expiry) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(VIDEO_VISIT.turnCredentialSeconds - 60);
    expect(lifetime).toBeLessThanOrEqual(VIDEO_VISIT.turnCredentialSeconds);
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username!).digest('base64'));

    const asDoctor = await doctor.agent.get(`/api/appointments/${id}/video`);
    expect(asDoctor.statusCode).toBe(200);
    expect(videoVisitResponseSchema.parse(asDoctor.json()).data).toMatchObject({
      role: 'doctor',
      other: { firstName: patient.user.firstName, lastName: patient.user.lastName },
    });
  });

  it('says a visit more than ten minutes away cannot be joined yet', async () => {
    const id = await visit({ minutesFromNow: 60 });
    const response = await patient.agent.get(`/api/appointments/${id}/video`);
    expect(response.statusCode).toBe(200);
    expect(videoVisitResponseSchema.parse(response.json()).data.canJoin).toBe(false);
  });

  it('answers 404 to another patient, another doctor and staff, like a missing appointment', async () => {
    const id = await visit();
    const staff = await createActor(t.app, 'staff', { permissions: ['appointments.view.all', 'patients.view.all'] });
    expect((await otherPatient.agent.get(`/api/appointments/${id}/video`)).statusCode).toBe(404);
    expect((await otherDoctor.agent.get(`/api/appointments/${id}/video`)).statusCode).toBe(404);
    expect([403, 404]).toContain((await staff.agent.get(`/api/appointments/${id}/video`)).statusCode);
    expect((await patient.agent.get(`/api/appointments/00000000-0000-4000-8000-000000000000/video`)).statusCode).toBe(404);
  });

  it.each([
    ['an appointment in person', { type: 'in-person' as const }],
    ['a cancelled one', { status: 'cancelled' as const }],
    ['a completed one', { status: 'completed' as const }],
    ['one that is over', { minutesFromNow: -(30 + VIDEO_VISIT.closesMinutesAfter + 5) }],
  ])('answers 409 VIDEO_VISIT_UNAVAILABLE for %s', async (_label, options) => {
    const id = await visit(options);
    const response = await patient.agent.get(`/api/appointments/${id}/video`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('VIDEO_VISIT_UNAVAILABLE');
  });
});

describe('signalling over /ws', () => {
  const open: TestSocket[] = [];
  async function socketOf(actor: Actor): Promise<TestSocket> {
    const socket = await connectOk(t.app, tokenOf(actor));
    open.push(socket);
    await socket.next((f) => f.type === 'connection_established');
    return socket;
  }
  afterAll(() => {
    for (const socket of open) socket.socket.close();
  });

  const accepted = (socket: TestSocket, id: string, frame: string) =>
    socket.next((f) => f.type === 'video_accepted' && f.appointmentId === id && f.frame === frame);
  const refused = (socket: TestSocket, id: string, frame: string) =>
    socket.next((f) => f.type === 'video_refused' && f.appointmentId === id && f.frame === frame);
  const signal = (socket: TestSocket, id: string, kind: string) =>
    socket.next((f) => f.type === 'video_signal' && f.appointmentId === id && f.signal === kind);

  it('relays join, admit, offer, answer, candidates and end between the patient and the doctor, and moves the status', async () => {
    const id = await visit();
    const p = await socketOf(patient);
    const d = await socketOf(doctor);
    // Frames reach the sockets in the call: the doctor's page is open before the patient comes.
    d.send({ type: 'video_join', appointmentId: id });
    await accepted(d, id, 'video_join');
    p.send({ type: 'video_join', appointmentId: id });
    expect(await accepted(p, id, 'video_join')).toMatchObject({ role: 'patient', admitted: false });
    expect(await signal(d, id, 'join')).toMatchObject({ from: 'patient' });

    d.send({ type: 'video_join', appointmentId: id, reply: true });
    expect(await accepted(d, id, 'video_join')).toMatchObject({ role: 'doctor' });
    expect(await signal(p, id, 'join')).toMatchObject({ from: 'doctor', reply: true });

    d.send({ type: 'video_admit', appointmentId: id });
    expect(await accepted(d, id, 'video_admit')).toMatchObject({ admitted: true });
    await signal(p, id, 'admit');
    const [started] = await t.app.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
    expect(started!.status).toBe('in-progress');

    const sdp = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n';
    d.send({ type: 'video_offer', appointmentId: id, sdp });
    expect(await signal(p, id, 'offer')).toMatchObject({ from: 'doctor', sdp });
    p.send({ type: 'video_answer', appointmentId: id, sdp });
    expect(await signal(d, id, 'answer')).toMatchObject({ from: 'patient', sdp });
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 192.0.2.10 54400 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    p.send({ type: 'video_ice', appointmentId: id, candidate });
    expect(await signal(d, id, 'ice')).toMatchObject({ candidate });

    d.send({ type: 'video_end', appointmentId: id });
    await accepted(d, id, 'video_end');
    await signal(p, id, 'end');
    const [ended] = await t.app.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
    expect(ended!.status).toBe('completed');

    // Every join was noted under the patient: the patient's, and the doctor's (their first and their answer to the patient's).
    const joins = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'appointment.video-join'), eq(auditEvents.resourceId, id)));
    expect(joins.map((row) => row.actorUserId).sort()).toEqual([patient.user.id, doctor.user.id, doctor.user.id].sort());
    expect(joins.every((row) => row.patientId === patient.user.id)).toBe(true);
  });

  it('refuses a third user: their join is refused and their frames reach nobody', async () => {
    const id = await visit();
    const p = await socketOf(patient);
    const d = await socketOf(doctor);
    d.send({ type: 'video_join', appointmentId: id });
    await accepted(d, id, 'video_join');
    p.send({ type: 'video_join', appointmentId: id });
    await accepted(p, id, 'video_join');
    await signal(d, id, 'join');

    for (const intruder of [otherPatient, otherDoctor]) {
      const x = await socketOf(intruder);
      x.send({ type: 'video_join', appointmentId: id });
      expect(await refused(x, id, 'video_join')).toMatchObject({ reason: 'not_found' });
      x.send({ type: 'video_offer', appointmentId: id, sdp: 'v=0 intruder' });
      expect(await refused(x, id, 'video_offer')).toMatchObject({ reason: 'not_joined' });
      x.send({ type: 'video_admit', appointmentId: id });
      expect(await refused(x, id, 'video_admit')).toMatchObject({ reason: 'not_joined' });
    }
    // A marker sent after the intruders' frames arrives; none of theirs did.
    p.send({ type: 'video_leave', appointmentId: id });
    await signal(d, id, 'leave');
    expect(d.frames.some((f) => (f as { sdp?: string }).sdp === 'v=0 intruder')).toBe(false);
    expect(p.frames.some((f) => (f as { signal?: string }).signal === 'offer')).toBe(false);
    const [row] = await t.app.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
    expect(row!.status).toBe('scheduled');
  });

  it('refuses frames for an appointment the socket did not join, and a patient admitting themself', async () => {
    const joinedId = await visit();
    const otherId = await visit();
    const p = await socketOf(patient);
    const d = await socketOf(doctor);
    d.send({ type: 'video_join', appointmentId: joinedId });
    await accepted(d, joinedId, 'video_join');
    p.send({ type: 'video_join', appointmentId: joinedId });
    await accepted(p, joinedId, 'video_join');
    p.send({ type: 'video_offer', appointmentId: otherId, sdp: 'v=0 wrong visit' });
    expect(await refused(p, otherId, 'video_offer')).toMatchObject({ reason: 'not_joined' });
    p.send({ type: 'video_admit', appointmentId: joinedId });
    expect(await refused(p, joinedId, 'video_admit')).toMatchObject({ reason: 'not_doctor' });
    p.send({ type: 'video_end', appointmentId: joinedId });
    expect(await refused(p, joinedId, 'video_end')).toMatchObject({ reason: 'not_doctor' });
    p.send({ type: 'video_leave', appointmentId: joinedId });
    await signal(d, joinedId, 'leave');
    expect(d.frames.some((f) => (f as { sdp?: string }).sdp === 'v=0 wrong visit')).toBe(false);
    const rows = await t.app.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, joinedId));
    expect(rows[0]!.status).toBe('scheduled');
  });

  it("reaches only the tab that joined the visit, not the participant's other tabs", async () => {
    const id = await visit();
    const p = await socketOf(patient);
    const elsewhere = await socketOf(patient);
    const d = await socketOf(doctor);
    p.send({ type: 'video_join', appointmentId: id });
    await accepted(p, id, 'video_join');
    d.send({ type: 'video_join', appointmentId: id });
    await signal(p, id, 'join');
    d.send({ type: 'video_admit', appointmentId: id });
    await signal(p, id, 'admit');
    d.send({ type: 'video_offer', appointmentId: id, sdp: 'v=0 for the joined tab' });
    await signal(p, id, 'offer');
    // A marker sent to both tabs after the call's frames: the other tab has it, and none of the call's.
    elsewhere.send({ type: 'ping', timestamp: 7 });
    await elsewhere.next((f) => f.type === 'pong');
    expect(elsewhere.frames.some((f) => (f as { type?: string }).type === 'video_signal')).toBe(false);
  });

  it('ends the call at once on every socket in it when the visit is cancelled, and relays nothing after', async () => {
    const id = await visit({ minutesFromNow: 5 });
    const desk = await createActor(t.app, 'staff', {
      permissions: ['patients.view.all', 'appointments.view.all', 'appointments.update'],
    });
    const p = await socketOf(patient);
    const d = await socketOf(doctor);
    p.send({ type: 'video_join', appointmentId: id });
    await accepted(p, id, 'video_join');
    d.send({ type: 'video_join', appointmentId: id });
    await accepted(d, id, 'video_join');
    await signal(p, id, 'join');

    const cancelled = await desk.agent.post(`/api/staff/appointments/${id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await refused(p, id, 'video_join')).toMatchObject({ reason: 'unavailable' });
    expect(await refused(d, id, 'video_join')).toMatchObject({ reason: 'unavailable' });

    d.send({ type: 'video_offer', appointmentId: id, sdp: 'v=0 after the cancellation' });
    expect(await refused(d, id, 'video_offer')).toMatchObject({ reason: 'not_joined' });
    p.send({ type: 'ping', timestamp: 9 });
    await p.next((f) => f.type === 'pong');
    expect(p.frames.some((f) => (f as { sdp?: string }).sdp === 'v=0 after the cancellation')).toBe(false);
  });

  it('refuses to join a visit that is not open yet, an in-person one and a cancelled one', async () => {
    const p = await socketOf(patient);
    const early = await visit({ minutesFromNow: 45 });
    const inPerson = await visit({ type: 'in-person' });
    const cancelled = await visit({ status: 'cancelled' });
    p.send({ type: 'video_join', appointmentId: early });
    expect(await refused(p, early, 'video_join')).toMatchObject({ reason: 'not_open' });
    p.send({ type: 'video_join', appointmentId: inPerson });
    expect(await refused(p, inPerson, 'video_join')).toMatchObject({ reason: 'unavailable' });
    p.send({ type: 'video_join', appointmentId: cancelled });
    expect(await refused(p, cancelled, 'video_join')).toMatchObject({ reason: 'unavailable' });
  });

  it('closes the socket of an oversized session description or candidate, relaying nothing', async () => {
    const id = await visit();
    const d = await socketOf(doctor);
    d.send({ type: 'video_join', appointmentId: id });
    await accepted(d, id, 'video_join');
    const cases = [
      { type: 'video_offer', appointmentId: id, sdp: 'x'.repeat(VIDEO_VISIT.sdpMaxLength + 1) },
      { type: 'video_ice', appointmentId: id, candidate: { candidate: 'x'.repeat(VIDEO_VISIT.candidateMaxLength + 1) } },
    ];
    for (const frame of cases) {
      const p = await socketOf(patient);
      p.send({ type: 'video_join', appointmentId: id });
      await accepted(p, id, 'video_join');
      p.send(frame);
      expect((await p.closed).code).toBe(CLOSE_CODES.badFrame);
    }
    // The doctor's socket saw the two joins and nothing else of the patient's.
    d.send({ type: 'ping', timestamp: 9 });
    await d.next((f) => f.type === 'pong' && f.timestamp === 9);
    expect(d.frames.filter((f) => (f as { type?: string }).type === 'video_signal').map((f) => (f as { signal: string }).signal)).toEqual([
      'join',
      'join',
    ]);
  });
});

describe('POST /api/demo/video-visit', () => {
  it('books the patient a video visit with their doctor starting now, in demo mode', async () => {
    expect(t.app.config.demoMode).toBe(true);
    const response = await patient.agent.post('/api/demo/video-visit');
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.appointmentId as string;
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ patientId: patient.user.id, doctorId: doctor.user.id, type: 'video', status: 'scheduled' });
    expect(Math.abs(row!.startsAt.getTime() - Date.now())).toBeLessThan(MINUTE);
    expect((await doctor.agent.post('/api/demo/video-visit')).statusCode).toBe(403);
  });

  it('answers 404 outside demo mode, and books nothing', async () => {
    const other = await createTestApp({ config: { demoMode: false } });
    try {
      await other.app.ready();
      const someone = await createActor(other.app, 'patient');
      const careDoctor = await createDoctorActor(other.app);
      await assignCare(other.app, careDoctor.user.id, someone.user.id);
      expect((await someone.agent.post('/api/demo/video-visit')).statusCode).toBe(404);
      expect(await other.app.db.select().from(appointments).where(eq(appointments.patientId, someone.user.id))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
