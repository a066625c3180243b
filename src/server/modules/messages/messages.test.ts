import { and, count, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../contracts/live-events';
import {
  conversationListResponseSchema,
  conversationResponseSchema,
  messageResponseSchema,
  messageSearchResponseSchema,
  MESSAGE_BODY_MAX,
  MESSAGE_SEND_PER_MINUTE,
  recipientsResponseSchema,
  threadResponseSchema,
  unreadResponseSchema,
  type Conversation,
} from '../../../contracts/messages';
import { auditEvents, conversationParticipants, conversations, eventOutbox, mailOutbox, messages, tasks } from '../../db/schema';
import { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { BusEnvelope } from '../../platform/events';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TasksService } from '../tasks/tasks.service';
import { MessagesService } from './messages.service';

// Secure messaging through the real app: who may write to whom, what each participant sees,
// unread counts, live events, e-mail notices, the staff inbox and its tasks, and that nobody
// outside a conversation learns anything about it.

let t: TestApp;
let patient: Actor;
let doctor: Actor;
let otherDoctor: Actor;
let otherPatient: Actor;
let staff: Actor;
let published: BusEnvelope[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  otherDoctor = await createDoctorActor(t.app);
  staff = await createActor(t.app, 'staff', { permissions: ['patients.view.all'] });
  await assignCare(t.app, doctor.user.id, patient.user.id);
  published = [];
  t.app.events.subscribe((envelope) => published.push(envelope));
});

afterAll(async () => {
  await t.close();
});

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

const unread = async (actor: Actor) => unreadResponseSchema.parse((await actor.agent.get('/api/conversations/unread')).json()).unread;

async function start(actor: Actor, body: Record<string, unknown>): Promise<Conversation> {
  const response = await actor.agent.post('/api/conversations', body);
  expect(response.statusCode, response.body).toBe(201);
  return conversationResponseSchema.parse(response.json()).data;
}

const pushes = async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return published.map((p) => ({ recipients: [...p.recipients].sort(), event: p.event as LiveEvent }));
};

describe('conversations between a patient and their care team', () => {
  it('delivers a patient’s message to their doctor: unread count, live events, a content-free e-mail and an audited read', async () => {
    published.length = 0;
    const since = await lastAuditId();
    const before = await unread(doctor);
    const conversation = await start(patient, {
      recipientId: doctor.user.id,
      subject: 'Question about my blood test',
      body: 'Should I fast before the test?',
    });
    expect(conversation).toMatchObject({ subject: 'Question about my blood test', topic: null, patientId: patient.user.id, unread: 0 });
    expect(conversation.participants.map((p) => p.userId).sort()).toEqual([patient.user.id, doctor.user.id].sort());
    expect(await unread(doctor)).toBe(before + 1);

    const listed = conversationListResponseSchema.parse((await doctor.agent.get('/api/conversations')).json());
    const row = listed.data.find((item) => item.id === conversation.id)!;
    expect(row).toMatchObject({
      unread: 1,
      archived: false,
      lastMessage: {
        excerpt: 'Should I fast before the test?',
        senderId: patient.user.id,
        sender: { firstName: patient.user.firstName, lastName: patient.user.lastName },
        senderRole: 'patient',
      },
    });

    const events = await pushes();
    expect(events).toContainEqual({
      recipients: [doctor.user.id],
      event: expect.objectContaining({ type: 'new_message', conversationId: conversation.id, senderId: patient.user.id }),
    });
    expect(events).toContainEqual({
      recipients: [patient.user.id],
      event: expect.objectContaining({ type: 'message_sent', action: 'started', conversationId: conversation.id }),
    });

    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, doctor.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('new-message');
    expect(mails[0]!.textBody).toContain('/messages');
    for (const secret of ['blood test', 'fast', patient.user.firstName, patient.user.lastName]) {
      expect(mails[0]!.textBody).not.toContain(secret);
      expect(mails[0]!.subject).not.toContain(secret);
    }

    const audit = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'conversation.start', actorUserId: patient.user.id, patientId: patient.user.id }),
    );
  });

  it('opening is a read of the patient’s record; reading brings the count to zero and tells the reader’s other tabs', async () => {
    const conversation = await start(patient, { recipientId: doctor.user.id, subject: 'Dizziness', body: 'I feel dizzy in the morning.' });
    const since = await lastAuditId();
    const opened = await doctor.agent.get(`/api/conversations/${conversation.id}`);
    expect(opened.statusCode).toBe(200);
    const thread = threadResponseSchema.parse(opened.json()).data;
    expect(thread.messages.map((m) => m.body)).toEqual(['I feel dizzy in the morning.']);
    expect(thread.messages[0]).toMatchObject({
      sender: { firstName: patient.user.firstName, lastName: patient.user.lastName },
      senderRole: 'patient',
    });
    expect(thread.conversation.participants).toContainEqual(
      expect.objectContaining({ userId: doctor.user.id, firstName: doctor.user.firstName, lastName: doctor.user.lastName }),
    );
    const reads = await t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
    expect(reads).toEqual([
      expect.objectContaining({ action: 'conversation.open', actorUserId: doctor.user.id, patientId: patient.user.id, outcome: 'success' }),
    ]);

    published.length = 0;
    const withUnread = await unread(doctor);
    const marked = await doctor.agent.post(`/api/conversations/${conversation.id}/read`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unread: withUnread - 1 });
    expect(await unread(doctor)).toBe(withUnread - 1);
    expect(await pushes()).toContainEqual({
      recipients: [doctor.user.id, patient.user.id].sort(),
      event: expect.objectContaining({ type: 'message_read', conversationId: conversation.id, readerId: doctor.user.id }),
    });

    // The reply reaches the patient; the patient sees it was read (read receipt) once they read it.
    const reply = await doctor.agent.post(`/api/conversations/${conversation.id}/messages`, {
      body: 'Please measure your blood pressure.',
    });
    expect(reply.statusCode).toBe(201);
    const message = messageResponseSchema.parse(reply.json()).data;
    expect(message).toMatchObject({
      senderId: doctor.user.id,
      sender: { firstName: doctor.user.firstName, lastName: doctor.user.lastName },
      senderRole: 'doctor',
    });
    // The web titles a doctor in the reader's language: no answer carries an English "Dr.".
    const doctorsThread = await patient.agent.get(`/api/conversations/${conversation.id}`);
    expect(doctorsThread.body).not.toContain('Dr. ');
    expect(reply.body).not.toContain('Dr. ');
    const patientThread = threadResponseSchema.parse((await patient.agent.get(`/api/conversations/${conversation.id}`)).json()).data;
    expect(patientThread.conversation.unread).toBe(1);
    await patient.agent.post(`/api/conversations/${conversation.id}/read`);
    const seen = threadResponseSchema.parse((await doctor.agent.get(`/api/conversations/${conversation.id}`)).json()).data;
    expect(seen.conversation.participants.find((p) => p.userId === patient.user.id)!.readUpTo).toBe(message.createdAt);
  });

  it('sends one e-mail notice per conversation until the recipient reads it', async () => {
    const conversation = await start(doctor, { recipientId: patient.user.id, subject: 'Your results', body: 'Your results are in.' });
    await doctor.agent.post(`/api/conversations/${conversation.id}/messages`, { body: 'Nothing to worry about.' });
    await doctor.agent.post(`/api/conversations/${conversation.id}/messages`, { body: 'See you next month.' });
    const notices = async () =>
      (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, patient.user.email))).filter(
        (m) => m.kind === 'new-message',
      );
    const afterThree = (await notices()).length;
    await patient.agent.post(`/api/conversations/${conversation.id}/read`);
    await doctor.agent.post(`/api/conversations/${conversation.id}/messages`, { body: 'One more thing.' });
    expect((await notices()).length).toBe(afterThree + 1);
    expect((await notices()).at(-1)!.textBody).toContain('/patient/messages');
  });

  it('refuses a patient writing to a doctor outside their care team, or to another patient, and keeps nothing', async () => {
    const before = (await t.app.db.select({ n: count() }).from(conversations))[0]!.n;
    for (const recipientId of [otherDoctor.user.id, otherPatient.user.id]) {
      const refused = await patient.agent.post('/api/conversations', { recipientId, subject: 'Hello', body: 'Hello there' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('RECIPIENT_NOT_ALLOWED');
    }
    const unknown = await patient.agent.post('/api/conversations', { recipientId: crypto.randomUUID(), subject: 'Hello', body: 'Hi' });
    expect(unknown.statusCode).toBe(404);
    const after = (await t.app.db.select({ n: count() }).from(conversations))[0]!.n;
    expect(after).toBe(before);
  });

  it('lets a doctor write only to patients in their care (404 otherwise) and to colleagues', async () => {
    const refused = await otherDoctor.agent.post('/api/conversations', { recipientId: patient.user.id, subject: 'Hi', body: 'Hello' });
    expect(refused.statusCode).toBe(404);
    const colleague = await start(otherDoctor, { recipientId: doctor.user.id, subject: 'A second opinion', body: 'Do you have a minute?' });
    expect(colleague.patientId).toBeNull();
  });

  it('lists whom one may write to: a patient their care team and the inbox topics; a doctor their patients and colleagues', async () => {
    const mine = recipientsResponseSchema.parse((await patient.agent.get('/api/conversations/recipients')).json());
    expect(mine.data.map((r) => r.id)).toEqual([doctor.user.id]);
    expect(mine.data[0]).toMatchObject({ firstName: doctor.user.firstName, lastName: doctor.user.lastName, role: 'doctor' });
    expect(JSON.stringify(mine)).not.toContain('Dr. ');
    expect(mine.topics).toEqual(['appointments', 'billing', 'prescriptions', 'other']);
    const doctors = recipientsResponseSchema.parse(
      (await doctor.agent.get(`/api/conversations/recipients?q=${encodeURIComponent(patient.user.lastName)}`)).json(),
    );
    expect(doctors.data.map((r) => r.id)).toContain(patient.user.id);
    expect(doctors.data.map((r) => r.id)).not.toContain(otherPatient.user.id);
    const staffs = recipientsResponseSchema.parse((await staff.agent.get('/api/conversations/recipients')).json());
    expect(staffs.topics).toEqual([]);
  });

  it('validates subject, body and recipient with translated keys (400, never 500)', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ recipientId: doctor.user.id, subject: 'Hi', body: 'x'.repeat(MESSAGE_BODY_MAX + 1) }, 'body', 'This text is too long'],
      [{ recipientId: doctor.user.id, subject: 'Hi', body: '   ' }, 'body', 'Please write something here'],
      [{ recipientId: doctor.user.id, topic: 'billing', subject: 'Hi', body: 'Hello' }, 'recipientId', 'Please choose who to write to'],
      [{ subject: 'Hi', body: 'Hello' }, 'recipientId', 'Please choose who to write to'],
      [{ topic: 'parking', subject: 'Hi', body: 'Hello' }, 'topic', 'Please choose one of the options'],
    ];
    for (const [body, field, message] of cases) {
      const response = await patient.agent.post('/api/conversations', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    const search = await patient.agent.get(`/api/messages/search?q=${'y'.repeat(101)}`);
    expect(search.statusCode).toBe(400);
  });

  it('keeps a body exactly as typed: markup is text, never interpreted or altered', async () => {
    const body = '<img src=x onerror="alert(1)"> <b>bold</b> & https://example.org/?a=1&b=2';
    const conversation = await start(patient, { recipientId: doctor.user.id, subject: '<script>x</script>', body });
    const thread = threadResponseSchema.parse((await doctor.agent.get(`/api/conversations/${conversation.id}`)).json()).data;
    expect(thread.messages[0]!.body).toBe(body);
    expect(thread.conversation.subject).toBe('<script>x</script>');
    const response = await doctor.agent.get(`/api/conversations/${conversation.id}`);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('searches only the caller’s own messages, with wildcards taken literally', async () => {
    const conversation = await start(patient, { recipientId: doctor.user.id, subject: 'Dose', body: 'I took 50% of the dose_today' });
    const hits = async (actor: Actor, q: string) =>
      messageSearchResponseSchema.parse((await actor.agent.get(`/api/messages/search?q=${encodeURIComponent(q)}`)).json()).data;
    expect((await hits(doctor, '50%')).map((h) => h.conversationId)).toContain(conversation.id);
    expect((await hits(doctor, 'dose_t')).map((h) => h.subject)).toContain('Dose');
    expect(await hits(doctor, '%%')).toEqual([]);
    expect(await hits(otherPatient, 'dose')).toEqual([]);
    expect(await hits(otherDoctor, 'dose')).toEqual([]);
  });

  it('archives for the caller only; a new message brings it back', async () => {
    const conversation = await start(patient, { recipientId: doctor.user.id, subject: 'Archive me', body: 'Thanks!' });
    const archived = await patient.agent.patch(`/api/conversations/${conversation.id}`, { archived: true });
    expect(conversationResponseSchema.parse(archived.json()).data.archived).toBe(true);
    const active = conversationListResponseSchema.parse((await patient.agent.get('/api/conversations?pageSize=100')).json());
    expect(active.data.map((c) => c.id)).not.toContain(conversation.id);
    const shelf = conversationListResponseSchema.parse((await patient.agent.get('/api/conversations?filter=archived')).json());
    expect(shelf.data.map((c) => c.id)).toContain(conversation.id);
    const doctors = conversationListResponseSchema.parse((await doctor.agent.get('/api/conversations?pageSize=100')).json());
    expect(doctors.data.map((c) => c.id)).toContain(conversation.id);
    await doctor.agent.post(`/api/conversations/${conversation.id}/messages`, { body: 'You are welcome.' });
    const back = conversationListResponseSchema.parse((await patient.agent.get('/api/conversations?pageSize=100')).json());
    expect(back.data.find((c) => c.id === conversation.id)).toMatchObject({ archived: false, unread: 1 });
  });
});

describe('the staff inbox', () => {
  it('gives a patient’s inbox message to staff as a task, closed when a staff member answers', async () => {
    const conversation = await start(patient, { topic: 'billing', subject: 'My invoice', body: 'I was charged twice.' });
    expect(conversation.topic).toBe('billing');
    expect(conversation.participants.map((p) => p.userId)).toContain(staff.user.id);
    const [task] = await t.app.db.select().from(tasks).where(eq(tasks.conversationId, conversation.id));
    expect(task).toMatchObject({ kind: 'message', status: 'open', patientId: patient.user.id });
    expect(await unread(staff)).toBeGreaterThan(0);

    // A patient's further message does not close it; a staff answer does.
    await patient.agent.post(`/api/conversations/${conversation.id}/messages`, { body: 'Invoice 2026-11.' });
    expect((await t.app.db.select().from(tasks).where(eq(tasks.id, task!.id)))[0]!.status).toBe('open');
    const answer = await staff.agent.post(`/api/conversations/${conversation.id}/messages`, { body: 'We refunded the second charge.' });
    expect(answer.statusCode).toBe(201);
    expect((await t.app.db.select().from(tasks).where(eq(tasks.id, task!.id)))[0]!.status).toBe('done');
  });

  it('lets a doctor (only) hand a conversation to the staff inbox', async () => {
    const conversation = await start(patient, { recipientId: doctor.user.id, subject: 'Repeat prescription', body: 'Can I get a repeat?' });
    const refused = await patient.agent.post(`/api/conversations/${conversation.id}/hand-off`, { topic: 'prescriptions' });
    expect(refused.statusCode).toBe(403);
    published.length = 0;
    const handed = await doctor.agent.post(`/api/conversations/${conversation.id}/hand-off`, { topic: 'prescriptions' });
    expect(handed.statusCode).toBe(200);
    const data = conversationResponseSchema.parse(handed.json()).data;
    expect(data.topic).toBe('prescriptions');
    expect(data.participants.map((p) => p.userId)).toContain(staff.user.id);
    expect(
      await t.app.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.conversationId, conversation.id), eq(tasks.kind, 'message'))),
    ).toHaveLength(1);
    expect((await pushes()).some((p) => p.event.type === 'new_message' && p.recipients.includes(staff.user.id))).toBe(true);
    const opened = await staff.agent.get(`/api/conversations/${conversation.id}`);
    expect(opened.statusCode).toBe(200);
  });
});

describe('read receipts', () => {
  const markOf = async (conversationId: string, userId: string) => {
    const [row] = await t.app.db
      .select({ lastReadSeq: conversationParticipants.lastReadSeq, readAt: conversationParticipants.readAt })
      .from(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)));
    return row!;
  };
  // Every push of the writes so far has left the outbox.
  const sent = async () => {
    await t.app.outbox.stop();
    return pushes();
  };
  const latestSeq = async (conversationId: string) => {
    const [row] = await t.app.db
      .select({ seq: max(messages.seq) })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    return Number(row!.seq);
  };

  it('tells the other participants and the reader’s own tabs how far the reader read, and nobody else', async () => {
    const conversation = await start(patient, { recipientId: doctor.user.id, subject: 'Rash on my arm', body: 'It itches at night.' });
    await sent();
    published.length = 0;
    const marked = await doctor.agent.post(`/api/conversations/${conversation.id}/read`);
    expect(marked.statusCode).toBe(200);
    const frames = await sent();
    expect(frames).toEqual([
      {
        recipients: [doctor.user.id, patient.user.id].sort(),
        event: {
          type: 'message_read',
          conversationId: conversation.id,
          readerId: doctor.user.id,
          lastReadSeq: await latestSeq(conversation.id),
          timestamp: expect.any(String),
        },
      },
    ]);
    // Ids and a number: nothing of the conversation's text travels in the frame.
    expect(JSON.stringify(frames)).not.toMatch(/Rash|itches/);

    // The patient's thread shows how far the doctor read, and when.
    const thread = threadResponseSchema.parse((await patient.agent.get(`/api/conversations/${conversation.id}`)).json()).data;
    const readByDoctor = thread.conversation.participants.find((p) => p.userId === doctor.user.id)!;
    const mark = await markOf(conversation.id, doctor.user.id);
    expect(readByDoctor.readUpTo).toBe(conversation.lastMessage!.createdAt);
    expect(readByDoctor.readAt).toBe(mark.readAt!.toISOString());
    expect((await otherPatient.agent.get(`/api/conversations/${conversation.id}`)).statusCode).toBe(404);

    // Reading again with nothing new moves nothing: no event, and the time of reading stays.
    published.length = 0;
    expect((await doctor.agent.post(`/api/conversations/${conversation.id}/read`)).statusCode).toBe(200);
    expect((await sent()).filter((p) => p.event.type === 'message_read')).toEqual([]);
    expect(await markOf(conversation.id, doctor.user.id)).toEqual(mark);
  });

  it('sends nothing and keeps the mark when the write that read rolls back', async () => {
    const conversation = await start(patient, { recipientId: doctor.user.id, subject: 'Refill', body: 'I am almost out.' });
    const before = await markOf(conversation.id, doctor.user.id);
    const service = new MessagesService(t.app.uow, new TasksService(t.app.uow), {
      publicUrl: 'http://localhost',
      organisationName: async () => 'Clinic',
    });
    const asDoctor = () => AccessContext.system(t.app.audit, t.app.db, { userId: doctor.user.id, role: 'doctor', sessionId: null }, 'test');
    // The start's own pushes are sent and their outbox rows gone before the read is tried.
    await t.app.outbox.stop();
    expect(await t.app.db.select().from(eventOutbox)).toHaveLength(0);
    published.length = 0;
    await expect(
      t.app.uow.write(asDoctor(), async (work) => {
        await service.markReadIn(work, conversation.id);
        throw new AppError('CONFLICT', 'Changed my mind');
      }),
    ).rejects.toThrow('Changed my mind');
    expect(await markOf(conversation.id, doctor.user.id)).toEqual(before);
    expect(await t.app.db.select().from(eventOutbox)).toHaveLength(0);
    // The same read, committed, is heard: the rolled-back one had its chance and sent nothing.
    await t.app.uow.write(asDoctor(), (work) => service.markReadIn(work, conversation.id));
    expect((await sent()).filter((p) => p.event.type === 'message_read')).toEqual([
      {
        recipients: [doctor.user.id, patient.user.id].sort(),
        event: expect.objectContaining({ conversationId: conversation.id, readerId: doctor.user.id }),
      },
    ]);
  });
});

describe('unread counts under concurrent reads and writes', () => {
  it('stay right when messages arrive while the recipient reads', async () => {
    const conversation = await start(doctor, { recipientId: patient.user.id, subject: 'Busy thread', body: 'First.' });
    await patient.agent.post(`/api/conversations/${conversation.id}/read`);
    const baseline = await unread(patient);
    const sends = Array.from({ length: 8 }, (_, i) =>
      doctor.agent.post(`/api/conversations/${conversation.id}/messages`, { body: `Message ${i}` }),
    );
    const reads = Array.from({ length: 4 }, () => patient.agent.post(`/api/conversations/${conversation.id}/read`));
    const results = await Promise.all([...sends, ...reads]);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);

    // Whatever the interleaving, the count is exactly the messages after the patient's read mark.
    const [mark] = await t.app.db
      .select({ seq: conversationParticipants.lastReadSeq })
      .from(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, conversation.id), eq(conversationParticipants.userId, patient.user.id)));
    const [later] = await t.app.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.conversationId, conversation.id), gt(messages.seq, mark!.seq)));
    const after = later!.n;
    expect(await unread(patient)).toBe(baseline + after);
    await patient.agent.post(`/api/conversations/${conversation.id}/read`);
    expect(await unread(patient)).toBe(baseline);
    const listed = conversationListResponseSchema.parse((await patient.agent.get('/api/conversations?pageSize=100')).json());
    expect(listed.data.reduce((sum, c) => sum + c.unread, 0)).toBe(await unread(patient));
  });
});

describe('sending is rate limited', () => {
  it(`refuses the ${MESSAGE_SEND_PER_MINUTE + 1}th message in a minute with RATE_LIMITED`, async () => {
    const sender = await createActor(t.app, 'patient');
    await assignCare(t.app, doctor.user.id, sender.user.id);
    const conversation = await start(sender, { recipientId: doctor.user.id, subject: 'Many', body: 'One' });
    const statuses: number[] = [];
    for (let i = 0; i < MESSAGE_SEND_PER_MINUTE; i += 1) {
      statuses.push((await sender.agent.post(`/api/conversations/${conversation.id}/messages`, { body: `Message ${i}` })).statusCode);
    }
    expect(statuses.every((status) => status === 201)).toBe(true);
    const refused = await sender.agent.post(`/api/conversations/${conversation.id}/messages`, { body: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    // The budget is the sender's own: their doctor still writes.
    const reply = await doctor.agent.post(`/api/conversations/${conversation.id}/messages`, { body: 'Slow down, please.' });
    expect(reply.statusCode).toBe(201);
  });
});

describe('someone not in a conversation', () => {
  const cases = [
    { paths: ['/api/conversations/:id'], body: { archived: true } },
    { paths: ['/api/conversations/:id/messages'], body: { body: 'An intruder writes' }, methods: ['GET', 'POST'] as const },
    { paths: ['/api/conversations/:id/read'], body: {}, methods: ['POST'] as const },
    { paths: ['/api/conversations/:id/hand-off'], body: { topic: 'billing' }, methods: ['POST'] as const },
  ];
  it.each(cases)('gets 404 from $paths, learns nothing and changes nothing', async ({ paths, body, methods }) => {
    for (const intruder of [otherPatient, otherDoctor]) {
      const { outcomes, before, after, ownerStatus } = await probeIdor(
        {
          name: 'conversation',
          paths,
          methods,
          body,
          create: async (owner) => start(owner, { recipientId: doctor.user.id, subject: 'Private subject', body: 'Private body' }),
          snapshot: async (record) => ({
            messages: await t.app.db.select().from(messages).where(eq(messages.conversationId, record.id)),
            participants: await t.app.db
              .select()
              .from(conversationParticipants)
              .where(eq(conversationParticipants.conversationId, record.id)),
            conversation: await t.app.db.select().from(conversations).where(eq(conversations.id, record.id)),
          }),
          secrets: () => ['Private subject', 'Private body'],
          ownerGet: paths[0] === '/api/conversations/:id' ? 200 : undefined,
        },
        patient,
        intruder,
      );
      if (ownerStatus !== undefined) expect(ownerStatus).toBe(200);
      expect(after).toEqual(before);
      for (const outcome of outcomes) {
        expect(outcome.status, `${outcome.method} ${outcome.url}`).toBe(404);
        expect(outcome.leaked).toEqual([]);
      }
    }
  });
});
