import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTE_SECTION_MAX,
  noteListResponseSchema,
  noteResponseSchema,
  templateListResponseSchema,
  templateResponseSchema,
  type ClinicalNote,
} from '../../../contracts/clinical-notes';
import { patientChartResponseSchema } from '../../../contracts/health-records';
import { buildAppointment, Random } from '../../db/factories';
import { allergies, appointments, auditEvents, clinicalNotes, notifications, visitSummaries, vitals } from '../../db/schema';
import { createDoctorActor, giveHistory } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Doctors' notes as stories: a doctor starts a visit note from a template (the patient's record
// filled in), saves the draft under optimistic concurrency, signs it (locked, the patient's visit
// summary released and the patient told), adds an addendum; nobody else reaches the draft.

let t: TestApp;
let doctor: Actor;
let colleague: Actor;
let stranger: Actor;
let patient: Actor;
let otherPatient: Actor;
let nurse: Actor;
let visitId: string;
let secondVisitId: string;

const SECTIONS = {
  subjective: 'Feels well.',
  objective: 'BP fine.',
  assessment: 'Stable.',
  plan: 'Continue.',
  instructions: 'Walk daily.',
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  doctor = await createDoctorActor(t.app);
  colleague = await createDoctorActor(t.app);
  stranger = await createDoctorActor(t.app);
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  nurse = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'patients.phi.access', 'medical_records.view'] });
  await giveHistory(t.app, patient.user.id, [doctor.user.id, colleague.user.id]);
  await assignCare(t.app, doctor.user.id, otherPatient.user.id);
  // Two visits of the doctor's with the patient, done, made here: how many the random history holds
  // depends on which files ran before in this worker. Seven minutes past the hour, where no history
  // visit starts (they keep to slot boundaries).
  const visits = await t.app.db
    .insert(appointments)
    .values(
      [400, 401].map((daysAgo) => {
        const startsAt = new Date(Date.now() - daysAgo * 86_400_000);
        startsAt.setUTCHours(10, 7, 0, 0);
        return buildAppointment(new Random(daysAgo), {
          patientId: patient.user.id,
          doctorId: doctor.user.id,
          startsAt,
          status: 'completed',
          durationMinutes: 30,
        });
      }),
    )
    .returning({ id: appointments.id });
  visitId = visits[0]!.id;
  secondVisitId = visits[1]!.id;
});

afterAll(async () => {
  await t.close();
});

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

async function eventsSince(since: number) {
  return t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
}

async function newNote(by: Actor, body: Record<string, unknown>): Promise<ClinicalNote> {
  const response = await by.agent.post('/api/clinical-notes', body);
  expect(response.statusCode, response.body).toBe(201);
  return noteResponseSchema.parse(response.json()).data;
}

async function template(by: Actor, overrides: Record<string, unknown> = {}) {
  const response = await by.agent.post('/api/note-templates', {
    name: 'Follow-up',
    specialty: 'Family Medicine',
    shared: false,
    subjective: 'Follow-up visit.',
    objective: 'Vitals:\n{{vitals}}',
    assessment: 'Problems:\n{{problems}}',
    plan: 'Medications:\n{{medications}}\nAllergies:\n{{allergies}}',
    instructions: '',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return templateResponseSchema.parse(response.json()).data;
}

describe('starting a note', () => {
  it('fills a template’s named fields from the patient’s record, on the server', async () => {
    const tpl = await template(doctor);
    const since = await lastAuditId();
    const note = await newNote(doctor, { patientId: patient.user.id, appointmentId: visitId, templateId: tpl.id });
    expect(note).toMatchObject({ status: 'draft', version: 1, appointmentId: visitId, templateId: tpl.id, subjective: 'Follow-up visit.' });
    expect(note.visitAt).not.toBeNull();
    const [latestPulse] = await t.app.db
      .select()
      .from(vitals)
      .where(and(eq(vitals.patientId, patient.user.id), eq(vitals.type, 'heart-rate')))
      .orderBy(vitals.measuredAt)
      .then((rows) => rows.slice(-1));
    expect(note.objective).toContain(`Heart rate: ${latestPulse!.value} ${latestPulse!.unit}`);
    expect(note.objective).not.toContain('{{');
    const activeAllergies = await t.app.db
      .select()
      .from(allergies)
      .where(and(eq(allergies.patientId, patient.user.id), eq(allergies.status, 'active')));
    for (const allergy of activeAllergies) expect(note.plan).toContain(allergy.allergen);
    if (activeAllergies.length === 0) expect(note.plan).toContain('None recorded');
    const events = await eventsSince(since);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'clinical-note.create',
      outcome: 'success',
      patientId: patient.user.id,
      resourceId: note.id,
    });
    expect(JSON.stringify(events[0]!.details)).not.toContain('Follow-up visit.');
  });

  it('allows one note per visit, for the doctor’s own visits of that patient only', async () => {
    const again = await doctor.agent.post('/api/clinical-notes', { patientId: patient.user.id, appointmentId: visitId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NOTE_EXISTS');
    // The colleague cares for the patient but this visit is not theirs.
    expect(
      (await colleague.agent.post('/api/clinical-notes', { patientId: patient.user.id, appointmentId: secondVisitId })).statusCode,
    ).toBe(404);
    // A cancelled visit never took place.
    const cancelled = buildAppointment(new Random(7), {
      patientId: patient.user.id,
      doctorId: doctor.user.id,
      startsAt: new Date(Date.UTC(2031, 2, 3, 3, 17)),
      status: 'cancelled',
    });
    await t.app.db.insert(appointments).values(cancelled);
    expect((await doctor.agent.post('/api/clinical-notes', { patientId: patient.user.id, appointmentId: cancelled.id })).statusCode).toBe(
      404,
    );
    // The visit belongs to another patient than the one named.
    expect(
      (await doctor.agent.post('/api/clinical-notes', { patientId: otherPatient.user.id, appointmentId: secondVisitId })).statusCode,
    ).toBe(404);
  });

  it('refuses a patient out of reach, another doctor’s private template, and anyone but a doctor', async () => {
    expect((await stranger.agent.post('/api/clinical-notes', { patientId: patient.user.id })).statusCode).toBe(404);
    const privateTpl = await template(stranger);
    expect((await doctor.agent.post('/api/clinical-notes', { patientId: patient.user.id, templateId: privateTpl.id })).statusCode).toBe(
      404,
    );
    expect((await patient.agent.post('/api/clinical-notes', { patientId: patient.user.id })).statusCode).toBe(403);
    expect((await nurse.agent.get('/api/clinical-notes')).statusCode).toBe(403);
    expect((await doctor.agent.post('/api/clinical-notes', { patientId: 'nope' })).statusCode).toBe(400);
    const count = await t.app.db.select().from(clinicalNotes).where(eq(clinicalNotes.doctorId, stranger.user.id));
    expect(count).toHaveLength(0);
  });
});

describe('autosaving a draft', () => {
  it('saves with the version it was based on; a stale save is refused with NOTE_VERSION_CONFLICT and changes nothing', async () => {
    const note = await newNote(doctor, { patientId: otherPatient.user.id });
    const first = await doctor.agent.put(`/api/clinical-notes/${note.id}`, { version: 1, ...SECTIONS });
    expect(first.statusCode, first.body).toBe(200);
    expect(noteResponseSchema.parse(first.json()).data).toMatchObject({ version: 2, ...SECTIONS });
    const since = await lastAuditId();
    const stale = await doctor.agent.put(`/api/clinical-notes/${note.id}`, { version: 1, ...SECTIONS, plan: 'Overwrite' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('NOTE_VERSION_CONFLICT');
    const [row] = await t.app.db.select().from(clinicalNotes).where(eq(clinicalNotes.id, note.id));
    expect(row).toMatchObject({ version: 2, plan: 'Continue.' });
    expect(await eventsSince(since)).toMatchObject([{ action: 'clinical-note.update', outcome: 'failure' }]);
  });

  it('bounds every section and refuses unknown fields', async () => {
    const note = await newNote(doctor, { patientId: otherPatient.user.id });
    const long = await doctor.agent.put(`/api/clinical-notes/${note.id}`, {
      version: 1,
      ...SECTIONS,
      plan: 'x'.repeat(NOTE_SECTION_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toMatchObject({ plan: 'This text is too long' });
    expect((await doctor.agent.put(`/api/clinical-notes/${note.id}`, { version: 1, ...SECTIONS, status: 'signed' })).statusCode).toBe(400);
  });

  it('keeps a draft its author’s alone: other doctors, even of the same patient, get 404', async () => {
    const note = await newNote(doctor, { patientId: patient.user.id });
    for (const other of [colleague, stranger]) {
      expect((await other.agent.get(`/api/clinical-notes/${note.id}`)).statusCode).toBe(404);
      expect((await other.agent.put(`/api/clinical-notes/${note.id}`, { version: 1, ...SECTIONS })).statusCode).toBe(404);
      expect((await other.agent.post(`/api/clinical-notes/${note.id}/sign`, { version: 1 })).statusCode).toBe(404);
      expect((await other.agent.post(`/api/clinical-notes/${note.id}/addenda`, { text: 'x' })).statusCode).toBe(404);
      const listed = noteListResponseSchema.parse((await other.agent.get('/api/clinical-notes?pageSize=100')).json()).data;
      expect(listed.map((n) => n.id)).not.toContain(note.id);
    }
    const [row] = await t.app.db.select().from(clinicalNotes).where(eq(clinicalNotes.id, note.id));
    expect(row).toMatchObject({ status: 'draft', version: 1 });
  });
});

describe('signing', () => {
  it('locks the note, releases the visit summary to the patient and tells them', async () => {
    const note = noteResponseSchema.parse(
      (
        await doctor.agent.get(
          `/api/clinical-notes/${(await t.app.db.select().from(clinicalNotes).where(eq(clinicalNotes.appointmentId, visitId)))[0]!.id}`,
        )
      ).json(),
    ).data;
    const saved = noteResponseSchema.parse(
      (await doctor.agent.put(`/api/clinical-notes/${note.id}`, { version: note.version, ...SECTIONS })).json(),
    ).data;
    // Before signing the patient has no summary for the visit.
    const before = patientChartResponseSchema.parse((await patient.agent.get(`/api/patients/${patient.user.id}/complete`)).json()).data;
    expect(before.visitSummaries.map((s) => s.appointmentId)).not.toContain(visitId);

    const since = await lastAuditId();
    const signed = await doctor.agent.post(`/api/clinical-notes/${note.id}/sign`, { version: saved.version });
    expect(signed.statusCode, signed.body).toBe(200);
    const body = noteResponseSchema.parse(signed.json()).data;
    expect(body).toMatchObject({ status: 'signed', signedBy: { id: doctor.user.id }, version: saved.version + 1 });
    expect(body.signedAt).not.toBeNull();
    expect(await eventsSince(since)).toMatchObject([{ action: 'clinical-note.sign', outcome: 'success', patientId: patient.user.id }]);

    const chart = patientChartResponseSchema.parse((await patient.agent.get(`/api/patients/${patient.user.id}/complete`)).json()).data;
    expect(chart.visitSummaries).toContainEqual(
      expect.objectContaining({
        appointmentId: visitId,
        instructions: 'Walk daily.',
        doctor: expect.objectContaining({ id: doctor.user.id }),
      }),
    );
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, patient.user.id));
    const released = told.filter((n) => n.code === 'visit.summary_released');
    expect(released).toHaveLength(1);
    // The doctor is named by the parts, which the web titles in the reader's language.
    expect(released[0]!.params).toMatchObject({ doctorFirstName: doctor.user.firstName, doctorLastName: doctor.user.lastName });
    expect(released[0]!.params).not.toHaveProperty('doctorName');

    // Locked: no save, no second signature.
    const edit = await doctor.agent.put(`/api/clinical-notes/${note.id}`, { version: body.version, ...SECTIONS, plan: 'Changed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('NOTE_SIGNED');
    expect((await doctor.agent.post(`/api/clinical-notes/${note.id}/sign`, { version: body.version })).json().error.code).toBe(
      'NOTE_SIGNED',
    );
    expect(await t.app.db.select().from(visitSummaries).where(eq(visitSummaries.noteId, note.id))).toHaveLength(1);
  });

  it('takes addenda on signed notes only, from any doctor caring for the patient', async () => {
    const [row] = await t.app.db.select().from(clinicalNotes).where(eq(clinicalNotes.appointmentId, visitId));
    const response = await colleague.agent.post(`/api/clinical-notes/${row!.id}/addenda`, { text: 'Lab result reviewed: normal.' });
    expect(response.statusCode, response.body).toBe(201);
    const note = noteResponseSchema.parse(response.json()).data;
    expect(note.addenda).toMatchObject([{ text: 'Lab result reviewed: normal.', author: { id: colleague.user.id } }]);
    expect(note.plan).toBe('Continue.');
    expect((await stranger.agent.post(`/api/clinical-notes/${row!.id}/addenda`, { text: 'x' })).statusCode).toBe(404);
    expect((await colleague.agent.post(`/api/clinical-notes/${row!.id}/addenda`, { text: '   ' })).statusCode).toBe(400);
    const draft = await newNote(doctor, { patientId: otherPatient.user.id });
    const early = await doctor.agent.post(`/api/clinical-notes/${draft.id}/addenda`, { text: 'Too early' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('NOTE_NOT_SIGNED');
  });

  it('a free-standing note signs without releasing anything to the patient', async () => {
    const note = await newNote(doctor, { patientId: otherPatient.user.id });
    expect((await doctor.agent.post(`/api/clinical-notes/${note.id}/sign`, { version: 1 })).statusCode).toBe(200);
    expect(await t.app.db.select().from(visitSummaries).where(eq(visitSummaries.noteId, note.id))).toHaveLength(0);
  });
});

describe('listing', () => {
  it('puts the doctor’s unsigned notes first, pages within bounds and counts what waits for a signature', async () => {
    const answer = noteListResponseSchema.parse((await doctor.agent.get('/api/clinical-notes?pageSize=100')).json());
    const statuses = answer.data.map((n) => n.status);
    expect(statuses.indexOf('signed')).toBeGreaterThan(statuses.lastIndexOf('draft'));
    const drafts = await t.app.db
      .select()
      .from(clinicalNotes)
      .where(and(eq(clinicalNotes.doctorId, doctor.user.id), eq(clinicalNotes.status, 'draft')));
    expect(answer.unsigned).toBe(drafts.length);
    expect(answer.total).toBe(answer.data.length);
    const page = noteListResponseSchema.parse((await doctor.agent.get('/api/clinical-notes?pageSize=1&page=2')).json());
    expect(page.data).toEqual([answer.data[1]]);
    const visits = noteListResponseSchema.parse((await doctor.agent.get('/api/clinical-notes?kind=visit')).json()).data;
    expect(visits.every((n) => n.appointmentId !== null)).toBe(true);
    expect(visits.length).toBeGreaterThan(0);
    expect((await doctor.agent.get('/api/clinical-notes?pageSize=1000')).statusCode).toBe(400);
    expect((await doctor.agent.get('/api/clinical-notes?kind=secret')).statusCode).toBe(400);
    // The colleague sees the signed visit note of their shared patient, not the doctor's drafts.
    const theirs = noteListResponseSchema.parse((await colleague.agent.get('/api/clinical-notes')).json());
    expect(theirs.data.every((n) => n.status === 'signed')).toBe(true);
    expect(theirs.unsigned).toBe(0);
  });
});

describe('templates', () => {
  it('lists the doctor’s own and the shared templates; only the owner changes one, sharing included', async () => {
    const mine = await template(colleague, { name: 'Colleague private' });
    const before = templateListResponseSchema.parse((await doctor.agent.get('/api/note-templates')).json()).data;
    expect(before.map((x) => x.id)).not.toContain(mine.id);
    const shared = await colleague.agent.put(`/api/note-templates/${mine.id}`, { ...mine, shared: true, id: undefined });
    expect(shared.statusCode, shared.body).toBe(400);
    const { id: _id, owner: _owner, mine: _mine, updatedAt: _u, ...input } = mine;
    const ok = await colleague.agent.put(`/api/note-templates/${mine.id}`, { ...input, shared: true });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = templateListResponseSchema.parse((await doctor.agent.get('/api/note-templates')).json()).data;
    expect(after.find((x) => x.id === mine.id)).toMatchObject({ shared: true, mine: false, owner: { id: colleague.user.id } });
    expect((await doctor.agent.put(`/api/note-templates/${mine.id}`, { ...input, name: 'Taken over' })).statusCode).toBe(404);
    const filtered = templateListResponseSchema.parse((await doctor.agent.get('/api/note-templates?specialty=Cardiology')).json()).data;
    expect(filtered.every((x) => x.specialty === 'Cardiology')).toBe(true);
    expect((await doctor.agent.post('/api/note-templates', { ...input, specialty: 'Astrology' })).statusCode).toBe(400);
    expect((await doctor.agent.post('/api/note-templates', { ...input, name: '' })).statusCode).toBe(400);
    expect((await patient.agent.get('/api/note-templates')).statusCode).toBe(403);
  });
});
