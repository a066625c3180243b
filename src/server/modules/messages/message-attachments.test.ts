import { randomUUID } from 'node:crypto';
import { asc, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_REFUSALS } from '../../../contracts/documents';
import type { LiveEvent } from '../../../contracts/live-events';
import {
  conversationListResponseSchema,
  conversationResponseSchema,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_SEND_PER_MINUTE,
  messageResponseSchema,
  threadResponseSchema,
  type Conversation,
} from '../../../contracts/messages';
import { VALIDATION_MESSAGES_EN } from '../../../contracts/validation-messages';
import { simplePdf } from '../../db/factories';
import { auditEvents, conversations, messageAttachmentContents, messageAttachments, messages } from '../../db/schema';
import type { BusEnvelope } from '../../platform/events';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { multipartBody, ONE_PIXEL_PNG, type FormPart } from '../../test-support/multipart';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Files on secure messages: sent with the message (multipart), taken by the documents' rules,
// downloaded back only by the conversation's participants, and refused whole, with nothing kept,
// when anything about them is wrong.

let t: TestApp;
let patient: Actor;
let doctor: Actor;
let otherPatient: Actor;
let otherDoctor: Actor;
let published: BusEnvelope[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  otherDoctor = await createDoctorActor(t.app);
  await assignCare(t.app, doctor.user.id, patient.user.id);
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
});

afterAll(async () => {
  await t.close();
});

async function start(actor: Actor, recipient: Actor, subject = 'My results'): Promise<Conversation> {
  const response = await actor.agent.post('/api/conversations', { recipientId: recipient.user.id, subject, body: 'Hello' });
  expect(response.statusCode, response.body).toBe(201);
  return conversationResponseSchema.parse(response.json()).data;
}

function send(actor: Actor, conversationId: string, parts: readonly FormPart[]) {
  const { payload, headers } = multipartBody(parts);
  return actor.agent.request('POST', `/api/conversations/${conversationId}/attachment-messages`, payload, { headers });
}

const pdf = (filename: string, content = simplePdf('Discharge letter')): FormPart => ({
  name: 'files',
  filename,
  type: 'application/pdf',
  content,
});
const png = (filename: string): FormPart => ({ name: 'files', filename, type: 'image/png', content: ONE_PIXEL_PNG });

async function stored(): Promise<{ messages: number; attachments: number; contents: number }> {
  const [m] = await t.app.db.select({ n: count() }).from(messages);
  const [a] = await t.app.db.select({ n: count() }).from(messageAttachments);
  const [c] = await t.app.db.select({ n: count() }).from(messageAttachmentContents);
  return { messages: m!.n, attachments: a!.n, contents: c!.n };
}

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

const auditSince = (id: number) => t.app.db.select().from(auditEvents).where(gt(auditEvents.id, id)).orderBy(asc(auditEvents.id));

describe('a message with files', () => {
  it('is sent with its files, shown in the thread, list and live events, and downloaded back byte for byte by the other participant', async () => {
    const conversation = await start(patient, doctor);
    const letter = simplePdf('Discharge letter', ['Follow up in two weeks']);
    published.length = 0;
    const since = await lastAuditId();

    const response = await send(doctor, conversation.id, [
      { name: 'body', value: '  Here is your letter and the scan.  ' },
      pdf('Discharge letter März.pdf', letter),
      png('scan.png'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    // The same sending budget as a message without files.
    expect(response.headers['x-ratelimit-limit']).toBe(String(MESSAGE_SEND_PER_MINUTE));
    const message = messageResponseSchema.parse(response.json()).data;
    expect(message.body).toBe('Here is your letter and the scan.');
    expect(message.attachments).toEqual([
      { id: expect.any(String), filename: 'Discharge letter März.pdf', mimeType: 'application/pdf', sizeBytes: letter.length },
      { id: expect.any(String), filename: 'scan.png', mimeType: 'image/png', sizeBytes: ONE_PIXEL_PNG.length },
    ]);

    // The thread and the conversation list carry the same metadata.
    const thread = threadResponseSchema.parse((await patient.agent.get(`/api/conversations/${conversation.id}`)).json()).data;
    expect(thread.messages.at(-1)!.attachments).toEqual(message.attachments);
    expect(thread.messages[0]!.attachments).toEqual([]);
    const list = conversationListResponseSchema.parse((await patient.agent.get('/api/conversations')).json()).data;
    expect(list.find((item) => item.id === conversation.id)!.lastMessage!.attachments).toEqual(message.attachments);

    // Live: the patient's new_message and the doctor's message_sent carry the files, so both show them at once.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const events = published.map((p) => ({ recipients: [...p.recipients].sort(), event: p.event as LiveEvent }));
    expect(events).toContainEqual({
      recipients: [patient.user.id],
      event: expect.objectContaining({ type: 'new_message', messageId: message.id, attachments: message.attachments }),
    });
    expect(events).toContainEqual({
      recipients: [doctor.user.id],
      event: expect.objectContaining({ type: 'message_sent', messageId: message.id, attachments: message.attachments }),
    });
    const sent = (await auditSince(since)).find((row) => row.action === 'message.send');
    expect(sent).toMatchObject({ outcome: 'success', patientId: patient.user.id, actorUserId: doctor.user.id });

    // The patient downloads the letter: the same bytes, as an attachment under the stored type.
    const beforeDownload = await lastAuditId();
    const download = await patient.agent.get(`/api/message-attachments/${message.attachments[0]!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(letter)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Discharge letter M_rz.pdf"; filename*=UTF-8''Discharge%20letter%20M%C3%A4rz.pdf`,
    );
    // A read of the patient's record, like opening the thread; the file's name is nowhere in it.
    const reads = await auditSince(beforeDownload);
    expect(reads).toEqual([
      expect.objectContaining({
        action: 'message.attachment-download',
        outcome: 'success',
        actorUserId: patient.user.id,
        patientId: patient.user.id,
        resourceType: 'message_attachment',
        resourceId: message.attachments[0]!.id,
      }),
    ]);
    expect(JSON.stringify(reads)).not.toContain('Discharge');

    // The sender downloads it too: a participant like any other.
    const own = await doctor.agent.get(`/api/message-attachments/${message.attachments[1]!.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(ONE_PIXEL_PNG)).toBe(true);
    expect(own.headers['content-type']).toBe('image/png');
  });

  it('answers 404 to anyone outside the conversation, exactly like a missing file, and notes the miss naming nobody', async () => {
    const conversation = await start(patient, doctor, 'Private scan');
    const response = await send(doctor, conversation.id, [{ name: 'body', value: 'The scan.' }, png('private-scan.png')]);
    expect(response.statusCode, response.body).toBe(201);
    const attachmentId = messageResponseSchema.parse(response.json()).data.attachments[0]!.id;
    const missing = await patient.agent.get(`/api/message-attachments/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);

    for (const intruder of [otherPatient, otherDoctor]) {
      const since = await lastAuditId();
      const answer = await intruder.agent.get(`/api/message-attachments/${attachmentId}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(missing.body);
      expect(answer.body).not.toContain('private-scan');
      expect(await auditSince(since)).toEqual([
        expect.objectContaining({
          action: 'message.attachment-download',
          outcome: 'failure',
          actorUserId: intruder.user.id,
          patientId: null,
        }),
      ]);
    }
    expect((await patient.agent.get('/api/message-attachments/not-an-id')).statusCode).toBe(404);
  });

  it('refuses a message with files to a conversation of others with 404, storing nothing', async () => {
    const conversation = await start(patient, doctor, 'Not yours');
    for (const intruder of [otherPatient, otherDoctor]) {
      const before = await stored();
      const answer = await send(intruder, conversation.id, [{ name: 'body', value: 'Intruding' }, png('x.png')]);
      expect(answer.statusCode).toBe(404);
      expect(await stored()).toEqual(before);
    }
  });

  it('is probed as someone else’s record: 404 for every method, no leak, no change', async () => {
    for (const intruder of [otherPatient, otherDoctor]) {
      const { outcomes, before, after, ownerStatus } = await probeIdor(
        {
          name: 'message attachment',
          paths: ['/api/message-attachments/:id'],
          create: async (owner) => {
            const conversation = await start(owner, doctor, 'Probe subject');
            const response = await send(owner, conversation.id, [{ name: 'body', value: 'Probe body' }, pdf('probe-letter.pdf')]);
            return { id: messageResponseSchema.parse(response.json()).data.attachments[0]!.id };
          },
          snapshot: async (record) => t.app.db.select().from(messageAttachments).where(eq(messageAttachments.id, record.id)),
          secrets: () => ['probe-letter', 'Probe body', 'Probe subject', '%PDF'],
          ownerGet: 200,
        },
        patient,
        intruder,
      );
      expect(ownerStatus).toBe(200);
      expect(after).toEqual(before);
      for (const outcome of outcomes) {
        expect(outcome.status, `${outcome.method} ${outcome.url}`).toBe(404);
        expect(outcome.leaked).toEqual([]);
      }
    }
    const { outcomes } = await probeIdor(
      {
        name: 'message with files',
        paths: ['/api/conversations/:id/attachment-messages'],
        methods: ['POST'],
        create: async (owner) => start(owner, doctor, 'Probe thread'),
        snapshot: async (record) => t.app.db.select().from(messages).where(eq(messages.conversationId, record.id)),
        secrets: () => ['Probe thread'],
      },
      patient,
      otherPatient,
    );
    for (const outcome of outcomes) expect(outcome.status).toBe(404);
  });
});

describe('a message with files refused whole, nothing stored and nothing sent', () => {
  let conversation: Conversation;
  let sender: Actor;

  beforeAll(async () => {
    // A patient of their own, so the refusals below do not spend the other tests' sending budget.
    sender = await createActor(t.app, 'patient');
    await assignCare(t.app, doctor.user.id, sender.user.id);
    conversation = await start(sender, doctor, 'Refusals');
  });

  async function refused(parts: readonly FormPart[], status: number, code: string, fields: Record<string, string>) {
    const before = await stored();
    published.length = 0;
    const since = await lastAuditId();
    const response = await send(sender, conversation.id, parts);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ error: { code, fields } });
    expect(await stored()).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(published).toEqual([]);
    expect(await auditSince(since)).toContainEqual(
      expect.objectContaining({ action: 'message.send', outcome: 'failure', patientId: sender.user.id }),
    );
  }

  it('too many files', async () => {
    const files = Array.from({ length: MESSAGE_ATTACHMENTS_MAX + 1 }, (_, i) => png(`page-${i}.png`));
    const message = VALIDATION_MESSAGES_EN['message.tooManyAttachments'];
    await refused([{ name: 'body', value: 'All my pages' }, ...files], 400, 'TOO_MANY_ATTACHMENTS', { files: message });
  });

  it('a file larger than a document may be', async () => {
    const big = Buffer.concat([simplePdf('Big'), Buffer.alloc(MESSAGE_ATTACHMENT_MAX_BYTES)]);
    await refused([{ name: 'body', value: 'A big one' }, png('ok.png'), pdf('big.pdf', big)], 413, 'PAYLOAD_TOO_LARGE', {
      files: DOCUMENT_REFUSALS['too-large'],
    });
  });

  it('a type that is not taken', async () => {
    await refused(
      [
        { name: 'body', value: 'A page' },
        { name: 'files', filename: 'page.html', type: 'text/html', content: Buffer.from('<html></html>') },
      ],
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      { files: DOCUMENT_REFUSALS['type-not-allowed'] },
    );
  });

  it('a file whose content does not match its name', async () => {
    // A PNG named and declared as a PDF, beside a good file: the whole message is refused.
    await refused(
      [
        { name: 'body', value: 'My letter' },
        pdf('good.pdf'),
        { name: 'files', filename: 'letter.pdf', type: 'application/pdf', content: ONE_PIXEL_PNG },
      ],
      400,
      'VALIDATION_FAILED',
      { files: DOCUMENT_REFUSALS['content-mismatch'] },
    );
  });

  it('an empty file', async () => {
    await refused(
      [
        { name: 'body', value: 'Empty' },
        { name: 'files', filename: 'empty.pdf', type: 'application/pdf', content: Buffer.alloc(0) },
      ],
      400,
      'VALIDATION_FAILED',
      { files: DOCUMENT_REFUSALS.empty },
    );
  });

  it('a file with a path for a name, and a message without text', async () => {
    await refused([{ name: 'body', value: 'Sneaky' }, pdf('../../etc/letter.pdf')], 400, 'VALIDATION_FAILED', {
      files: DOCUMENT_REFUSALS['name-invalid'],
    });
    await refused([{ name: 'body', value: '   ' }, pdf('letter.pdf')], 400, 'VALIDATION_FAILED', {
      body: VALIDATION_MESSAGES_EN['text.required'],
    });
  });

  it('a JSON body', async () => {
    const before = await stored();
    const response = await sender.agent.post(`/api/conversations/${conversation.id}/attachment-messages`, { body: 'Hello' });
    expect(response.statusCode).toBe(415);
    expect(await stored()).toEqual(before);
  });
});

describe('a new conversation whose first message carries files', () => {
  let writer: Actor;

  beforeAll(async () => {
    // A patient of her own, so these starts do not spend the other tests' sending budget.
    writer = await createActor(t.app, 'patient');
    await assignCare(t.app, doctor.user.id, writer.user.id);
  });

  function startWith(actor: Actor, parts: readonly FormPart[]) {
    const { payload, headers } = multipartBody(parts);
    return actor.agent.request('POST', '/api/conversations/with-attachments', payload, { headers });
  }

  async function storedConversations(): Promise<number> {
    const [row] = await t.app.db.select({ n: count() }).from(conversations);
    return row!.n;
  }

  it('is started with its files: the doctor hears of it live with the files and downloads them byte for byte', async () => {
    const letter = simplePdf('Referral', ['Please see the attached']);
    published.length = 0;
    const since = await lastAuditId();

    const response = await startWith(writer, [
      { name: 'recipientId', value: doctor.user.id },
      { name: 'subject', value: '  My referral  ' },
      { name: 'body', value: 'Here is the referral from my GP.' },
      pdf('Referral.pdf', letter),
      png('rash.png'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['x-ratelimit-limit']).toBe(String(MESSAGE_SEND_PER_MINUTE));
    const conversation = conversationResponseSchema.parse(response.json()).data;
    expect(conversation.subject).toBe('My referral');
    expect(conversation.patientId).toBe(writer.user.id);
    const attachments = conversation.lastMessage!.attachments;
    expect(attachments).toEqual([
      { id: expect.any(String), filename: 'Referral.pdf', mimeType: 'application/pdf', sizeBytes: letter.length },
      { id: expect.any(String), filename: 'rash.png', mimeType: 'image/png', sizeBytes: ONE_PIXEL_PNG.length },
    ]);

    // The doctor's thread holds the first message with its files, and the live event carries them.
    const thread = threadResponseSchema.parse((await doctor.agent.get(`/api/conversations/${conversation.id}`)).json()).data;
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]!.body).toBe('Here is the referral from my GP.');
    expect(thread.messages[0]!.attachments).toEqual(attachments);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(published.map((p) => ({ recipients: p.recipients, event: p.event as LiveEvent }))).toContainEqual({
      recipients: [doctor.user.id],
      event: expect.objectContaining({ type: 'new_message', conversationId: conversation.id, attachments }),
    });
    const download = await doctor.agent.get(`/api/message-attachments/${attachments[0]!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(letter)).toBe(true);

    // One event under the patient: the start, with the first message and its files as a step.
    const noted = (await auditSince(since)).find((row) => row.action === 'conversation.start');
    expect(noted).toMatchObject({
      outcome: 'success',
      patientId: writer.user.id,
      resourceId: conversation.id,
      details: {
        steps: [expect.objectContaining({ action: 'message.send', attachments: 2, bytes: letter.length + ONE_PIXEL_PNG.length })],
      },
    });
  });

  it('goes to the staff inbox with a file too', async () => {
    const response = await startWith(writer, [
      { name: 'topic', value: 'billing' },
      { name: 'subject', value: 'My invoice' },
      { name: 'body', value: 'The invoice I was sent.' },
      pdf('invoice.pdf'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const conversation = conversationResponseSchema.parse(response.json()).data;
    expect(conversation.topic).toBe('billing');
    expect(conversation.lastMessage!.attachments.map((a) => a.filename)).toEqual(['invoice.pdf']);
  });

  async function refusedStart(actor: Actor, parts: readonly FormPart[], status: number, code: string, fields?: Record<string, string>) {
    const before = { ...(await stored()), conversations: await storedConversations() };
    published.length = 0;
    const since = await lastAuditId();
    const response = await startWith(actor, parts);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ error: fields ? { code, fields } : { code } });
    expect({ ...(await stored()), conversations: await storedConversations() }).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(published).toEqual([]);
    expect(await auditSince(since)).toContainEqual(
      expect.objectContaining({ action: 'conversation.start', outcome: expect.stringMatching(/^(failure|denied)$/) }),
    );
  }

  const text = (recipientId: string): FormPart[] => [
    { name: 'recipientId', value: recipientId },
    { name: 'subject', value: 'Refused' },
    { name: 'body', value: 'Should not be kept' },
  ];

  it('is refused whole, nothing stored and nothing sent, for a file not taken, too many files, missing text or a recipient out of reach', async () => {
    const refuser = await createActor(t.app, 'patient');
    await assignCare(t.app, doctor.user.id, refuser.user.id);
    await refusedStart(
      refuser,
      [
        ...text(doctor.user.id),
        pdf('good.pdf'),
        { name: 'files', filename: 'letter.pdf', type: 'application/pdf', content: ONE_PIXEL_PNG },
      ],
      400,
      'VALIDATION_FAILED',
      { files: DOCUMENT_REFUSALS['content-mismatch'] },
    );
    await refusedStart(
      refuser,
      [...text(doctor.user.id), ...Array.from({ length: MESSAGE_ATTACHMENTS_MAX + 1 }, (_, i) => png(`page-${i}.png`))],
      400,
      'TOO_MANY_ATTACHMENTS',
      { files: VALIDATION_MESSAGES_EN['message.tooManyAttachments'] },
    );
    await refusedStart(
      refuser,
      [{ name: 'recipientId', value: doctor.user.id }, { name: 'subject', value: ' ' }, { name: 'body', value: 'Text' }, pdf('a.pdf')],
      400,
      'VALIDATION_FAILED',
      { subject: VALIDATION_MESSAGES_EN['text.required'] },
    );
    await refusedStart(
      refuser,
      [{ name: 'subject', value: 'To nobody' }, { name: 'body', value: 'Text' }, pdf('a.pdf')],
      400,
      'VALIDATION_FAILED',
      {
        recipientId: VALIDATION_MESSAGES_EN['message.recipientRequired'],
      },
    );
    // A doctor outside her care team: the same refusal as without files.
    await refusedStart(refuser, [...text(otherDoctor.user.id), pdf('a.pdf')], 403, 'RECIPIENT_NOT_ALLOWED');
    const json = await refuser.agent.post('/api/conversations/with-attachments', { subject: 'x', body: 'y', recipientId: doctor.user.id });
    expect(json.statusCode).toBe(415);
  });
});
