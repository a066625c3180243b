import type {
  Attachment,
  ChartConversation,
  ChartConversationsResponse,
  ChartThreadResponse,
  Conversation,
  ConversationListQuery,
  ConversationListResponse,
  InboxTopic,
  Message,
  MessageSearchResponse,
  RecipientsResponse,
  SendMessage,
  StartConversation,
  ThreadQuery,
  ThreadResponse,
} from '../../../contracts/messages';
import type { DocumentRefusal } from '../../../contracts/documents';
import {
  INBOX_TOPICS,
  MESSAGE_ATTACHMENTS_MAX,
  sendMessageSchema,
  startConversationSchema,
  TOO_MANY_ATTACHMENTS_KEY,
} from '../../../contracts/messages';
import { englishValidationMessage } from '../../../contracts/validation-messages';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { checkIncomingFile, uploadRefusal, type CheckedFile, type IncomingFile } from '../../platform/uploads';
import type { TasksService } from '../tasks/tasks.service';
import {
  MessagesRepository,
  type AttachmentRow,
  type ChartConversationRow,
  type ConversationDetail,
  type ConversationHead,
  type MessageView,
} from './messages.repository';

/**
 * A message with files as the multipart form brought it: the text, the files (nothing about them
 * trusted yet), or why the form could not be taken whole (too many files, one too large).
 */
export interface AttachmentMessageInput {
  /** The form's text fields by name (the last one of a name wins). */
  fields: Record<string, string>;
  files: IncomingFile[];
  refusal?: DocumentRefusal | 'too-many';
}

// Secure messaging. Who may write to whom: a patient to the doctors of their care team and to the
// staff inbox; doctors, staff and administrators to the patients they reach and to each other. A
// message to the staff inbox (or a conversation a doctor hands to it) becomes a task for the staff
// member with the fewest open tasks, closed when a staff member answers.
//
// Delivery: every message is pushed live to the other participants (`new_message`) and to the
// sender's own tabs (`message_sent`), through the outbox; a read goes to everyone in it
// (`message_read`: the others' read receipts, the reader's own counts). An e-mail notice without any content goes
// to a recipient when a message is the first one they have not read in that conversation. The
// server does not know whether someone is connected on another instance (each instance knows only
// its own sockets), so the notice does not depend on it: one notice per conversation until they
// read it, however many messages follow.

export interface MessagesServiceOptions {
  publicUrl: string;
  organisationName: () => Promise<string>;
  now?: () => Date;
}

export class MessagesService {
  private readonly now: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly tasks: TasksService,
    private readonly options: MessagesServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  list(ctx: AccessContext, query: ConversationListQuery): Promise<ConversationListResponse> {
    return this.uow.read(ctx, async (work) => {
      const { rows, total } = await work.use(MessagesRepository).list(query.filter === 'archived', query.page, query.pageSize);
      return { data: rows.map(toConversation), page: query.page, pageSize: query.pageSize, total };
    });
  }

  unread(ctx: AccessContext): Promise<{ unread: number }> {
    return this.uow.read(ctx, async (work) => ({ unread: await work.use(MessagesRepository).unreadTotal() }));
  }

  thread(ctx: AccessContext, id: string, query: ThreadQuery): Promise<ThreadResponse> {
    return this.uow.read(ctx, async (work) => {
      const found = await work.use(MessagesRepository).thread(id, query.before, query.limit);
      return {
        data: { conversation: toConversation(found.conversation), messages: found.messages.map(toMessage), hasOlder: found.hasOlder },
      };
    });
  }

  /** A patient's conversations, for their chart: every one with the patient, the reader taking part or not. */
  forChart(ctx: AccessContext, patientId: string, page: number, pageSize: number): Promise<ChartConversationsResponse> {
    return this.uow.read(ctx, async (work) => {
      const { rows, total } = await work.use(MessagesRepository).ofPatient(patientId, page, pageSize);
      return { data: rows.map(toChartConversation), page, pageSize, total };
    });
  }

  /** One of a patient's conversations, read-only, from their chart. */
  chartThread(ctx: AccessContext, patientId: string, conversationId: string, query: ThreadQuery): Promise<ChartThreadResponse> {
    return this.uow.read(ctx, async (work) => {
      const found = await work.use(MessagesRepository).patientThread(patientId, conversationId, query.before, query.limit);
      return {
        data: { conversation: toChartConversation(found.conversation), messages: found.messages.map(toMessage), hasOlder: found.hasOlder },
      };
    });
  }

  search(ctx: AccessContext, text: string): Promise<MessageSearchResponse> {
    return this.uow.read(ctx, async (work) => ({
      data: (await work.use(MessagesRepository).search(text)).map((row) => ({ ...toMessage(row), subject: row.subject })),
    }));
  }

  recipients(ctx: AccessContext, text: string | undefined): Promise<RecipientsResponse> {
    return this.uow.read(ctx, async (work) => {
      const people = await work.use(MessagesRepository).recipients(text);
      return {
        data: people.map((person) => ({
          id: person.id,
          firstName: person.firstName,
          lastName: person.lastName,
          role: person.role,
          position: person.position,
        })),
        topics: ctx.user.role === 'staff' ? [] : [...INBOX_TOPICS],
      };
    });
  }

  async start(ctx: AccessContext, input: StartConversation): Promise<Conversation> {
    // Read before the write: the settings are not read inside its transaction.
    const organisation = await this.options.organisationName();
    return this.uow.write(ctx, (work) => this.startIn(work, input, [], organisation));
  }

  /**
   * A new conversation whose first message carries files, by the rules of a reply's files: one
   * refused file (or too many) refuses it whole and nothing is stored; the conversation, its first
   * message and the files are stored in one transaction.
   */
  async startWithAttachments(ctx: AccessContext, input: AttachmentMessageInput): Promise<Conversation> {
    const organisation = await this.options.organisationName();
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(MessagesRepository);
      const refuse = (reason: string, error: AppError): never => {
        repository.refusedStart(reason);
        throw error;
      };
      const files = checkUpload(input, refuse);
      const parsed = startConversationSchema.safeParse(input.fields);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'body');
          fields[field] ??= englishValidationMessage(issue.message);
        }
        return refuse('fields-invalid', new AppError('VALIDATION_FAILED', Object.values(fields)[0]!, fields));
      }
      return this.startIn(work, parsed.data, files, organisation);
    });
  }

  private async startIn(work: Work, input: StartConversation, files: readonly CheckedFile[], organisation: string): Promise<Conversation> {
    const repository = work.use(MessagesRepository);
    const me = work.ctx.user;
    const subject = input.subject.trim();
    const body = input.body.trim();
    let participants: string[];
    let patientId: string | null = me.role === 'patient' ? me.userId : null;
    const topic = input.topic ?? null;
    if (topic) {
      if (me.role === 'staff') {
        repository.refused('staff_to_inbox', null);
        throw new AppError('RECIPIENT_NOT_ALLOWED', 'Staff answer the staff inbox; write to a person instead.');
      }
      participants = await repository.inboxMembers();
    } else {
      const recipient = await repository.person(input.recipientId!);
      if (!recipient || !recipient.isActive || recipient.id === me.userId) {
        repository.refused('unknown_recipient', patientId);
        throw AppError.notFound();
      }
      if (me.role === 'patient') {
        if (recipient.role !== 'doctor' || !(await repository.inCareTeam(me.userId, recipient.id))) {
          repository.refused('outside_care_team', me.userId);
          throw new AppError(
            'RECIPIENT_NOT_ALLOWED',
            "You can write only to the doctors of your care team or to the clinic's staff inbox.",
          );
        }
      } else if (recipient.role === 'patient') {
        await repository.reach(recipient.id);
        patientId = recipient.id;
      }
      participants = [recipient.id];
    }
    const id = await repository.create({ subject, topic, patientId, participants });
    const head = await repository.participation(id, 'conversation.start');
    const sent = await repository.send(head, body, this.now(), files);
    if (topic) await this.tasks.openForConversationIn(work, { conversationId: id, patientId, candidates: participants });
    this.deliver(work, head, sent, 'started', organisation);
    return toConversation(await repository.summary(id));
  }

  async send(ctx: AccessContext, id: string, input: SendMessage): Promise<Message> {
    const organisation = await this.options.organisationName();
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(MessagesRepository);
      const head = await repository.participation(id, 'message.send');
      const sent = await repository.send(head, input.body.trim(), this.now());
      // A staff member's answer is what the inbox task waited for.
      if (head.topic && ctx.user.role === 'staff') await this.tasks.closeForConversationIn(work, head.id);
      this.deliver(work, head, sent, 'sent', organisation);
      return toMessage(sent.message);
    });
  }

  /** 404 unless the caller takes part in the conversation: asked before a byte of an upload is read. */
  participates(ctx: AccessContext, id: string): Promise<void> {
    return this.uow.read(ctx, async (work) => {
      await work.use(MessagesRepository).participation(id, 'message.send');
    });
  }

  /**
   * A message with files. The files are taken by the documents' rules (the type from the content,
   * a safe name); one refused file refuses the whole message, and nothing is stored: the files are
   * stored with the message, in its transaction, never before it.
   */
  async sendWithAttachments(ctx: AccessContext, id: string, input: AttachmentMessageInput): Promise<Message> {
    const organisation = await this.options.organisationName();
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(MessagesRepository);
      const head = await repository.participation(id, 'message.send');
      const refuse = (reason: string, error: AppError): never => {
        repository.refusedSend(head, reason);
        throw error;
      };
      const files = checkUpload(input, refuse);
      const text = sendMessageSchema.safeParse({ body: input.fields.body ?? '' });
      if (!text.success) {
        const message = englishValidationMessage(text.error.issues[0]?.message ?? 'text.required');
        return refuse('body-invalid', new AppError('VALIDATION_FAILED', message, { body: message }));
      }
      const sent = await repository.send(head, text.data.body, this.now(), files);
      if (head.topic && ctx.user.role === 'staff') await this.tasks.closeForConversationIn(work, head.id);
      this.deliver(work, head, sent, 'sent', organisation);
      return toMessage(sent.message);
    });
  }

  /** One file of a message with its bytes, for a download by a participant. */
  attachment(ctx: AccessContext, attachmentId: string) {
    return this.uow.read(ctx, (work) => work.use(MessagesRepository).attachment(attachmentId));
  }

  /** One file of a message in one of the patient's conversations with its bytes, for a download from her chart. */
  chartAttachment(ctx: AccessContext, patientId: string, conversationId: string, attachmentId: string) {
    return this.uow.read(ctx, (work) => work.use(MessagesRepository).patientAttachment(patientId, conversationId, attachmentId));
  }

  /** Marks the conversation read; see markReadIn. Returns the caller's new unread total. */
  markRead(ctx: AccessContext, id: string): Promise<{ unread: number }> {
    return this.uow.write(ctx, (work) => this.markReadIn(work, id));
  }

  /**
   * Marks the conversation read for the caller of `work`. When the mark moves, the other
   * participants hear how far (their read receipts) and so do the caller's other tabs and devices
   * (their unread counts), in the same transaction as the mark.
   */
  async markReadIn(work: Work, id: string): Promise<{ unread: number }> {
    const repository = work.use(MessagesRepository);
    const head = await repository.participation(id, 'conversation.read');
    const at = this.now();
    const mark = await repository.markRead(head, at);
    if (mark.moved) {
      const readerId = work.ctx.user.userId;
      repository.push(await repository.participantIds(head.id), {
        type: 'message_read',
        conversationId: head.id,
        readerId,
        lastReadSeq: mark.lastReadSeq,
        timestamp: at.toISOString(),
      });
    }
    return { unread: await repository.unreadTotal() };
  }

  archive(ctx: AccessContext, id: string, archived: boolean): Promise<Conversation> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(MessagesRepository);
      const head = await repository.participation(id, 'conversation.archive');
      await repository.setArchived(head, archived, this.now());
      repository.push([ctx.user.userId], {
        type: 'message_sent',
        action: 'archived',
        conversationId: head.id,
        timestamp: this.now().toISOString(),
      });
      return toConversation(await repository.summary(head.id));
    });
  }

  /** A doctor gives a conversation to the staff inbox: the inbox's members join it and one of them gets a task. */
  handOff(ctx: AccessContext, id: string, topic: InboxTopic): Promise<Conversation> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(MessagesRepository);
      const head = await repository.participation(id, 'conversation.hand-off');
      if (ctx.user.role !== 'doctor') {
        repository.refusedHandOff(head);
        throw new AppError('FORBIDDEN', 'Only a doctor may hand a conversation to the staff inbox.');
      }
      const members = await repository.inboxMembers();
      const joined = await repository.handOff(head, topic, members);
      await this.tasks.openForConversationIn(work, { conversationId: head.id, patientId: head.patientId, candidates: members });
      const latest = await repository.latestMessageId(head.id);
      const at = this.now().toISOString();
      if (latest && joined.length > 0) {
        repository.push(joined, {
          type: 'new_message',
          conversationId: head.id,
          messageId: latest,
          senderId: ctx.user.userId,
          timestamp: at,
        });
      }
      repository.push([ctx.user.userId], { type: 'message_sent', action: 'handed_off', conversationId: head.id, timestamp: at });
      return toConversation(await repository.summary(head.id));
    });
  }

  /** Live events to everyone in the conversation, and a content-free e-mail notice to those for whom it is the first unread. */
  private deliver(
    work: Work,
    head: ConversationHead,
    sent: Awaited<ReturnType<MessagesRepository['send']>>,
    action: 'sent' | 'started',
    organisation: string,
  ): void {
    const repository = work.use(MessagesRepository);
    const at = sent.message.createdAt.toISOString();
    const others = sent.recipients.filter((recipient) => recipient.isActive);
    const attachments = sent.message.attachments.map(toAttachment);
    repository.push(
      others.map((recipient) => recipient.userId),
      {
        type: 'new_message',
        conversationId: head.id,
        messageId: sent.message.id,
        senderId: sent.message.senderId,
        attachments,
        timestamp: at,
      },
    );
    repository.push([sent.message.senderId], {
      type: 'message_sent',
      action,
      conversationId: head.id,
      messageId: sent.message.id,
      attachments,
      timestamp: at,
    });
    for (const recipient of others) {
      if (!recipient.firstUnread) continue;
      const link = `${this.options.publicUrl}${recipient.role === 'patient' ? '/patient/messages' : '/messages'}`;
      repository.mail({
        to: recipient.email,
        kind: 'new-message',
        subject: `You have a new message at ${organisation}`,
        text: `You have a new message in your ${organisation} portal.\n\nSign in to read it: ${link}\n\nFor your privacy this e-mail does not say who wrote or what about.`,
      });
    }
  }
}

/**
 * The files of a message form, checked by the documents' rules: too many, one too large, or one
 * whose type or name is not taken refuses the whole message (through `refuse`, which throws).
 * Checked before the text: a form cut short by a file refusal may lack its later fields.
 */
function checkUpload(input: AttachmentMessageInput, refuse: (reason: string, error: AppError) => never): CheckedFile[] {
  if (input.refusal === 'too-many' || input.files.length > MESSAGE_ATTACHMENTS_MAX) {
    const message = englishValidationMessage(TOO_MANY_ATTACHMENTS_KEY);
    return refuse('too-many', new AppError('TOO_MANY_ATTACHMENTS', message, { files: message }));
  }
  if (input.refusal) return refuse(input.refusal, uploadRefusal(input.refusal, 'files'));
  const files: CheckedFile[] = [];
  for (const file of input.files) {
    const checked = checkIncomingFile(file);
    if (!checked.ok) return refuse(checked.reason, uploadRefusal(checked.reason, 'files'));
    files.push(checked.file);
  }
  return files;
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toAttachment(row: AttachmentRow): Attachment {
  return { id: row.id, filename: row.filename, mimeType: row.mimeType, sizeBytes: row.sizeBytes };
}

function toMessage(row: MessageView): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    sender: { firstName: row.senderFirstName, lastName: row.senderLastName },
    senderRole: row.senderRole,
    body: row.body,
    attachments: row.attachments.map(toAttachment),
    createdAt: row.createdAt.toISOString(),
  };
}

function toChartConversation(row: ChartConversationRow): ChartConversation {
  return {
    id: row.id,
    subject: row.subject,
    topic: row.topic,
    participants: row.participants.map((person) => ({
      userId: person.userId,
      firstName: person.firstName,
      lastName: person.lastName,
      role: person.role,
      position: person.position,
    })),
    messageCount: row.messageCount,
    lastMessageAt: row.lastMessageAt ? row.lastMessageAt.toISOString() : null,
    participating: row.participating,
    createdAt: row.createdAt.toISOString(),
  };
}

function toConversation(row: ConversationDetail): Conversation {
  return {
    id: row.id,
    subject: row.subject,
    topic: row.topic,
    patientId: row.patientId,
    participants: row.participants.map((person) => ({
      userId: person.userId,
      firstName: person.firstName,
      lastName: person.lastName,
      role: person.role,
      position: person.position,
      readUpTo: iso(person.readUpTo),
      readAt: iso(person.readAt),
    })),
    unread: row.unread,
    archived: row.archivedAt !== null,
    lastMessage: row.lastMessage
      ? {
          id: row.lastMessage.id,
          senderId: row.lastMessage.senderId,
          sender: { firstName: row.lastMessage.senderFirstName, lastName: row.lastMessage.senderLastName },
          senderRole: row.lastMessage.senderRole,
          excerpt: row.lastMessage.excerpt,
          attachments: row.lastMessage.attachments.map(toAttachment),
          createdAt: row.lastMessage.createdAt.toISOString(),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
