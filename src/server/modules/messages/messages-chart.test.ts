import { asc, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  chartConversationsResponseSchema,
  chartThreadResponseSchema,
  conversationResponseSchema,
  messageResponseSchema,
  threadResponseSchema,
  type Conversation,
  type Message,
} from '../../../contracts/messages';
import { simplePdf } from '../../db/factories';
import { VALIDATION_MESSAGES_EN } from '../../../contracts/validation-messages';
import { auditEvents, conversationParticipants, messages } from '../../db/schema';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, type Actor } from '../../test-support/idor-harness';
import { multipartBody, ONE_PIXEL_PNG, type FormPart } from '../../test-support/multipart';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// A patient's messages in their chart: a clinician who may open the chart lists the patient's
// conversations and reads any of them read-only, taking part or not, each noted as a read of the
// patient's record; anyone else learns nothing.

let t: TestApp;
let patient: Actor;
let otherPatient: Actor;
let writingDoctor: Actor;
let readingDoctor: Actor;
let strangerDoctor: Actor;
let recordsStaff: Actor;
let deskStaff: Actor;
let withDoctor: Conversation;
let toInbox: Conversation;
let otherPatients: Conversation;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  writingDoctor = await createDoctorActor(t.app);
  readingDoctor = await createDoctorActor(t.app);
  strangerDoctor = await createDoctorActor(t.app);
  recordsStaff = await createActor(t.app, 'staff', { permissions: ['patients.view.all', 'medical_records.view'] });
  deskStaff = await createActor(t.app, 'staff', { permissions: ['patients.view.all'] });
  await assignCare(t.app, writingDoctor.user.id, patient.user.id);
  await assignCare(t.app, readingDoctor.user.id, patient.user.id);
  await assignCare(t.app, writingDoctor.user.id, otherPatient.user.id);
  withDoctor = await start(patient, {
    recipientId: writingDoctor.user.id,
    subject: 'My knee',
    body: 'It still hurts when I climb stairs.',
  });
  expect((await writingDoctor.agent.post(`/api/conversations/${withDoctor.id}/messages`, { body: 'Come and see me.' })).statusCode).toBe(
    201,
  );
  toInbox = await start(patient, { topic: 'billing', subject: 'My invoice', body: 'Was I charged twice?' });
  otherPatients = await start(otherPatient, { recipientId: writingDoctor.user.id, subject: 'Not hers', body: 'Another patient' });
  // Colleagues talking: no patient in it, so in no chart.
  await start(writingDoctor, { recipientId: readingDoctor.user.id, subject: 'Rota', body: 'Swap Friday?' });
});

afterAll(async () => {
  await t.close();
});

async function start(actor: Actor, body: Record<string, unknown>): Promise<Conversation> {
  const response = await actor.agent.post('/api/conversations', body);
  expect(response.statusCode, response.body).toBe(201);
  return conversationResponseSchema.parse(response.json()).data;
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}
const auditSince = (id: number) => t.app.db.select().from(auditEvents).where(gt(auditEvents.id, id)).orderBy(asc(auditEvents.id));

describe('a patient’s conversations in the chart', () => {
  it('lists every conversation with the patient to a doctor in her care who takes part in none, noted as a read of her record', async () => {
    const since = await lastAuditId();
    const response = await readingDoctor.agent.get(`/api/patients/${patient.user.id}/conversations`);
    expect(response.statusCode, response.body).toBe(200);
    const list = chartConversationsResponseSchema.parse(response.json());
    expect(list.total).toBe(2);
    expect(list.data.map((c) => c.subject)).toEqual(['My invoice', 'My knee']);
    const knee = list.data.find((c) => c.id === withDoctor.id)!;
    expect(knee).toMatchObject({ messageCount: 2, participating: false, topic: null });
    expect(knee.participants.map((p) => p.userId).sort()).toEqual([patient.user.id, writingDoctor.user.id].sort());
    expect(knee.lastMessageAt).not.toBeNull();
    expect(list.data.find((c) => c.id === toInbox.id)).toMatchObject({ messageCount: 1, topic: 'billing' });
    expect(response.body).not.toContain('Not hers');
    expect(response.body).not.toContain('Rota');
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        action: 'conversation.chart-list',
        outcome: 'success',
        actorUserId: readingDoctor.user.id,
        patientId: patient.user.id,
        resourceType: 'patient',
      }),
    ]);
  });

  it('opens a thread read-only for a reader who is not in it, noted as a read of her record, without joining or marking anything read', async () => {
    const before = await t.app.db.select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, withDoctor.id));
    const since = await lastAuditId();
    const response = await readingDoctor.agent.get(`/api/patients/${patient.user.id}/conversations/${withDoctor.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const thread = chartThreadResponseSchema.parse(response.json()).data;
    expect(thread.messages.map((m) => m.body)).toEqual(['It still hurts when I climb stairs.', 'Come and see me.']);
    expect(thread.conversation.participating).toBe(false);
    expect(thread.hasOlder).toBe(false);
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        action: 'conversation.chart-open',
        outcome: 'success',
        actorUserId: readingDoctor.user.id,
        patientId: patient.user.id,
        resourceId: withDoctor.id,
      }),
    ]);
    expect(
      await t.app.db.select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, withDoctor.id)),
    ).toEqual(before);
    // Their own conversation is marked as theirs, and staff holding the records permission read it too.
    const own = chartConversationsResponseSchema.parse(
      (await writingDoctor.agent.get(`/api/patients/${patient.user.id}/conversations`)).json(),
    );
    expect(own.data.find((c) => c.id === withDoctor.id)!.participating).toBe(true);
    expect((await recordsStaff.agent.get(`/api/patients/${patient.user.id}/conversations/${toInbox.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for a patient out of reach, like a missing one, and notes the miss naming nobody', async () => {
    const missing = await strangerDoctor.agent.get(`/api/patients/${randomUUID()}/conversations`);
    expect(missing.statusCode).toBe(404);
    const since = await lastAuditId();
    const list = await strangerDoctor.agent.get(`/api/patients/${patient.user.id}/conversations`);
    expect(list.statusCode).toBe(404);
    expect(list.body).toBe(missing.body);
    const thread = await strangerDoctor.agent.get(`/api/patients/${patient.user.id}/conversations/${withDoctor.id}`);
    expect(thread.statusCode).toBe(404);
    expect(thread.body).not.toContain('knee');
    const noted = await auditSince(since);
    expect(noted).toHaveLength(2);
    for (const row of noted) expect(row).toMatchObject({ outcome: 'failure', patientId: null, actorUserId: strangerDoctor.user.id });
  });

  it('answers 404 for a conversation that is not with that patient, even one the reader may see elsewhere', async () => {
    // The writing doctor cares for both patients and takes part in the other one's conversation.
    const crossed = await writingDoctor.agent.get(`/api/patients/${patient.user.id}/conversations/${otherPatients.id}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.body).not.toContain('Not hers');
    expect((await writingDoctor.agent.get(`/api/patients/${patient.user.id}/conversations/not-an-id`)).statusCode).toBe(404);
  });

  it('refuses a patient (her own messages are in her own view) and staff without the records permission', async () => {
    for (const caller of [patient, otherPatient, deskStaff]) {
      const list = await caller.agent.get(`/api/patients/${patient.user.id}/conversations`);
      expect(list.statusCode).toBe(403);
      expect(list.body).not.toContain('knee');
      const thread = await caller.agent.get(`/api/patients/${patient.user.id}/conversations/${withDoctor.id}`);
      expect(thread.statusCode).toBe(403);
      expect(thread.body).not.toContain('stairs');
    }
  });
});

describe('files of a patient’s conversation, downloaded from the chart', () => {
  const letter = simplePdf('Scan report', ['Knee, left: no fracture']);
  let withFiles: Message;
  let otherPatientsFile: Message;

  async function sendFiles(actor: Actor, conversationId: string, parts: readonly FormPart[]): Promise<Message> {
    const { payload, headers } = multipartBody(parts);
    const response = await actor.agent.request('POST', `/api/conversations/${conversationId}/attachment-messages`, payload, { headers });
    expect(response.statusCode, response.body).toBe(201);
    return messageResponseSchema.parse(response.json()).data;
  }

  const fileUrl = (patientId: string, conversationId: string, attachmentId: string) =>
    `/api/patients/${patientId}/conversations/${conversationId}/attachments/${attachmentId}`;

  beforeAll(async () => {
    withFiles = await sendFiles(patient, withDoctor.id, [
      { name: 'body', value: 'The report from the clinic.' },
      { name: 'files', filename: 'Knee scan Bericht für Dr.pdf', type: 'application/pdf', content: letter },
      { name: 'files', filename: 'knee.png', type: 'image/png', content: ONE_PIXEL_PNG },
    ]);
    otherPatientsFile = await sendFiles(writingDoctor, otherPatients.id, [
      { name: 'body', value: 'Yours, not hers.' },
      { name: 'files', filename: 'not-hers.png', type: 'image/png', content: ONE_PIXEL_PNG },
    ]);
  });

  it('gives a reader who is not in the conversation the same download a participant gets, noted as a read of her record', async () => {
    // The thread read from the chart names the files the download takes.
    const thread = chartThreadResponseSchema.parse(
      (await readingDoctor.agent.get(`/api/patients/${patient.user.id}/conversations/${withDoctor.id}`)).json(),
    ).data;
    expect(thread.messages.at(-1)!.attachments).toEqual(withFiles.attachments);

    const [pdf, png] = withFiles.attachments;
    const since = await lastAuditId();
    const download = await readingDoctor.agent.get(fileUrl(patient.user.id, withDoctor.id, pdf!.id));
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(letter)).toBe(true);
    // Byte for byte what the participant's own download answers, headers included.
    const participants = await writingDoctor.agent.get(`/api/message-attachments/${pdf!.id}`);
    for (const header of ['content-type', 'content-disposition', 'x-content-type-options', 'content-security-policy', 'cache-control']) {
      expect(download.headers[header], header).toBe(participants.headers[header]);
    }
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Knee scan Bericht f_r Dr.pdf"; filename*=UTF-8''Knee%20scan%20Bericht%20f%C3%BCr%20Dr.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('no-store');
    const reads = await auditSince(since);
    expect(reads[0]).toEqual(
      expect.objectContaining({
        action: 'message.chart-attachment-download',
        outcome: 'success',
        actorUserId: readingDoctor.user.id,
        patientId: patient.user.id,
        resourceType: 'message_attachment',
        resourceId: pdf!.id,
      }),
    );
    expect(reads).toHaveLength(2);
    expect(JSON.stringify(reads[0])).not.toContain('Knee scan');
    // Reading the file did not make the reader a participant.
    expect(
      (await t.app.db.select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, withDoctor.id))).map(
        (row) => row.userId,
      ),
    ).not.toContain(readingDoctor.user.id);

    // Staff holding the records permission download it too.
    const staffDownload = await recordsStaff.agent.get(fileUrl(patient.user.id, withDoctor.id, png!.id));
    expect(staffDownload.statusCode).toBe(200);
    expect(staffDownload.rawPayload.equals(ONE_PIXEL_PNG)).toBe(true);
    expect(staffDownload.headers['content-type']).toBe('image/png');
  });

  it('answers 404 for a patient out of reach, like a missing one, and notes the miss naming nobody', async () => {
    const pdf = withFiles.attachments[0]!;
    const missing = await strangerDoctor.agent.get(fileUrl(randomUUID(), withDoctor.id, pdf.id));
    expect(missing.statusCode).toBe(404);
    const since = await lastAuditId();
    const answer = await strangerDoctor.agent.get(fileUrl(patient.user.id, withDoctor.id, pdf.id));
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toBe(missing.body);
    expect(answer.body).not.toContain('%PDF');
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        action: 'message.chart-attachment-download',
        outcome: 'failure',
        actorUserId: strangerDoctor.user.id,
        patientId: null,
      }),
    ]);
  });

  it('answers 404 for a file outside that patient’s conversation, even one the reader may download elsewhere', async () => {
    const pdf = withFiles.attachments[0]!;
    const notHers = otherPatientsFile.attachments[0]!;
    const missing = await writingDoctor.agent.get(fileUrl(patient.user.id, withDoctor.id, randomUUID()));
    expect(missing.statusCode).toBe(404);
    // The writing doctor cares for both patients and takes part in both conversations.
    expect((await writingDoctor.agent.get(`/api/message-attachments/${notHers.id}`)).statusCode).toBe(200);
    for (const url of [
      // Another patient's file, under her conversation and under the other patient's.
      fileUrl(patient.user.id, withDoctor.id, notHers.id),
      fileUrl(patient.user.id, otherPatients.id, notHers.id),
      // Her file, under another of her conversations.
      fileUrl(patient.user.id, toInbox.id, pdf.id),
      // Her file, under the other patient's path.
      fileUrl(otherPatient.user.id, withDoctor.id, pdf.id),
      fileUrl(patient.user.id, withDoctor.id, 'not-an-id'),
      fileUrl(patient.user.id, 'not-an-id', pdf.id),
    ]) {
      const answer = await writingDoctor.agent.get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).toBe(missing.body);
    }
  });

  it('refuses a patient (her files are in her own view) and staff without the records permission', async () => {
    const pdf = withFiles.attachments[0]!;
    for (const caller of [patient, otherPatient, deskStaff]) {
      const answer = await caller.agent.get(fileUrl(patient.user.id, withDoctor.id, pdf.id));
      expect(answer.statusCode).toBe(403);
      expect(answer.body).not.toContain('%PDF');
    }
  });
});

describe('a long conversation read from the chart, page by page', () => {
  const TOTAL = 120;
  let long: Conversation;
  const body = (n: number) => `Long message ${String(n).padStart(3, '0')}`;

  beforeAll(async () => {
    long = await start(patient, { recipientId: writingDoctor.user.id, subject: 'A long story', body: body(1) });
    // The rest all at one instant, as an import or a burst would store them; their ids are random,
    // so only the order they were stored in tells them apart.
    const at = new Date('2026-02-03T04:05:06.789Z');
    await t.app.db.insert(messages).values(
      Array.from({ length: TOTAL - 1 }, (_, i) => ({
        conversationId: long.id,
        senderId: i % 2 === 0 ? writingDoctor.user.id : patient.user.id,
        body: body(i + 2),
        createdAt: at,
      })),
    );
  });

  async function page(query: string) {
    const response = await readingDoctor.agent.get(`/api/patients/${patient.user.id}/conversations/${long.id}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return chartThreadResponseSchema.parse(response.json()).data;
  }

  /** Every page from the newest back, each oldest first; returns the bodies in order and the pages' sizes. */
  async function walk(limit?: number): Promise<{ bodies: string[]; sizes: number[] }> {
    const pages: string[][] = [];
    let before: string | undefined;
    for (let guard = 0; guard < TOTAL + 1; guard += 1) {
      const params = new URLSearchParams({ ...(limit ? { limit: String(limit) } : {}), ...(before ? { before } : {}) });
      const found = await page(params.size > 0 ? `?${params}` : '');
      pages.unshift(found.messages.map((message) => message.body));
      if (!found.hasOlder) break;
      before = found.messages[0]!.id;
    }
    return { bodies: pages.flat(), sizes: pages.map((bodies) => bodies.length).reverse() };
  }

  const everyMessage = Array.from({ length: TOTAL }, (_, i) => body(i + 1));

  it('reaches every message once, in the order sent, 50 at a time by default, each page noted as a read of her record', async () => {
    const since = await lastAuditId();
    const { bodies, sizes } = await walk();
    expect(sizes).toEqual([50, 50, 20]);
    expect(bodies).toEqual(everyMessage);
    const reads = await auditSince(since);
    expect(reads).toHaveLength(3);
    for (const row of reads) {
      expect(row).toMatchObject({ action: 'conversation.chart-open', outcome: 'success', patientId: patient.user.id, resourceId: long.id });
    }
  });

  it('walks the same order with any page size up to the largest, and again the same on a second walk', async () => {
    for (const limit of [1, 7, 49, 100]) {
      const { bodies, sizes } = await walk(limit);
      expect(bodies, `limit ${limit}`).toEqual(everyMessage);
      expect(sizes.length, `limit ${limit}`).toBe(Math.ceil(TOTAL / limit));
    }
    expect((await walk(7)).bodies).toEqual(everyMessage);
  });

  it('keeps walking back from where the reader is when a message arrives between two pages: no message twice, none missed', async () => {
    const first = await page('?limit=30');
    const arrived = await writingDoctor.agent.post(`/api/conversations/${long.id}/messages`, { body: 'Arrived meanwhile' });
    expect(arrived.statusCode).toBe(201);
    const second = await page(`?limit=30&before=${first.messages[0]!.id}`);
    expect([...second.messages, ...first.messages].map((message) => message.body)).toEqual(everyMessage.slice(TOTAL - 60));
    expect((await page('?limit=1')).messages.map((message) => message.body)).toEqual(['Arrived meanwhile']);
  });

  it('refuses a page size out of bounds and a page anchor that is not a message of the conversation with a 400 the web words', async () => {
    const inOther = chartThreadResponseSchema.parse(
      (await readingDoctor.agent.get(`/api/patients/${patient.user.id}/conversations/${withDoctor.id}`)).json(),
    ).data.messages[0]!.id;
    for (const [query, field, key] of [
      ['?limit=0', 'limit', 'choice.invalid'],
      ['?limit=101', 'limit', 'choice.invalid'],
      ['?limit=ten', 'limit', 'choice.invalid'],
      ['?limit=2.5', 'limit', 'choice.invalid'],
      ['?before=not-a-message', 'before', 'cursor.invalid'],
      [`?before=${randomUUID()}`, 'before', 'cursor.invalid'],
      [`?before=${inOther}`, 'before', 'cursor.invalid'],
    ] as const) {
      const response = await readingDoctor.agent.get(`/api/patients/${patient.user.id}/conversations/${long.id}${query}`);
      expect(response.statusCode, query).toBe(400);
      const error = (response.json() as { error: { code: string; fields: Record<string, string> } }).error;
      expect(error.code, query).toBe('VALIDATION_FAILED');
      // Named as the schema's own refusals name a query field, in the words the web translates.
      expect(error.fields[`querystring.${field}`], query).toBe(VALIDATION_MESSAGES_EN[key]);
      expect(response.body, query).not.toContain('Long message');
    }
  });

  it('pages a participant’s own thread the same way', async () => {
    const newest = threadResponseSchema.parse((await patient.agent.get(`/api/conversations/${long.id}?limit=2`)).json()).data;
    expect(newest.hasOlder).toBe(true);
    const older = threadResponseSchema.parse(
      (await patient.agent.get(`/api/conversations/${long.id}?limit=2&before=${newest.messages[0]!.id}`)).json(),
    ).data;
    expect([...older.messages, ...newest.messages].map((message) => message.body)).toEqual([
      body(118),
      body(119),
      body(120),
      'Arrived meanwhile',
    ]);
    expect((await patient.agent.get(`/api/conversations/${long.id}?limit=101`)).statusCode).toBe(400);
  });
});
