import { z } from 'zod';
import { DOCUMENT_MAX_BYTES } from './documents';
import { personNameSchema } from './person-name';
import { ROLES } from './roles';
import { defineRoute, idParamsSchema } from './http';
import { pageQueryFields, pagedResponseSchema } from './paging';

// Secure messaging (the "messages" view): conversations between a patient and their care team or
// the clinic's staff inbox, and between colleagues. Only the participants of a conversation see it
// (anyone else gets 404). Bodies are plain text: the web renders them as text, never as HTML.

/** The staff inbox's topics: a patient writes to the clinic's staff about one of these. */
export const INBOX_TOPICS = ['appointments', 'billing', 'prescriptions', 'other'] as const;
export type InboxTopic = (typeof INBOX_TOPICS)[number];

export const CONVERSATION_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 5000;
/** How much of the last message a conversation list shows. */
export const MESSAGE_EXCERPT_MAX = 160;
export const CONVERSATIONS_PAGE_SIZE = 20;
/** Messages per page of a thread, newest page first, unless the reader asks for another number up to THREAD_PAGE_MAX. */
export const THREAD_PAGE_SIZE = 50;
export const THREAD_PAGE_MAX = 100;
export const MESSAGE_SEARCH_MIN = 2;
export const MESSAGE_SEARCH_MAX = 100;
export const MESSAGE_SEARCH_LIMIT = 20;
export const RECIPIENTS_LIMIT = 20;
/** Messages one person may send (new conversations included) per minute. */
export const MESSAGE_SEND_PER_MINUTE = 20;
/**
 * Files one message may carry, and the largest one: a document's limit. They are taken by the
 * documents' rules (contracts/documents.ts): the same types, decided by their content.
 */
export const MESSAGE_ATTACHMENTS_MAX = 5;
export const MESSAGE_ATTACHMENT_MAX_BYTES = DOCUMENT_MAX_BYTES;
/** The validation key of a message with more files than MESSAGE_ATTACHMENTS_MAX. */
export const TOO_MANY_ATTACHMENTS_KEY = 'message.tooManyAttachments';

/** What a message says of each file it carries; the bytes are downloaded by id. */
export const attachmentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const participantSchema = z.object({
  userId: z.uuid(),
  /** The name in parts, which the web orders (and titles, for a doctor) in the reader's language. */
  ...personNameSchema.shape,
  role: z.enum(ROLES),
  /** A staff member's position (reception, billing…), else null. */
  position: z.string().nullable(),
  /** When the latest message this participant has read was sent (read receipts); null before any. */
  readUpTo: z.iso.datetime().nullable(),
  /** When this participant last read further in the conversation (read receipts); null before any. */
  readAt: z.iso.datetime().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

export const lastMessageSchema = z.object({
  id: z.uuid(),
  senderId: z.uuid(),
  /** The sender's name in parts and role, which the web orders (and titles, for a doctor) in the reader's language. */
  sender: personNameSchema,
  senderRole: z.enum(ROLES),
  /** The start of the body, plain text. */
  excerpt: z.string(),
  attachments: z.array(attachmentSchema),
  createdAt: z.iso.datetime(),
});

export const conversationSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  /** The staff inbox topic, when the conversation went to (or was handed to) the staff inbox. */
  topic: z.enum(INBOX_TOPICS).nullable(),
  /** The patient the conversation is with, when one takes part. */
  patientId: z.uuid().nullable(),
  participants: z.array(participantSchema),
  /** Messages of others the caller has not read yet. */
  unread: z.number().int(),
  archived: z.boolean(),
  lastMessage: lastMessageSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  /** The sender's name in parts, which the web orders (and titles) in the reader's language. */
  sender: personNameSchema,
  senderRole: z.enum(ROLES),
  /** Plain text, shown as text. */
  body: z.string(),
  /** The files it carries, in the order they were sent. */
  attachments: z.array(attachmentSchema),
  createdAt: z.iso.datetime(),
});
export type Message = z.infer<typeof messageSchema>;

export const CONVERSATION_LIST_FILTERS = ['active', 'archived'] as const;

export const conversationListQuerySchema = z
  .object({
    filter: z.enum(CONVERSATION_LIST_FILTERS, 'choice.invalid').default('active'),
    ...pageQueryFields(CONVERSATIONS_PAGE_SIZE),
  })
  .strict();
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;
export const conversationListResponseSchema = pagedResponseSchema(conversationSchema);
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

export const threadQuerySchema = z
  .object({
    /**
     * A message of the conversation (the oldest one shown): the page of messages sent before it.
     * Pages follow the order messages were stored in, which no two messages share, so walking back
     * page by page reaches every message once, however many were sent at the same instant.
     */
    before: z.uuid('cursor.invalid').optional(),
    limit: z.coerce
      .number('choice.invalid')
      .int('choice.invalid')
      .min(1, 'choice.invalid')
      .max(THREAD_PAGE_MAX, 'choice.invalid')
      .default(THREAD_PAGE_SIZE),
  })
  .strict();
export type ThreadQuery = z.infer<typeof threadQuerySchema>;

export const threadResponseSchema = z.object({
  data: z.object({
    conversation: conversationSchema,
    /** Oldest first. */
    messages: z.array(messageSchema),
    hasOlder: z.boolean(),
  }),
});
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

const bodyField = z.string('text.required').trim().min(1, 'text.required').max(MESSAGE_BODY_MAX, 'text.tooLong');

export const sendMessageSchema = z.object({ body: bodyField }).strict();
export type SendMessage = z.infer<typeof sendMessageSchema>;
export const messageResponseSchema = z.object({ data: messageSchema });

/**
 * A new conversation goes either to one person (`recipientId`) or to the staff inbox (`topic`),
 * never both.
 */
export const startConversationSchema = z
  .object({
    recipientId: z.uuid('message.recipientRequired').nullable().optional(),
    topic: z.enum(INBOX_TOPICS, 'choice.invalid').nullable().optional(),
    subject: z.string('text.required').trim().min(1, 'text.required').max(CONVERSATION_SUBJECT_MAX, 'text.tooLong'),
    body: bodyField,
  })
  .strict()
  .refine((value) => (value.recipientId ? 1 : 0) + (value.topic ? 1 : 0) === 1, {
    message: 'message.recipientRequired',
    path: ['recipientId'],
  });
export type StartConversation = z.input<typeof startConversationSchema>;
export const conversationResponseSchema = z.object({ data: conversationSchema });

export const archiveConversationSchema = z.object({ archived: z.boolean('choice.invalid') }).strict();

export const handOffSchema = z.object({ topic: z.enum(INBOX_TOPICS, 'choice.invalid') }).strict();

export const unreadResponseSchema = z.object({ unread: z.number().int() });
export type UnreadResponse = z.infer<typeof unreadResponseSchema>;

export const recipientsQuerySchema = z.object({ q: z.string().trim().max(100, 'text.tooLong').optional() }).strict();
export const recipientSchema = z.object({
  id: z.uuid(),
  /** The name in parts, which the web orders (and titles, for a doctor) in the reader's language. */
  ...personNameSchema.shape,
  role: z.enum(ROLES),
  position: z.string().nullable(),
});
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientsResponseSchema = z.object({
  data: z.array(recipientSchema),
  /** The staff inbox topics the caller may write to (none for staff, who answer the inbox). */
  topics: z.array(z.enum(INBOX_TOPICS)),
});
export type RecipientsResponse = z.infer<typeof recipientsResponseSchema>;

export const messageSearchQuerySchema = z
  .object({
    q: z.string('text.required').trim().min(MESSAGE_SEARCH_MIN, 'text.required').max(MESSAGE_SEARCH_MAX, 'text.tooLong'),
  })
  .strict();
export const messageSearchHitSchema = messageSchema.extend({ subject: z.string() });
export type MessageSearchHit = z.infer<typeof messageSearchHitSchema>;
export const messageSearchResponseSchema = z.object({ data: z.array(messageSearchHitSchema) });
export type MessageSearchResponse = z.infer<typeof messageSearchResponseSchema>;

// A patient's conversations as their chart shows them to a clinician who may open it: every
// conversation with the patient, whether or not the clinician takes part, read-only.

export const chartParticipantSchema = participantSchema.pick({
  userId: true,
  firstName: true,
  lastName: true,
  role: true,
  position: true,
});

export const chartConversationSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  topic: z.enum(INBOX_TOPICS).nullable(),
  participants: z.array(chartParticipantSchema),
  /** How many messages it holds. */
  messageCount: z.number().int(),
  /** When its latest message was sent; null for a conversation without any. */
  lastMessageAt: z.iso.datetime().nullable(),
  /** Whether the reader takes part (then the thread is theirs to answer in their own messages). */
  participating: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ChartConversation = z.infer<typeof chartConversationSchema>;

export const chartConversationsQuerySchema = z.object({ ...pageQueryFields(CONVERSATIONS_PAGE_SIZE) }).strict();
export const chartConversationsResponseSchema = pagedResponseSchema(chartConversationSchema);
export type ChartConversationsResponse = z.infer<typeof chartConversationsResponseSchema>;

export const chartThreadParamsSchema = z.object({ id: z.string().max(100), conversationId: z.string().max(100) });
export const chartThreadResponseSchema = z.object({
  data: z.object({
    conversation: chartConversationSchema,
    /** Oldest first. */
    messages: z.array(messageSchema),
    hasOlder: z.boolean(),
  }),
});
export type ChartThreadResponse = z.infer<typeof chartThreadResponseSchema>;

export const chartAttachmentParamsSchema = chartThreadParamsSchema.extend({ attachmentId: z.string().max(100) });

/**
 * The caller's conversations. A conversation the caller does not take part in answers 404 like a
 * missing one; a patient writes only to the doctors of their care team and the staff inbox
 * (RECIPIENT_NOT_ALLOWED otherwise).
 */
export const messagesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/conversations',
    query: conversationListQuerySchema,
    response: conversationListResponseSchema,
  }),
  unread: defineRoute({ method: 'GET', path: '/api/conversations/unread', response: unreadResponseSchema }),
  recipients: defineRoute({
    method: 'GET',
    path: '/api/conversations/recipients',
    query: recipientsQuerySchema,
    response: recipientsResponseSchema,
  }),
  start: defineRoute({
    method: 'POST',
    path: '/api/conversations',
    body: startConversationSchema,
    response: conversationResponseSchema,
    status: 201,
    errors: ['RECIPIENT_NOT_ALLOWED', 'NOT_FOUND', 'RATE_LIMITED'],
  }),
  /**
   * A new conversation whose first message carries files: multipart/form-data, the text fields of
   * `start` first (`recipientId` or `topic`, `subject`, `body`), then up to
   * MESSAGE_ATTACHMENTS_MAX `files`. The conversation, its first message and the files are stored
   * together or not at all, by the same rules as a reply's files.
   */
  startWithAttachments: defineRoute({
    method: 'POST',
    path: '/api/conversations/with-attachments',
    response: conversationResponseSchema,
    status: 201,
    errors: [
      'RECIPIENT_NOT_ALLOWED',
      'NOT_FOUND',
      'RATE_LIMITED',
      'VALIDATION_FAILED',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
      'TOO_MANY_ATTACHMENTS',
    ],
  }),
  thread: defineRoute({
    method: 'GET',
    path: '/api/conversations/:id',
    params: idParamsSchema,
    query: threadQuerySchema,
    response: threadResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/messages',
    params: idParamsSchema,
    body: sendMessageSchema,
    response: messageResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
  /**
   * A message with files: multipart/form-data, the `body` field first, then up to
   * MESSAGE_ATTACHMENTS_MAX `files`. The message and its files are stored together or not at all.
   */
  sendWithAttachments: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/attachment-messages',
    params: idParamsSchema,
    response: messageResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'RATE_LIMITED', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'TOO_MANY_ATTACHMENTS'],
  }),
  /** One file of a message, as a download; only the conversation's participants get it (404 for anyone else). */
  attachment: defineRoute({
    method: 'GET',
    path: '/api/message-attachments/:id',
    params: idParamsSchema,
    errors: ['NOT_FOUND'],
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/read',
    params: idParamsSchema,
    response: unreadResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  archive: defineRoute({
    method: 'PATCH',
    path: '/api/conversations/:id',
    params: idParamsSchema,
    body: archiveConversationSchema,
    response: conversationResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  handOff: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/hand-off',
    params: idParamsSchema,
    body: handOffSchema,
    response: conversationResponseSchema,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  /** A patient's conversations for their chart (a patient out of the caller's reach answers 404). */
  chartList: defineRoute({
    method: 'GET',
    path: '/api/patients/:id/conversations',
    params: idParamsSchema,
    query: chartConversationsQuerySchema,
    response: chartConversationsResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  /** One of a patient's conversations, read-only, from their chart (404 unless it is with that patient). */
  chartThread: defineRoute({
    method: 'GET',
    path: '/api/patients/:id/conversations/:conversationId',
    params: chartThreadParamsSchema,
    query: threadQuerySchema,
    response: chartThreadResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  /**
   * One file of a message in one of the patient's conversations, as a download from their chart:
   * 404 unless the patient is in reach, the conversation is with her and the file is in it.
   */
  chartAttachment: defineRoute({
    method: 'GET',
    path: '/api/patients/:id/conversations/:conversationId/attachments/:attachmentId',
    params: chartAttachmentParamsSchema,
    errors: ['NOT_FOUND'],
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/messages/search',
    query: messageSearchQuerySchema,
    response: messageSearchResponseSchema,
  }),
};
