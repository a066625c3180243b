import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contracts/live-events';
import { createPatient, createUser, Random } from '../db/factories';
import { auditEvents, eventOutbox, mailOutbox, notifications, type UserRow } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { AccessContext } from './access-context';
import { AppError } from './app-error';
import type { BusEnvelope } from './events';
import { Repository } from './unit-of-work';

// One unit of work: a write, its audit event and its effects commit together or not at all; the
// effects leave only after the commit, and a crash between commit and sending loses nothing.

class NotesRepository extends Repository {
  /** Writes a notification row, notes it on the audit event, and asks for a push and a mail. */
  async leaveNote(userId: string, title: string): Promise<string> {
    const [row] = await this.db
      .insert(notifications)
      .values({ userId, type: 'system', title, message: 'test' })
      .returning({ id: notifications.id });
    this.audit.note({ action: 'test.note', resourceType: 'notification', resourceId: row!.id, patients: [userId] });
    const event: LiveEvent = {
      type: 'appointment_update',
      action: 'updated',
      appointmentId: row!.id,
      patientId: userId,
      doctorId: userId,
      timestamp: new Date().toISOString(),
    };
    this.effects.push({ recipients: [userId], event });
    this.effects.mail({ to: 'someone@example.test', subject: title, text: 'test', kind: 'test' });
    return row!.id;
  }

  async read(userId: string) {
    const rows = await this.db.select().from(notifications).where(eq(notifications.userId, userId));
    this.audit.read('test.read', 'user', userId, [userId], { count: rows.length });
    return rows;
  }
}

const random = new Random(42);

describe('unit of work', () => {
  let t: TestApp;
  let patient: UserRow;
  let admin: UserRow;
  const received: BusEnvelope[] = [];

  const ctx = () => AccessContext.system(t.app.audit, t.app.db, { userId: admin.id, role: 'admin', sessionId: null }, 'test');
  const notesOf = async (title: string) => t.db.db.select().from(notifications).where(eq(notifications.title, title));
  const eventsOf = async (action: string) => t.db.db.select().from(auditEvents).where(eq(auditEvents.action, action));
  const mailsOf = async (subject: string) => t.db.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
  const pushesFor = (userId: string) => received.filter((e) => e.recipients.includes(userId));

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    patient = (await createPatient(t.app.db, random)).user;
    admin = await createUser(t.app.db, random, { role: 'admin' });
    t.app.events.subscribe((envelope) => received.push(envelope));
  });
  afterAll(async () => t.close());

  it('commits the write and its audit event in one transaction, then pushes once', async () => {
    const context = ctx();
    const id = await t.app.uow.write(context, (work) => work.use(NotesRepository).leaveNote(patient.id, 'committed'));
    const [note] = await notesOf('committed');
    expect(note!.id).toBe(id);
    const [event] = await eventsOf('test.note');
    expect(event).toMatchObject({ outcome: 'success', patientId: patient.id, resourceId: id, actorUserId: admin.id });
    // The same transaction wrote both: the note's row and the event carry its id.
    const result = (await t.db.db.execute(sql`select xmin::text::bigint as xmin from notifications where id = ${id}`)) as unknown as {
      rows: Array<{ xmin: string }>;
    };
    expect(Number(result.rows[0]!.xmin)).toBe(event!.xactId);
    await t.app.outbox.stop();
    await expect.poll(() => pushesFor(patient.id).length).toBe(1);
    expect(await t.db.db.select().from(eventOutbox)).toHaveLength(0);
    expect(await mailsOf('committed')).toHaveLength(1);
    expect(context.audit.pending).toBe(false);
  });

  it('keeps nothing of a write that fails, sends nothing, and records the attempt as a failure', async () => {
    const before = pushesFor(patient.id).length;
    const context = ctx();
    await expect(
      t.app.uow.write(context, async (work) => {
        await work.use(NotesRepository).leaveNote(patient.id, 'rolled back');
        throw new AppError('CONFLICT', 'Changed my mind');
      }),
    ).rejects.toThrow('Changed my mind');
    expect(await notesOf('rolled back')).toHaveLength(0);
    expect(await mailsOf('rolled back')).toHaveLength(0);
    expect(await t.db.db.select().from(eventOutbox)).toHaveLength(0);
    // The failure is kept for the request's event, written at its end.
    await context.audit.flush();
    const failures = (await eventsOf('test.note')).filter((e) => e.outcome === 'failure');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.details).toMatchObject({ rolledBack: 'CONFLICT' });
    await t.app.outbox.stop();
    expect(pushesFor(patient.id).length).toBe(before);
  });

  it('loses no push or mail when the process dies between the commit and the sending', async () => {
    t.app.outbox.dispatchAfterCommit = false;
    try {
      await t.app.uow.write(ctx(), (work) => work.use(NotesRepository).leaveNote(patient.id, 'crash'));
    } finally {
      t.app.outbox.dispatchAfterCommit = true;
    }
    const stranded = await t.db.db.select().from(eventOutbox);
    expect(stranded).toHaveLength(1);

    // A new process on the same database: its sweep finds the row once the writer's claim lapsed.
    const restarted = await createTestApp({ handle: t.db });
    const delivered: BusEnvelope[] = [];
    try {
      await restarted.app.ready();
      restarted.app.events.subscribe((envelope) => delivered.push(envelope));
      expect(await restarted.app.outbox.sweep(new Date())).toBe(0);
      expect(await restarted.app.outbox.sweep(new Date(Date.now() + 60_000))).toBe(1);
      await expect.poll(() => delivered.length).toBe(1);
      expect(delivered[0]!.recipients).toEqual([patient.id]);
      // Sent once: nothing is left for a later sweep.
      expect(await restarted.app.outbox.sweep(new Date(Date.now() + 120_000))).toBe(0);
      expect(await t.db.db.select().from(eventOutbox)).toHaveLength(0);
    } finally {
      await restarted.app.close();
    }
    expect(await mailsOf('crash')).toHaveLength(1);
  });

  it('gives a read one audit event that names every patient it returned', async () => {
    const context = ctx();
    await t.app.uow.read(context, async (work) => {
      await work.use(NotesRepository).read(patient.id);
      await work.use(NotesRepository).read(admin.id);
    });
    expect(context.audit.pending).toBe(true);
    await context.audit.flush();
    const events = await eventsOf('test.read');
    expect(events).toHaveLength(1);
    expect(events[0]!.patientIds?.sort()).toEqual([patient.id, admin.id].sort());
    expect(events[0]!.details).toMatchObject({ steps: [{ action: 'test.read', resourceId: admin.id }] });
  });

  it('refuses an effect from a read: a read causes nothing', async () => {
    await expect(t.app.uow.read(ctx(), (work) => work.use(NotesRepository).leaveNote(patient.id, 'from a read'))).rejects.toThrow(
      'must run in a write',
    );
    expect(await notesOf('from a read')).toHaveLength(0);
  });

  describe('idempotency keys', () => {
    const keyed = (key: string, fingerprint = 'POST /test {}') => {
      const context = ctx();
      context.idempotency = { key, fingerprint };
      return context;
    };

    it('runs a write once for a key, and answers a retry with the first outcome', async () => {
      const first = await t.app.uow.write(keyed('retry-key-1'), (work) => work.use(NotesRepository).leaveNote(patient.id, 'keyed'));
      const again = await t.app.uow.write(keyed('retry-key-1'), (work) => work.use(NotesRepository).leaveNote(patient.id, 'keyed'));
      expect(again).toBe(first);
      expect(await notesOf('keyed')).toHaveLength(1);
    });

    it('refuses the same key for a different request, and changes nothing', async () => {
      await t.app.uow.write(keyed('reused-key-1'), (work) => work.use(NotesRepository).leaveNote(patient.id, 'reused'));
      await expect(
        t.app.uow.write(keyed('reused-key-1', 'POST /test {"other":true}'), (work) =>
          work.use(NotesRepository).leaveNote(patient.id, 'reused'),
        ),
      ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', statusCode: 422 });
      expect(await notesOf('reused')).toHaveLength(1);
    });

    it('does not keep the key of a write that failed: a retry runs again', async () => {
      await expect(
        t.app.uow.write(keyed('failed-key-1'), async () => {
          throw new AppError('CONFLICT', 'not now');
        }),
      ).rejects.toThrow('not now');
      const id = await t.app.uow.write(keyed('failed-key-1'), (work) => work.use(NotesRepository).leaveNote(patient.id, 'after failure'));
      expect((await notesOf('after failure'))[0]!.id).toBe(id);
    });

    it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
      'runs concurrent duplicates once: the second waits for the first and gets its outcome',
      async () => {
        const results = await Promise.all(
          Array.from({ length: 5 }, () =>
            t.app.uow.write(keyed('concurrent-key-1'), (work) => work.use(NotesRepository).leaveNote(patient.id, 'concurrent')),
          ),
        );
        expect(new Set(results).size).toBe(1);
        expect(await notesOf('concurrent')).toHaveLength(1);
      },
    );
  });
});
