import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentLinkSchema, usedAppointmentLinkSchema } from '../../../contracts/appointment-links';
import { buildAppointment, Random } from '../../db/factories';
import { appointmentActionLinks, appointmentReminders, appointments, auditEvents, mailOutbox, notifications } from '../../db/schema';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Reminders and their one-click links, against the real app and database: the job (run as the
// scheduler would) sends each reminder once, even when two runs overlap; a link shows its
// appointment without changing it, acts once for its own action, and not after it has expired.

let t: TestApp;
let doctor: Actor;
const random = new Random(47);
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ config: { reminderHoursBefore: [48, 2] } });
  await t.app.ready();
  doctor = await createDoctorActor(t.app);
});

afterAll(async () => {
  await t.close();
});

/** A scheduled appointment of a new patient, starting `hours` from now on a minute of its own. */
async function appointmentIn(hours: number) {
  const patient = await createActor(t.app, 'patient');
  const startsAt = new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000 + random.int(0, 59) * 1000);
  const row = buildAppointment(random, {
    patientId: patient.user.id,
    doctorId: doctor.user.id,
    startsAt,
    status: 'scheduled',
    reason: 'Chest pain',
  });
  await t.app.db.insert(appointments).values(row);
  return { patient, appointment: row };
}

async function mailsTo(email: string) {
  return t.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'appointment-reminder')));
}

/** The links of the last reminder mail to `email`, by action. */
async function linksIn(email: string): Promise<Record<'confirm' | 'reschedule' | 'cancel', string>> {
  const mails = await mailsTo(email);
  const text = mails.at(-1)!.textBody;
  const token = (label: string) => new RegExp(`${label}: \\S+/a/([A-Za-z0-9_-]{43})`).exec(text)![1]!;
  return {
    confirm: token('Confirm that you will come'),
    reschedule: token('Choose another time'),
    cancel: token('Cancel the appointment'),
  };
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

describe('the reminder job', () => {
  it('sends a reminder once per kind, even when two runs overlap', async () => {
    const { patient, appointment } = await appointmentIn(30);
    const [first, second] = await Promise.all([t.app.jobs.runNow('appointment-reminders'), t.app.jobs.runNow('appointment-reminders')]);
    expect((first as { sent: number }).sent + (second as { sent: number }).sent).toBe(1);
    await t.app.jobs.runNow('appointment-reminders');

    expect(await mailsTo(patient.user.email)).toHaveLength(1);
    const sent = await t.app.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, appointment.id));
    expect(sent.map((r) => r.kind)).toEqual(['48h']);
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, patient.user.id));
    expect(told.map((n) => n.code)).toEqual(['appointment.reminder_due']);
    expect(told[0]!.params).toMatchObject({ startsAt: appointment.startsAt.toISOString() });
  });

  it('sends only the nearest reminder when several of its times have passed', async () => {
    const { patient, appointment } = await appointmentIn(1);
    await t.app.jobs.runNow('appointment-reminders');
    const sent = await t.app.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, appointment.id));
    expect(sent.map((r) => r.kind)).toEqual(['2h']);
    expect(await mailsTo(patient.user.email)).toHaveLength(1);
  });

  it('writes the first name, the time, the doctor and the clinic, three links, and nothing of the visit’s reason', async () => {
    const { patient } = await appointmentIn(20);
    await t.app.jobs.runNow('appointment-reminders');
    const [mail] = await mailsTo(patient.user.email);
    expect(mail!.textBody).toContain(`Dear ${patient.user.firstName},`);
    expect(mail!.textBody).toContain(`Dr. ${doctor.user.firstName} ${doctor.user.lastName}`);
    expect(mail!.textBody).not.toContain('Chest pain');
    expect(mail!.textBody).not.toContain(patient.user.lastName);
    expect(Object.values(await linksIn(patient.user.email))).toHaveLength(3);
    const stored = await t.app.db.select().from(appointmentActionLinks).where(eq(appointmentActionLinks.patientId, patient.user.id));
    expect(stored).toHaveLength(3);
    // Only hashes are kept: no token of the mail is in the table.
    for (const token of Object.values(await linksIn(patient.user.email))) expect(stored.some((s) => s.tokenHash === token)).toBe(false);
  });

  it('leaves out cancelled appointments and those already started', async () => {
    const { patient, appointment } = await appointmentIn(10);
    await t.app.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, appointment.id));
    await t.app.jobs.runNow('appointment-reminders');
    expect(await mailsTo(patient.user.email)).toHaveLength(0);
  });
});

describe('a reminder link', () => {
  it('shows the appointment without changing it, confirms once, then says it was used', async () => {
    const { patient, appointment } = await appointmentIn(5);
    await t.app.jobs.runNow('appointment-reminders');
    const { confirm } = await linksIn(patient.user.email);
    const visitor = new TestAgent(t.app);

    const shown = await visitor.get(`/api/appointment-links/${confirm}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(appointmentLinkSchema.parse(shown.json())).toEqual({
      action: 'confirm',
      startsAt: appointment.startsAt.toISOString(),
      durationMinutes: appointment.durationMinutes,
      type: appointment.type,
      doctor: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
    });
    expect(shown.body).not.toContain('Chest pain');
    // The page titles the doctor in the reader's language; the answer carries no English "Dr.".
    expect(shown.body).not.toContain('Dr. ');
    // A second opening (a mail scanner, the patient again) still finds it unused.
    expect((await visitor.get(`/api/appointment-links/${confirm}`)).statusCode).toBe(200);

    const since = await lastAuditId();
    const used = await visitor.post(`/api/appointment-links/${confirm}`, { action: 'confirm' });
    expect(used.statusCode, used.body).toBe(200);
    expect(usedAppointmentLinkSchema.parse(used.json())).toMatchObject({ action: 'confirm', appointmentId: appointment.id });
    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(gt(auditEvents.id, since), eq(auditEvents.action, 'appointment.confirm')));
    expect(event).toMatchObject({ actorUserId: patient.user.id, actorRole: 'patient', outcome: 'success' });
    // The confirmation is on the appointment, from the same write.
    const [confirmed] = await t.app.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(confirmed!.confirmedAt).not.toBeNull();
    const listed = await patient.agent.get('/api/appointments?when=upcoming');
    expect(listed.json().data.find((a: { id: string }) => a.id === appointment.id)).toMatchObject({
      confirmedAt: confirmed!.confirmedAt!.toISOString(),
    });

    const again = await visitor.post(`/api/appointment-links/${confirm}`, { action: 'confirm' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('LINK_USED');
    expect((await visitor.get(`/api/appointment-links/${confirm}`)).json().error.code).toBe('LINK_USED');
    const [still] = await t.app.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(still!.status).toBe('scheduled');
    expect(still!.confirmedAt).toEqual(confirmed!.confirmedAt);
  });

  it('keeps a confirmation the patient made in the portal: the link confirms without moving its time', async () => {
    const { patient, appointment } = await appointmentIn(30);
    await t.app.jobs.runNow('appointment-reminders');
    const { confirm } = await linksIn(patient.user.email);
    expect((await patient.agent.post(`/api/appointments/${appointment.id}/confirm`)).statusCode).toBe(200);
    const [first] = await t.app.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(first!.confirmedAt).not.toBeNull();

    const since = await lastAuditId();
    const used = await new TestAgent(t.app).post(`/api/appointment-links/${confirm}`, { action: 'confirm' });
    expect(used.statusCode, used.body).toBe(200);
    const [after] = await t.app.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(after!.confirmedAt).toEqual(first!.confirmedAt);
    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(gt(auditEvents.id, since), eq(auditEvents.action, 'appointment.confirm')));
    expect(event!.details).toMatchObject({ linkAction: 'confirm', alreadyConfirmed: true });
  });

  it('cancels through its cancel link, as the patient, with the same notices as in the portal', async () => {
    const { patient, appointment } = await appointmentIn(30);
    await t.app.jobs.runNow('appointment-reminders');
    const { cancel, confirm } = await linksIn(patient.user.email);
    const visitor = new TestAgent(t.app);
    const since = await lastAuditId();

    const used = await visitor.post(`/api/appointment-links/${cancel}`, { action: 'cancel' });
    expect(used.statusCode, used.body).toBe(200);
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row!.status).toBe('cancelled');
    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(gt(auditEvents.id, since), eq(auditEvents.action, 'appointment.cancel')));
    expect(event).toMatchObject({ actorUserId: patient.user.id, outcome: 'success' });
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, patient.user.id));
    expect(told.map((n) => n.code)).toContain('appointment.patient_cancelled');
    // The confirm link of a cancelled appointment confirms nothing, and stays unused.
    const late = await visitor.post(`/api/appointment-links/${confirm}`, { action: 'confirm' });
    expect(late.json().error.code).toBe('APPOINTMENT_NOT_CHANGEABLE');
  });

  it('does only its own action: another action is refused like a missing link and changes nothing', async () => {
    const { patient, appointment } = await appointmentIn(30);
    await t.app.jobs.runNow('appointment-reminders');
    const { confirm } = await linksIn(patient.user.email);
    const visitor = new TestAgent(t.app);

    const wrong = await visitor.post(`/api/appointment-links/${confirm}`, { action: 'cancel' });
    expect(wrong.statusCode).toBe(404);
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row!.status).toBe('scheduled');
    const links = await t.app.db.select().from(appointmentActionLinks).where(eq(appointmentActionLinks.appointmentId, appointment.id));
    expect(links.every((l) => l.usedAt === null)).toBe(true);
    expect((await visitor.post(`/api/appointment-links/${confirm}`, { action: 'confirm' })).statusCode).toBe(200);
  });

  it('keeps the patient’s cut-off: a cancel link inside it is refused and stays unused', async () => {
    const { patient, appointment } = await appointmentIn(1);
    await t.app.jobs.runNow('appointment-reminders');
    const { cancel } = await linksIn(patient.user.email);
    const refused = await new TestAgent(t.app).post(`/api/appointment-links/${cancel}`, { action: 'cancel' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CHANGE_TOO_LATE');
    const links = await t.app.db.select().from(appointmentActionLinks).where(eq(appointmentActionLinks.appointmentId, appointment.id));
    expect(links.every((l) => l.usedAt === null)).toBe(true);
  });

  it('opens a reschedule once, answering the appointment to move after signing in', async () => {
    const { patient, appointment } = await appointmentIn(30);
    await t.app.jobs.runNow('appointment-reminders');
    const { reschedule } = await linksIn(patient.user.email);
    const visitor = new TestAgent(t.app);
    const used = await visitor.post(`/api/appointment-links/${reschedule}`, { action: 'reschedule' });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ action: 'reschedule', appointmentId: appointment.id });
    expect((await visitor.post(`/api/appointment-links/${reschedule}`, { action: 'reschedule' })).json().error.code).toBe('LINK_USED');
  });

  it('answers LINK_EXPIRED once the appointment has started, and changes nothing', async () => {
    const { patient, appointment } = await appointmentIn(30);
    await t.app.jobs.runNow('appointment-reminders');
    const { cancel } = await linksIn(patient.user.email);
    await t.app.db
      .update(appointmentActionLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(appointmentActionLinks.appointmentId, appointment.id));
    const visitor = new TestAgent(t.app);
    const shown = await visitor.get(`/api/appointment-links/${cancel}`);
    expect(shown.statusCode).toBe(410);
    expect(shown.json().error.code).toBe('LINK_EXPIRED');
    expect((await visitor.post(`/api/appointment-links/${cancel}`, { action: 'cancel' })).statusCode).toBe(410);
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row!.status).toBe('scheduled');
  });

  it('answers 404 for an unknown or malformed token', async () => {
    const visitor = new TestAgent(t.app);
    expect((await visitor.get(`/api/appointment-links/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await visitor.get('/api/appointment-links/not-a-token')).statusCode).toBe(404);
    expect((await visitor.post(`/api/appointment-links/${'A'.repeat(43)}`, { action: 'confirm' })).statusCode).toBe(404);
    expect((await visitor.post(`/api/appointment-links/${'A'.repeat(43)}`, { action: 'nothing' })).statusCode).toBe(400);
  });
});
