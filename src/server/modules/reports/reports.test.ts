import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MAX_ROWS } from '../../../contracts/reports';
import { SPECIALTIES } from '../../../contracts/specialties';
import { appointments, auditEvents, mailOutbox, reportSchedules, users } from '../../db/schema';
import { createDoctor, createPatient, Random } from '../../db/factories';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { clinicInstant } from '../../test-support/clinic-time';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { nextRunAfter, periodOfRun } from './reports.service';
import { pdfText } from '../../test-support/pdf-text';

// Report downloads against the analytics' small clinic, whose answers are worked out by hand: two
// doctors in two specialties, six appointments in the first half of March 2026, and a patient whose
// name a spreadsheet would run as a formula.

const random = new Random(4242);
const ZONE = 'America/New_York';
const cardiology = SPECIALTIES.find((specialty) => specialty.name === 'Cardiology')!;
const dermatology = SPECIALTIES.find((specialty) => specialty.name === 'Dermatology')!;

let t: TestApp;
let admin: Actor;
let exporter: Actor;
let viewerOnly: Actor;
let doctorA: string;
let patientId: string;
let trickyId: string;

function clinicTime(local: string): Promise<Date> {
  return clinicInstant(t.app.db, local, ZONE);
}

beforeAll(async () => {
  t = await createTestApp({ config: { clinicTimeZone: ZONE } });
  await t.app.ready();
  admin = await createActor(t.app, 'admin');
  exporter = await createActor(t.app, 'staff', { permissions: ['reports.export', 'reports.view.all'], position: 'billing' });
  viewerOnly = await createActor(t.app, 'staff', { permissions: ['reports.view.all'], position: 'billing' });
  doctorA = (await createDoctor(t.app.db, random, cardiology)).user.id;
  const doctorB = (await createDoctor(t.app.db, random, dermatology)).user.id;
  patientId = (await createPatient(t.app.db, random, { firstName: 'Ada', lastName: 'Lovelace' })).user.id;
  trickyId = (await createPatient(t.app.db, random, { firstName: '@SUM(A1)', lastName: '=HYPERLINK("http://x.test","a, b")' })).user.id;
  const visits: [string, string, string, 'in-person' | 'video'][] = [
    [doctorA, '2026-03-02 10:00', 'completed', 'in-person'],
    [doctorA, '2026-03-02 11:00', 'no-show', 'video'],
    [doctorA, '2026-03-03 10:00', 'cancelled', 'in-person'],
    [doctorA, '2026-03-09 10:00', 'completed', 'video'],
    [doctorB, '2026-03-09 11:00', 'no-show', 'in-person'],
    [doctorB, '2026-03-11 23:30', 'completed', 'in-person'],
  ];
  for (const [doctorId, local, status, type] of visits) {
    await t.app.db.insert(appointments).values({
      patientId,
      doctorId,
      startsAt: await clinicTime(local),
      status: status as (typeof appointments.$inferInsert)['status'],
      type,
      reason: 'Follow-up',
    });
  }
});

afterAll(async () => {
  await t.close();
});

function lastExport(actorId: string) {
  return t.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'report.export'), eq(auditEvents.actorUserId, actorId)))
    .orderBy(desc(auditEvents.id))
    .limit(1)
    .then((rows) => rows[0]);
}

describe('report downloads', () => {
  it('answers the weekday rates as a CSV with the analytics figures, as an attachment without PHI in its name', async () => {
    const response = await admin.agent.get('/api/reports/weekday-rates?format=csv&from=2026-03-01&to=2026-03-14');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="caredeck-weekday-rates-2026-03-01-to-2026-03-14.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.split('\r\n')).toEqual([
      'Weekday,Appointments,Due,No-shows,Cancelled,No-show rate (%),Cancellation rate (%)',
      'Monday,4,4,2,0,50,0',
      'Tuesday,1,0,0,1,,100',
      'Wednesday,1,1,0,0,0,0',
      'Thursday,0,0,0,0,,',
      'Friday,0,0,0,0,,',
      'Saturday,0,0,0,0,,',
      'Sunday,0,0,0,0,,',
      '',
    ]);
  });

  it("writes the title, the heading and the column names in the requester's language", async () => {
    const csv = await admin.agent.get('/api/reports/weekday-rates?format=csv&from=2026-03-01&to=2026-03-14&lang=de');
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual([
      'Wochentag,Termine,Fällig,Nicht erschienen,Abgesagt,Quote Nichterscheinen (%),Absagequote (%)',
      'Montag,4,4,2,0,50,0',
    ]);

    const german = await admin.agent.get('/api/reports/weekday-rates?format=pdf&from=2026-03-01&to=2026-03-14&lang=de');
    expect(german.statusCode).toBe(200);
    const lines = (await pdfText(german.rawPayload, 1)).split('\n');
    expect(lines[0]).toBe('Nichterscheinen und Absagen nach Wochentag');
    expect(lines).toContain('Zeitraum: 2026-03-01 bis 2026-03-14');
    // A column name wider than its column goes on in a second line of the header.
    const header = lines
      .slice(
        lines.findIndex((line) => line.startsWith('Wochentag')),
        lines.findIndex((line) => line.startsWith('Montag')),
      )
      .join(' ');
    for (const column of ['Termine', 'Fällig', 'Nicht erschienen', 'Abgesagt', 'Quote Nichterscheinen (%)', 'Absagequote (%)']) {
      for (const word of column.split(' ')) expect(header).toContain(word);
    }

    const arabic = await admin.agent.get('/api/reports/weekday-rates?format=pdf&from=2026-03-01&to=2026-03-14&lang=ar');
    expect(arabic.statusCode).toBe(200);
    const arabicLines = (await pdfText(arabic.rawPayload, 1)).split('\n');
    // pdf.js reads a right-to-left line back in pieces, and lam-alef apart: each piece without one is there.
    for (const piece of ['التغيّب', 'حسب', 'يوم']) expect(arabicLines[0]).toContain(piece);
    const arabicHeader = arabicLines.find((line) => line.includes('المواعيد'))!;
    for (const piece of ['يوم', 'المستحقة', 'الحضور', 'الملغاة', 'نسبة', '(%)']) expect(arabicHeader).toContain(piece);
  });

  it('narrows the doctor rates to one specialty, and notes the export with its kind, format and filters', async () => {
    const response = await exporter.agent.get('/api/reports/doctor-rates?format=csv&from=2026-03-01&to=2026-03-14&specialty=Cardiology');
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,Cardiology,4,3,1,1,33\.3,25$/);
    const event = await lastExport(exporter.user.id);
    expect(event).toMatchObject({
      outcome: 'success',
      resourceType: 'report',
      resourceId: 'doctor-rates',
      patientId: null,
      patientIds: null,
    });
    expect(event!.details).toMatchObject({
      kind: 'doctor-rates',
      format: 'csv',
      from: '2026-03-01',
      to: '2026-03-14',
      specialty: 'Cardiology',
      doctorId: null,
      steps: [expect.objectContaining({ action: 'analytics.read' })],
    });
  });

  it('guards cells a spreadsheet would run as a formula, quotes commas and quotes, and names every patient listed on the audit event', async () => {
    const response = await admin.agent.get('/api/reports/patient-list?format=csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="caredeck-patient-list-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('Record number,Last name,First name,Date of birth,Gender,Email,Phone');
    const tricky = lines.find((line) => line.includes('HYPERLINK'))!;
    expect(tricky).toContain(`"'=HYPERLINK(""http://x.test"",""a, b"")",'@SUM(A1),`);
    expect(lines.some((line) => line.includes(',Lovelace,Ada,'))).toBe(true);
    const event = await lastExport(admin.user.id);
    expect(event!.details).toMatchObject({ kind: 'patient-list', format: 'csv', from: null, to: null });
    expect(event!.patientIds).toEqual(expect.arrayContaining([patientId, trickyId]));
  });

  it('makes a PDF whose table runs over pages with the heading', async () => {
    const response = await admin.agent.get('/api/reports/appointments?format=pdf&from=2025-03-15&to=2026-03-14');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="caredeck-appointments-2025-03-15-to-2026-03-14.pdf"');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // 53 weeks at about 30 rows a landscape page.
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(3);

    const small = await admin.agent.get('/api/reports/new-patients?format=pdf&from=2026-03-01&to=2026-03-07');
    expect(small.statusCode).toBe(200);
    expect((small.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(1);
  });

  it('exports the audit trail for auditors', async () => {
    const response = await admin.agent.get('/api/reports/audit-trail?format=csv');
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Actor,Role,Action,Outcome,Resource,Resource id,Patient id');
    expect(lines.some((line) => line.includes(',report.export,'))).toBe(true);
    expect((await lastExport(admin.user.id))!.details).toMatchObject({
      kind: 'audit-trail',
      steps: [expect.objectContaining({ resourceType: 'audit_events', filters: ['from', 'to'] })],
    });
  });

  it('refuses a reversed or too long period, an unknown kind or format with 400', async () => {
    const refused = async (url: string) => {
      const response = await admin.agent.get(url);
      expect(response.statusCode, url).toBe(400);
      return JSON.stringify(response.json().error);
    };
    expect(await refused('/api/reports/appointments?format=csv&from=2026-03-14&to=2026-03-01')).toContain('PERIOD_REVERSED');
    expect(await refused('/api/reports/appointments?format=csv&from=2026-01-01&to=2027-06-01')).toContain('PERIOD_TOO_LONG');
    await refused('/api/reports/salaries?format=csv');
    await refused('/api/reports/appointments?format=xlsx');
    await refused('/api/reports/appointments');
    await refused('/api/reports/appointments?format=csv&specialty=Astrology');
  });

  it('refuses staff without reports.export, and a kind whose data the exporter may not read', async () => {
    expect((await viewerOnly.agent.get('/api/reports/appointments?format=csv')).statusCode).toBe(403);
    const doctor = await createActor(t.app, 'doctor');
    expect((await doctor.agent.get('/api/reports/appointments?format=csv')).statusCode).toBe(403);
    const list = await exporter.agent.get('/api/reports/patient-list?format=csv');
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain('Lovelace');
    expect((await exporter.agent.get('/api/reports/audit-trail?format=pdf')).statusCode).toBe(403);
    const refusal = await lastExport(exporter.user.id);
    expect(refusal).toMatchObject({ outcome: 'denied', resourceId: 'audit-trail', patientIds: null });
  });
});

describe('the row cap', () => {
  // A day of the trail with more events than a report holds: written straight to the table, as
  // old events (their hashes are not checked here).
  const DAY = '2025-06-02';
  beforeAll(async () => {
    const at = new Date(`${DAY}T12:00:00Z`);
    const events = Array.from({ length: REPORT_MAX_ROWS + 3 }, (_, i) => ({
      occurredAt: new Date(at.getTime() + i * 1000),
      action: 'patient.read',
      resourceType: 'patient',
      outcome: 'success' as const,
      prevHash: 'x',
      hash: `cap-${i}`,
    }));
    for (let i = 0; i < events.length; i += 1000) await t.app.db.insert(auditEvents).values(events.slice(i, i + 1000));
  });

  it("ends a cut CSV with a note row in the requester's language, and a whole one without", async () => {
    const cut = await admin.agent.get(`/api/reports/audit-trail?format=csv&from=${DAY}&to=${DAY}&lang=es`);
    expect(cut.statusCode, cut.body).toBe(200);
    const lines = cut.body.trim().split('\r\n');
    expect(lines).toHaveLength(1 + REPORT_MAX_ROWS + 1);
    // Spanish groups digits only from five on.
    expect(lines.at(-1)).toBe('Se muestran las primeras 5000 de 5003 filas.');
    const english = (await admin.agent.get(`/api/reports/audit-trail?format=csv&from=${DAY}&to=${DAY}`)).body.trim().split('\r\n');
    expect(english.at(-1)).toBe('"Showing the first 5,000 of 5,003 rows."');

    const whole = await admin.agent.get('/api/reports/audit-trail?format=csv&from=2026-03-01&to=2026-03-14&lang=es');
    expect(whole.body).not.toContain('Se muestran');
  });

  it("says so under a cut PDF's title, in Arabic for an Arabic reader", async () => {
    const response = await admin.agent.get(`/api/reports/audit-trail?format=pdf&from=${DAY}&to=${DAY}&lang=ar`);
    expect(response.statusCode).toBe(200);
    const lines = (await pdfText(response.rawPayload, 1)).split('\n');
    // pdf.js reads a right-to-left line back in pieces: each piece is there.
    for (const piece of ['سجل', 'التدقيق']) expect(lines[0]).toContain(piece);
    for (const piece of ['يُعرض', 'أول', 'أصل', '5,000', '5,003']) expect(lines[1]).toContain(piece);
    const rows = lines.find((line) => line.includes('الصفوف'))!;
    for (const piece of ['5000', '5003']) expect(rows).toContain(piece);
  }, 120_000);

  it('tells the page beforehand how many rows a report would have, for the kinds the cap can cut', async () => {
    const size = await admin.agent.get(`/api/reports/audit-trail/size?from=${DAY}&to=${DAY}`);
    expect(size.statusCode, size.body).toBe(200);
    expect(size.json()).toEqual({ data: { rows: REPORT_MAX_ROWS + 3, max: REPORT_MAX_ROWS } });
    const [noted] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'report.size'), eq(auditEvents.actorUserId, admin.user.id)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(noted).toMatchObject({
      resourceId: 'audit-trail',
      outcome: 'success',
      details: { from: DAY, to: DAY, rows: REPORT_MAX_ROWS + 3 },
    });
    expect((await admin.agent.get('/api/reports/patient-list/size')).json().data.rows).toBeGreaterThanOrEqual(2);
    expect((await admin.agent.get('/api/reports/appointments/size?from=2026-03-01&to=2026-03-14')).json()).toEqual({
      data: { rows: null, max: REPORT_MAX_ROWS },
    });
    expect((await exporter.agent.get(`/api/reports/audit-trail/size?from=${DAY}&to=${DAY}`)).statusCode).toBe(403);
    expect((await viewerOnly.agent.get('/api/reports/patient-list/size')).statusCode).toBe(403);
    expect((await admin.agent.get('/api/reports/audit-trail/size?from=2026-03-14&to=2026-03-01')).statusCode).toBe(400);
  });

  it('refuses a language it does not know with 400', async () => {
    expect((await admin.agent.get(`/api/reports/audit-trail?format=csv&lang=tlh`)).statusCode).toBe(400);
  });
});

describe('schedule times', () => {
  it('runs weekly on the next Monday and monthly on the next 1st, each about the period before', () => {
    expect(nextRunAfter('weekly', new Date('2026-11-28T12:00:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    // On a Monday after the hour: the Monday after.
    expect(nextRunAfter('weekly', new Date('2026-11-30T06:00:00Z')).toISOString()).toBe('2026-12-07T06:00:00.000Z');
    expect(nextRunAfter('monthly', new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(nextRunAfter('monthly', new Date('2026-12-01T05:00:00Z')).toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(periodOfRun('weekly', new Date('2026-11-30T06:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodOfRun('monthly', new Date('2026-03-01T06:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});

describe('scheduled reports', () => {
  it('creates a weekly schedule for recipients who may receive it, lists it, and refuses one who may not', async () => {
    const analyst = await createActor(t.app, 'staff', { permissions: ['reports.view.all'], position: 'billing' });
    const created = await admin.agent.post('/api/reports/schedules', {
      kind: 'doctor-rates',
      format: 'pdf',
      frequency: 'weekly',
      specialty: 'Cardiology',
      recipients: [admin.user.id, analyst.user.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json().data;
    expect(schedule).toMatchObject({ kind: 'doctor-rates', format: 'pdf', frequency: 'weekly', specialty: 'Cardiology', active: true });
    expect(schedule.recipients.map((person: { id: string }) => person.id).sort()).toEqual([admin.user.id, analyst.user.id].sort());
    // The next Monday at 06:00 UTC, within a week.
    const next = new Date(schedule.nextRunAt);
    expect(next.getUTCDay()).toBe(1);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    const listed = await admin.agent.get('/api/reports/schedules');
    expect(listed.json().data.map((row: { id: string }) => row.id)).toContain(schedule.id);

    const doctor = await createActor(t.app, 'doctor');
    const refused = await admin.agent.post('/api/reports/schedules', {
      kind: 'appointments',
      format: 'csv',
      frequency: 'monthly',
      recipients: [doctor.user.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('recipients');
    expect((await exporter.agent.get('/api/reports/schedules')).statusCode).toBe(403);
    expect(
      (
        await exporter.agent.post('/api/reports/schedules', {
          kind: 'appointments',
          format: 'csv',
          frequency: 'weekly',
          recipients: [exporter.user.id],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('mails each recipient a link when the schedule is due, skips one who lost access, audits the run and moves on', async () => {
    const kept = await createActor(t.app, 'staff', { permissions: ['reports.view.all'], position: 'billing' });
    const gone = await createActor(t.app, 'staff', { permissions: ['reports.view.all'], position: 'billing' });
    const created = await admin.agent.post('/api/reports/schedules', {
      kind: 'patient-list',
      format: 'csv',
      frequency: 'monthly',
      recipients: [kept.user.id, gone.user.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    await t.app.db
      .update(reportSchedules)
      .set({ nextRunAt: new Date(Date.now() - 60_000) })
      .where(eq(reportSchedules.id, id));
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, gone.user.id));

    await t.app.jobs.runNow('report-schedules');

    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'scheduled-report'));
    const toKept = mails.filter((mail) => mail.toAddress === kept.user.email);
    expect(toKept).toHaveLength(1);
    expect(toKept[0]!.subject).toBe('Your monthly report is ready: Patient list');
    expect(toKept[0]!.textBody).toContain('/admin/reports?kind=patient-list&format=csv');
    // A link, never the list: no patient's name travels by mail.
    expect(toKept[0]!.textBody).not.toContain('Lovelace');
    expect(mails.some((mail) => mail.toAddress === gone.user.email)).toBe(false);

    const [run] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'report.scheduled-run'), eq(auditEvents.resourceId, id)));
    expect(run!.details).toMatchObject({ kind: 'patient-list', mailed: [kept.user.id], skipped: [gone.user.id] });
    const [after] = await t.app.db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
    expect(after!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    expect(after!.nextRunAt.getUTCDate()).toBe(1);

    // Run again: nothing is due, nothing more is sent.
    await t.app.jobs.runNow('report-schedules');
    expect((await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, kept.user.email))).length).toBe(1);
  });

  it('deletes a schedule; an unknown one answers 404', async () => {
    const created = await admin.agent.post('/api/reports/schedules', {
      kind: 'new-patients',
      format: 'csv',
      frequency: 'weekly',
      recipients: [admin.user.id],
    });
    const id = created.json().data.id as string;
    expect((await admin.agent.delete(`/api/reports/schedules/${id}`)).statusCode).toBe(204);
    expect((await admin.agent.delete(`/api/reports/schedules/${id}`)).statusCode).toBe(404);
    expect((await admin.agent.delete('/api/reports/schedules/not-an-id')).statusCode).toBe(404);
    expect((await t.app.db.select().from(reportSchedules).where(eq(reportSchedules.id, id))).length).toBe(0);
  });
});
