import { and, asc, count, desc, eq, exists, gt, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InboxTopic } from '../../../contracts/messages';
import { MESSAGE_EXCERPT_MAX, MESSAGE_SEARCH_LIMIT, RECIPIENTS_LIMIT } from '../../../contracts/messages';
import { englishValidationMessage } from '../../../contracts/validation-messages';
import type { LiveEvent } from '../../../contracts/live-events';
import type { AuditActionCode } from '../../../contracts/audit';
import { randomUUID } from 'node:crypto';
import {
  appointments,
  careAssignments,
  conversationParticipants,
  conversations,
  messageAttachmentContents,
  messageAttachments,
  messages,
  patientProfiles,
  users,
} from '../../db/schema';
import { containsPattern } from '../../db/like-pattern';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import type { MailMessage } from '../../platform/mail';
import type { CheckedFile } from '../../platform/uploads';
import { Repository } from '../../platform/unit-of-work';

// Conversations, scoped by participation: every query about a conversation starts from the
// caller's own participant row, so a conversation the caller is not in answers 404 like a missing
// one. A conversation with a patient in it is part of that patient's record: opening, listing and
// searching note a read naming the patient; sending and starting note a change.

const senders = alias(users, 'message_sender');

export interface ConversationHead {
  id: string;
  subject: string;
  topic: InboxTopic | null;
  patientId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PersonRow {
  id: string;
  firstName: string;
  lastName: string;
  role: 'patient' | 'doctor' | 'staff' | 'admin';
  position: string | null;
  email: string;
  isActive: boolean;
}

const headColumns = {
  id: conversations.id,
  subject: conversations.subject,
  topic: conversations.topic,
  patientId: conversations.patientId,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
};

/** Another participant of a conversation a message was just sent in, and whether it is their first unread there. */
export interface Recipient {
  userId: string;
  email: string;
  role: PersonRow['role'];
  isActive: boolean;
  firstUnread: boolean;
}

export interface AttachmentRow {
  id: string;
  messageId: string;
  filename: string;
  mimeType: string;
  sizeBytes: number;
}

const attachmentColumns = {
  id: messageAttachments.id,
  messageId: messageAttachments.messageId,
  filename: messageAttachments.filename,
  mimeType: messageAttachments.mimeType,
  sizeBytes: messageAttachments.sizeBytes,
};

const messageColumns = {
  id: messages.id,
  seq: messages.seq,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  senderFirstName: senders.firstName,
  senderLastName: senders.lastName,
  senderRole: senders.role,
  body: messages.body,
  createdAt: messages.createdAt,
};

/** Who takes part in a conversation, as lists and threads show them, in the order they joined. */
const PARTICIPANT_COLUMNS = {
  conversationId: conversationParticipants.conversationId,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  position: users.position,
};
const PARTICIPANT_ORDER = [asc(conversationParticipants.joinedAt), asc(users.lastName), asc(users.id)] as const;

export class MessagesRepository extends Repository {
  private get me(): string {
    return this.scope.actor.userId;
  }

  // ---- Reading -------------------------------------------------------------------------------

  /** The caller's conversations, newest activity first, with what the list shows of each. */
  async list(archived: boolean, page: number, pageSize: number) {
    const where = and(
      eq(conversationParticipants.userId, this.me),
      archived ? isNotNull(conversationParticipants.archivedAt) : isNull(conversationParticipants.archivedAt),
    );
    const [total] = await this.db.select({ n: count() }).from(conversationParticipants).where(where);
    const heads = await this.db
      .select({ ...headColumns, archivedAt: conversationParticipants.archivedAt })
      .from(conversationParticipants)
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
      .where(where)
      .orderBy(desc(conversations.updatedAt), asc(conversations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const rows = await this.details(heads);
    this.audit.read('conversation.list', 'conversation', null, patientsOf(heads), { count: heads.length, archived });
    return { rows, total: total!.n };
  }

  /** One conversation as the list shows it (after a change the caller made). */
  async summary(conversationId: string) {
    const heads = await this.db
      .select({ ...headColumns, archivedAt: conversationParticipants.archivedAt })
      .from(conversationParticipants)
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
      .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, this.me)));
    const [row] = await this.details(heads);
    return row!;
  }

  /** A page of a conversation's messages (the newest, or those before `before`), oldest first. Noted as a read. */
  async thread(conversationId: string, before: string | undefined, limit: number) {
    const head = await this.participation(conversationId, 'conversation.open');
    const { rows, hasOlder } = await this.messagePage(conversationId, before, limit);
    this.audit.read('conversation.open', 'conversation', conversationId, head.patientId ? [head.patientId] : [], {
      messages: rows.length,
    });
    return { conversation: await this.summary(conversationId), messages: await this.withAttachments(rows), hasOlder };
  }

  /**
   * A page of a conversation's messages, oldest first; no check of who asks (the callers make it).
   * The key is the message's sequence number, unique and growing in the order messages were
   * stored (the thread's order): messages sent at the same instant still fall on exactly one page.
   * An anchor that is not a message of this conversation is refused (400), never taken for the
   * first page, which a reader walking back would get twice.
   */
  private async messagePage(conversationId: string, before: string | undefined, limit: number) {
    let beforeSeq: number | null = null;
    if (before) {
      const [anchor] = await this.db
        .select({ seq: messages.seq })
        .from(messages)
        .where(and(eq(messages.id, before), eq(messages.conversationId, conversationId)));
      if (!anchor) {
        const message = englishValidationMessage('cursor.invalid');
        throw new AppError('VALIDATION_FAILED', message, { 'querystring.before': message });
      }
      beforeSeq = anchor.seq;
    }
    const page = await this.db
      .select(messageColumns)
      .from(messages)
      .innerJoin(senders, eq(senders.id, messages.senderId))
      .where(and(eq(messages.conversationId, conversationId), beforeSeq === null ? undefined : lt(messages.seq, beforeSeq)))
      .orderBy(desc(messages.seq))
      .limit(limit + 1);
    return { rows: page.slice(0, limit).reverse(), hasOlder: page.length > limit };
  }

  /** How many messages of others the caller has not read, over all their conversations (no one named). */
  async unreadTotal(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(messages)
      .innerJoin(
        conversationParticipants,
        and(eq(conversationParticipants.conversationId, messages.conversationId), eq(conversationParticipants.userId, this.me)),
      )
      .where(and(gt(messages.seq, conversationParticipants.lastReadSeq), ne(messages.senderId, this.me)));
    return row!.n;
  }

  /** The caller's messages containing `text` (wildcards typed are literal), newest first. */
  async search(text: string) {
    const rows = await this.db
      .select({ ...messageColumns, subject: conversations.subject, patientId: conversations.patientId })
      .from(messages)
      .innerJoin(
        conversationParticipants,
        and(eq(conversationParticipants.conversationId, messages.conversationId), eq(conversationParticipants.userId, this.me)),
      )
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(senders, eq(senders.id, messages.senderId))
      .where(ilike(messages.body, containsPattern(text)))
      .orderBy(desc(messages.seq))
      .limit(MESSAGE_SEARCH_LIMIT);
    this.audit.read('message.search', 'message', null, patientsOf(rows), { count: rows.length });
    return this.withAttachments(rows);
  }

  // ---- A patient's conversations, from their chart ---------------------------------------------

  /**
   * The conversations with a patient, newest activity first, for a clinician reading the patient's
   * chart whether or not they take part: 404 (noted) for a patient out of reach, and a read of the
   * patient's record.
   */
  async ofPatient(patientId: string, page: number, pageSize: number) {
    await this.reachPatient(patientId, 'conversation.chart-list');
    const where = and(eq(conversations.patientId, patientId), this.scope.condition(conversations.patientId));
    const [total] = await this.db.select({ n: count() }).from(conversations).where(where);
    const heads = await this.db
      .select(headColumns)
      .from(conversations)
      .where(where)
      .orderBy(desc(conversations.updatedAt), asc(conversations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const rows = await this.chartDetails(heads);
    this.audit.read('conversation.chart-list', 'patient', patientId, [patientId], { count: rows.length });
    return { rows, total: total!.n };
  }

  /**
   * One conversation with the patient, read-only, from their chart: 404 (noted) unless the patient
   * is in reach and the conversation is with them. A read of the patient's record.
   */
  async patientThread(patientId: string, conversationId: string, before: string | undefined, limit: number) {
    await this.reachPatient(patientId, 'conversation.chart-open');
    const [head] = isUuid(conversationId)
      ? await this.db
          .select(headColumns)
          .from(conversations)
          .where(
            and(
              eq(conversations.id, conversationId),
              eq(conversations.patientId, patientId),
              this.scope.condition(conversations.patientId),
            ),
          )
      : [];
    if (!head) {
      this.audit.missed('conversation.chart-open', 'conversation', conversationId);
      throw AppError.notFound();
    }
    const { rows, hasOlder } = await this.messagePage(conversationId, before, limit);
    this.audit.read('conversation.chart-open', 'conversation', conversationId, [patientId], { messages: rows.length });
    const [conversation] = await this.chartDetails([head]);
    return { conversation: conversation!, messages: await this.withAttachments(rows), hasOlder };
  }

  /** Participants, message count and latest message time of each conversation, and whether the caller takes part. */
  private async chartDetails(heads: readonly ConversationHead[]) {
    if (heads.length === 0) return [];
    const ids = heads.map((head) => head.id);
    const people = await this.db
      .select(PARTICIPANT_COLUMNS)
      .from(conversationParticipants)
      .innerJoin(users, eq(users.id, conversationParticipants.userId))
      .where(inArray(conversationParticipants.conversationId, ids))
      .orderBy(...PARTICIPANT_ORDER);
    const counts = await this.db
      .select({ conversationId: messages.conversationId, n: count(), last: sql<Date | string | null>`max(${messages.createdAt})` })
      .from(messages)
      .where(inArray(messages.conversationId, ids))
      .groupBy(messages.conversationId);
    const countOf = new Map(counts.map((row) => [row.conversationId, row]));
    return heads.map((head) => {
      const participants = people.filter((person) => person.conversationId === head.id);
      const counted = countOf.get(head.id);
      return {
        ...head,
        participants,
        messageCount: counted?.n ?? 0,
        lastMessageAt: counted?.last ? new Date(counted.last) : null,
        participating: participants.some((person) => person.userId === this.me),
      };
    });
  }

  // ---- Whom one may write to ------------------------------------------------------------------

  async person(userId: string): Promise<PersonRow | null> {
    if (!isUuid(userId)) return null;
    const [row] = await this.db.select(personColumns).from(users).where(eq(users.id, userId));
    return row ?? null;
  }

  /** Whether `doctorId` is a doctor of the patient's care team (an assignment or an appointment). */
  async inCareTeam(patientId: string, doctorId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, doctorId), eq(users.role, 'doctor'), eq(users.isActive, true), careTeamOf(patientId)))
      .limit(1);
    return row !== undefined;
  }

  /** Who answers the staff inbox: the active staff, or the administrators when there are none. */
  async inboxMembers(): Promise<string[]> {
    const staff = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'staff'), eq(users.isActive, true)));
    if (staff.length > 0) return staff.map((row) => row.id);
    const admins = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    return admins.map((row) => row.id);
  }

  /**
   * The people the caller may start a conversation with, matching `text` by name. A patient gets
   * their care team's doctors; the organisation's people get colleagues and the patients they reach
   * (noted as a read naming them).
   */
  async recipients(text: string | undefined): Promise<PersonRow[]> {
    const name = text ? ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containsPattern(text)) : undefined;
    const active = and(eq(users.isActive, true), ne(users.id, this.me), name);
    const order = [asc(users.lastName), asc(users.firstName), asc(users.id)];
    if (this.scope.actor.role === 'patient') {
      return this.db
        .select(personColumns)
        .from(users)
        .where(and(active, eq(users.role, 'doctor'), careTeamOf(this.me)))
        .orderBy(...order)
        .limit(RECIPIENTS_LIMIT);
    }
    const colleagues = await this.db
      .select(personColumns)
      .from(users)
      .where(and(active, inArray(users.role, ['doctor', 'staff', 'admin'])))
      .orderBy(...order)
      .limit(RECIPIENTS_LIMIT);
    const patients = await this.db
      .select(personColumns)
      .from(users)
      .innerJoin(patientProfiles, eq(patientProfiles.userId, users.id))
      .where(and(active, eq(users.role, 'patient'), this.scope.condition(users.id)))
      .orderBy(...order)
      .limit(RECIPIENTS_LIMIT);
    this.audit.read(
      'conversation.recipients',
      'patient',
      null,
      patients.map((row) => row.id),
      { count: patients.length },
    );
    return [...patients, ...colleagues].slice(0, RECIPIENTS_LIMIT * 2);
  }

  /** 404 (noted, naming nobody) unless `patientId` is a patient the caller reaches. */
  reach(patientId: string): Promise<void> {
    return this.reachPatient(patientId, 'conversation.start');
  }

  /** A refused start, noted before the refusal is thrown. */
  refused(reason: string, patientId: string | null): void {
    this.audit.note({
      action: 'conversation.start',
      outcome: 'denied',
      resourceType: 'conversation',
      patients: patientId ? [patientId] : [],
      details: { reason },
    });
  }

  /** A start with files refused before anything was stored (a file, or the form's text, not taken). */
  refusedStart(reason: string): void {
    this.audit.note({
      action: 'conversation.start',
      outcome: 'failure',
      resourceType: 'conversation',
      patients: this.scope.actor.role === 'patient' ? [this.me] : [],
      details: { reason },
    });
  }

  refusedHandOff(head: ConversationHead): void {
    this.audit.note({
      action: 'conversation.hand-off',
      outcome: 'denied',
      resourceType: 'conversation',
      resourceId: head.id,
      patients: head.patientId ? [head.patientId] : [],
      details: { reason: 'not_a_doctor' },
    });
  }

  // ---- Changing -------------------------------------------------------------------------------

  async create(values: { subject: string; topic: InboxTopic | null; patientId: string | null; participants: readonly string[] }) {
    const [row] = await this.db
      .insert(conversations)
      .values({ subject: values.subject, topic: values.topic, patientId: values.patientId, createdBy: this.me })
      .returning({ id: conversations.id });
    const id = row!.id;
    await this.db
      .insert(conversationParticipants)
      .values([...new Set([this.me, ...values.participants])].map((userId) => ({ conversationId: id, userId })));
    this.audit.note({
      action: 'conversation.start',
      resourceType: 'conversation',
      resourceId: id,
      patients: values.patientId ? [values.patientId] : [],
      details: { topic: values.topic, participants: values.participants.length + 1 },
    });
    return id;
  }

  /** The conversation the caller takes part in, or 404 (noted). */
  async participation(conversationId: string, action: AuditActionCode): Promise<ConversationHead> {
    const [row] = !isUuid(conversationId)
      ? []
      : await this.db
          .select(headColumns)
          .from(conversationParticipants)
          .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
          .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, this.me)))
          .limit(1);
    if (!row) {
      this.audit.missed(action, 'conversation', conversationId);
      throw AppError.notFound();
    }
    return row;
  }

  /**
   * Adds the caller's message, with the files it carries. The conversation comes back from
   * everyone's archive, and the sender has read everything up to their own message. Returns the
   * message and, for each other participant, whether they had read everything before it (so this
   * one is their first unread).
   */
  async send(head: ConversationHead, body: string, at: Date, files: readonly CheckedFile[] = []) {
    // One statement stores the message, moves the conversation up the lists, brings it back from
    // every archive and moves the sender's read mark to it, and answers the message with its
    // sender's name and the other participants: every statement of a send is a round trip that
    // holds the transaction open.
    const participant = conversationParticipants;
    const stored = this.db.$with('stored').as(
      this.db.insert(messages).values({ conversationId: head.id, senderId: this.me, body, createdAt: at }).returning({
        id: messages.id,
        seq: messages.seq,
        conversationId: messages.conversationId,
        senderId: messages.senderId,
        body: messages.body,
        createdAt: messages.createdAt,
      }),
    );
    const touched = this.db
      .$with('touched')
      .as(this.db.update(conversations).set({ updatedAt: at }).where(eq(conversations.id, head.id)).returning({ id: conversations.id }));
    const mine = sql`${participant.userId} = ${this.me}`;
    const marked = this.db.$with('marked').as(
      this.db
        .update(participant)
        .set({
          archivedAt: null,
          lastReadSeq: sql`case when ${mine} then greatest(${participant.lastReadSeq}, (select seq from stored)) else ${participant.lastReadSeq} end`,
          readAt: sql`case when ${mine} then ${at.toISOString()}::timestamptz else ${participant.readAt} end`,
        })
        .where(and(eq(participant.conversationId, head.id), or(eq(participant.userId, this.me), isNotNull(participant.archivedAt))))
        .returning({ userId: participant.userId }),
    );
    // The statement reads the tables as they were before it: the latest message it sees is the one
    // before this one, and the others' read marks are theirs (only the sender's moves).
    const previous = sql`(select coalesce(max(${messages.seq}), 0) from ${messages} where ${messages.conversationId} = ${head.id})`;
    const recipients = sql<Recipient[]>`(
      select coalesce(json_agg(json_build_object(
        'userId', ${participant.userId}, 'email', ${users.email}, 'role', ${users.role}, 'isActive', ${users.isActive},
        'firstUnread', ${participant.lastReadSeq} >= ${previous}
      )), '[]'::json)
      from ${participant} inner join ${users} on ${users.id} = ${participant.userId}
      where ${participant.conversationId} = ${head.id} and ${participant.userId} <> ${this.me})`;
    const [row] = await this.db
      .with(stored, touched, marked)
      .select({
        id: stored.id,
        seq: stored.seq,
        conversationId: stored.conversationId,
        senderId: stored.senderId,
        senderFirstName: senders.firstName,
        senderLastName: senders.lastName,
        senderRole: senders.role,
        body: stored.body,
        createdAt: stored.createdAt,
        recipients,
      })
      .from(stored)
      .innerJoin(senders, eq(senders.id, stored.senderId));
    const { recipients: others, ...message } = row!;
    const attachments = await this.attach(head, message.id, files, at);
    this.audit.note({
      action: 'message.send',
      resourceType: 'message',
      resourceId: message.id,
      patients: head.patientId ? [head.patientId] : [],
      details: {
        conversationId: head.id,
        length: body.length,
        ...(attachments.length > 0
          ? { attachments: attachments.length, bytes: attachments.reduce((sum, row) => sum + row.sizeBytes, 0) }
          : {}),
      },
    });
    return { message: { ...message, attachments }, recipients: others };
  }

  /**
   * Stores the files of a message just sent, with their bytes, in the send's transaction: the
   * message and its files are kept together or not at all. Returns what the thread shows of them,
   * in the order they were sent.
   */
  private async attach(head: ConversationHead, messageId: string, files: readonly CheckedFile[], at: Date): Promise<AttachmentRow[]> {
    const stored: AttachmentRow[] = [];
    for (const [position, file] of files.entries()) {
      const storageKey = `messages/${head.id}/${randomUUID()}`;
      const [row] = await this.db
        .insert(messageAttachments)
        .values({
          messageId,
          position,
          filename: file.filename,
          mimeType: file.mimeType,
          sizeBytes: file.bytes.length,
          storageKey,
          createdAt: at,
        })
        .returning(attachmentColumns);
      await this.db.insert(messageAttachmentContents).values({ storageKey, content: file.bytes });
      stored.push(row!);
    }
    return stored;
  }

  /** A message refused before anything was stored (a file or the text not taken), noted under the patient. */
  refusedSend(head: ConversationHead, reason: string): void {
    this.audit.note({
      action: 'message.send',
      outcome: 'failure',
      resourceType: 'conversation',
      resourceId: head.id,
      patients: head.patientId ? [head.patientId] : [],
      details: { reason },
    });
  }

  /**
   * One file of a message with its bytes, for a download: only for a participant of its
   * conversation (404, noted naming nobody, for anyone else, like a missing one). A read of the
   * patient's record when the conversation is with a patient, like opening the thread.
   */
  attachment(attachmentId: string) {
    const participant = exists(
      this.db
        .select({ one: sql`1` })
        .from(conversationParticipants)
        .where(and(eq(conversationParticipants.conversationId, messages.conversationId), eq(conversationParticipants.userId, this.me))),
    );
    return this.download('message.attachment-download', attachmentId, participant);
  }

  /**
   * One file of a message in one of the patient's conversations, for a download from her chart by
   * anyone who may read it, taking part or not: 404 (noted) unless the patient is in reach, the
   * conversation is with her and the file is in it. A read of the patient's record.
   */
  async patientAttachment(patientId: string, conversationId: string, attachmentId: string) {
    await this.reachPatient(patientId, 'message.chart-attachment-download');
    const inChart = isUuid(conversationId)
      ? and(
          eq(messages.conversationId, conversationId),
          eq(conversations.patientId, patientId),
          this.scope.condition(conversations.patientId),
        )
      : sql`false`;
    return this.download('message.chart-attachment-download', attachmentId, inChart);
  }

  /** The file with its bytes when `reach` holds for it, noted as a read under its conversation's patient; else 404, noted. */
  private async download(action: AuditActionCode, attachmentId: string, reach: SQL | undefined) {
    const [row] = isUuid(attachmentId)
      ? await this.db
          .select({
            id: messageAttachments.id,
            filename: messageAttachments.filename,
            mimeType: messageAttachments.mimeType,
            content: messageAttachmentContents.content,
            messageId: messageAttachments.messageId,
            conversationId: messages.conversationId,
            patientId: conversations.patientId,
          })
          .from(messageAttachments)
          .innerJoin(messageAttachmentContents, eq(messageAttachmentContents.storageKey, messageAttachments.storageKey))
          .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .where(and(eq(messageAttachments.id, attachmentId), reach))
      : [];
    if (!row) {
      this.audit.missed(action, 'message_attachment', attachmentId);
      throw AppError.notFound();
    }
    this.audit.read(action, 'message_attachment', row.id, row.patientId ? [row.patientId] : [], {
      conversationId: row.conversationId,
      messageId: row.messageId,
      bytes: row.content.length,
    });
    return row;
  }

  /**
   * Marks everything in the conversation read for the caller; never moves backwards. The time of
   * reading moves only with the mark, so a read receipt tells when the reader got that far.
   * Returns the caller's mark afterwards and whether it moved.
   */
  async markRead(head: ConversationHead, at: Date): Promise<{ lastReadSeq: number; moved: boolean }> {
    const latest = sql`coalesce((select max(${messages.seq}) from ${messages} where ${messages.conversationId} = ${head.id}), 0)`;
    const [before] = await this.db
      .select({ lastReadSeq: conversationParticipants.lastReadSeq })
      .from(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, head.id), eq(conversationParticipants.userId, this.me)))
      .for('update');
    const [after] = await this.db
      .update(conversationParticipants)
      .set({
        lastReadSeq: sql`greatest(${conversationParticipants.lastReadSeq}, ${latest})`,
        readAt: sql`case when ${latest} > ${conversationParticipants.lastReadSeq} then ${at.toISOString()}::timestamptz else ${conversationParticipants.readAt} end`,
      })
      .where(and(eq(conversationParticipants.conversationId, head.id), eq(conversationParticipants.userId, this.me)))
      .returning({ lastReadSeq: conversationParticipants.lastReadSeq });
    this.audit.note({
      action: 'conversation.read',
      resourceType: 'conversation',
      resourceId: head.id,
      patients: head.patientId ? [head.patientId] : [],
    });
    return { lastReadSeq: after!.lastReadSeq, moved: after!.lastReadSeq > before!.lastReadSeq };
  }

  async setArchived(head: ConversationHead, archived: boolean, at: Date): Promise<void> {
    await this.db
      .update(conversationParticipants)
      .set({ archivedAt: archived ? at : null })
      .where(and(eq(conversationParticipants.conversationId, head.id), eq(conversationParticipants.userId, this.me)));
    this.audit.note({
      action: 'conversation.archive',
      resourceType: 'conversation',
      resourceId: head.id,
      patients: head.patientId ? [head.patientId] : [],
      details: { archived },
    });
  }

  /** Gives the conversation to the staff inbox under `topic`: the inbox's members join it. Returns who joined. */
  async handOff(head: ConversationHead, topic: InboxTopic, members: readonly string[]): Promise<string[]> {
    await this.db.update(conversations).set({ topic }).where(eq(conversations.id, head.id));
    const joined = members.length
      ? await this.db
          .insert(conversationParticipants)
          .values(members.map((userId) => ({ conversationId: head.id, userId })))
          .onConflictDoNothing()
          .returning({ userId: conversationParticipants.userId })
      : [];
    this.audit.note({
      action: 'conversation.hand-off',
      resourceType: 'conversation',
      resourceId: head.id,
      patients: head.patientId ? [head.patientId] : [],
      details: { topic, joined: joined.length },
    });
    return joined.map((row) => row.userId);
  }

  async participantIds(conversationId: string): Promise<string[]> {
    const rows = await this.db
      .select({ userId: conversationParticipants.userId })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, conversationId));
    return rows.map((row) => row.userId);
  }

  async latestMessageId(conversationId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.seq))
      .limit(1);
    return row?.id ?? null;
  }

  /** A live event to these users' open sockets, after the commit. */
  push(recipients: readonly string[], event: LiveEvent): void {
    this.effects.push({ recipients: [...new Set(recipients)], event });
  }

  mail(message: MailMessage): void {
    this.effects.mail(message);
  }

  // ---- Helpers --------------------------------------------------------------------------------

  /** The rows with the files each message carries (oldest first). */
  private async withAttachments<M extends { id: string }>(rows: readonly M[]): Promise<Array<M & { attachments: AttachmentRow[] }>> {
    const byMessage = new Map<string, AttachmentRow[]>();
    if (rows.length > 0) {
      const found = await this.db
        .select(attachmentColumns)
        .from(messageAttachments)
        .where(
          inArray(
            messageAttachments.messageId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(messageAttachments.position));
      for (const attachment of found) byMessage.set(attachment.messageId, [...(byMessage.get(attachment.messageId) ?? []), attachment]);
    }
    return rows.map((row) => ({ ...row, attachments: byMessage.get(row.id) ?? [] }));
  }

  /** Participants, the caller's unread count and the last message of each conversation. */
  private async details<H extends ConversationHead & { archivedAt: Date | null }>(heads: readonly H[]) {
    if (heads.length === 0) return [];
    const ids = heads.map((head) => head.id);
    const people = await this.db
      .select({
        ...PARTICIPANT_COLUMNS,
        readUpTo: sql<
          string | null
        >`(select ${messages.createdAt} from ${messages} where ${messages.seq} = ${conversationParticipants.lastReadSeq})`,
        readAt: conversationParticipants.readAt,
      })
      .from(conversationParticipants)
      .innerJoin(users, eq(users.id, conversationParticipants.userId))
      .where(inArray(conversationParticipants.conversationId, ids))
      .orderBy(...PARTICIPANT_ORDER);
    const unread = await this.db
      .select({ conversationId: messages.conversationId, n: count() })
      .from(messages)
      .innerJoin(
        conversationParticipants,
        and(eq(conversationParticipants.conversationId, messages.conversationId), eq(conversationParticipants.userId, this.me)),
      )
      .where(
        and(inArray(messages.conversationId, ids), gt(messages.seq, conversationParticipants.lastReadSeq), ne(messages.senderId, this.me)),
      )
      .groupBy(messages.conversationId);
    const last = await this.db
      .selectDistinctOn([messages.conversationId], {
        ...messageColumns,
        excerpt: sql<string>`left(${messages.body}, ${MESSAGE_EXCERPT_MAX})`,
      })
      .from(messages)
      .innerJoin(senders, eq(senders.id, messages.senderId))
      .where(inArray(messages.conversationId, ids))
      .orderBy(messages.conversationId, desc(messages.seq));
    const unreadOf = new Map(unread.map((row) => [row.conversationId, row.n]));
    const lastOf = new Map((await this.withAttachments(last)).map((row) => [row.conversationId, row]));
    return heads.map((head) => ({
      ...head,
      participants: people.filter((person) => person.conversationId === head.id),
      unread: unreadOf.get(head.id) ?? 0,
      lastMessage: lastOf.get(head.id) ?? null,
    }));
  }
}

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  position: users.position,
  email: users.email,
  isActive: users.isActive,
};

/** The doctors of a patient's care team: an assignment or an appointment, as the doctor's scope reads it. */
function careTeamOf(patientId: string) {
  return or(
    sql`${users.id} in (select ${careAssignments.doctorId} from ${careAssignments} where ${careAssignments.patientId} = ${patientId})`,
    sql`${users.id} in (select ${appointments.doctorId} from ${appointments} where ${appointments.patientId} = ${patientId})`,
  );
}

function patientsOf(rows: ReadonlyArray<{ patientId: string | null }>): string[] {
  return [...new Set(rows.flatMap((row) => (row.patientId ? [row.patientId] : [])))];
}

export type ConversationDetail = Awaited<ReturnType<MessagesRepository['summary']>>;
export type ChartConversationRow = Awaited<ReturnType<MessagesRepository['ofPatient']>>['rows'][number];
export type MessageView = Awaited<ReturnType<MessagesRepository['send']>>['message'];
export type SearchRow = Awaited<ReturnType<MessagesRepository['search']>>[number];
