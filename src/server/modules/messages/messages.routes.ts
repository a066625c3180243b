import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_BODY_MAX,
  MESSAGE_SEND_PER_MINUTE,
  messagesApi,
} from '../../../contracts/messages';
import type { RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { route, uuidParam } from '../../platform/route';
import { isFileTooLarge, sendStoredFile } from '../../platform/uploads';
import type { AttachmentMessageInput, MessagesService } from './messages.service';

// Messaging is for everyone signed in; what each person sees is decided by participation (the
// repository), and whom they may write to by the service. The web's messages view asks for
// patients.view.own (the product's view guard); the server's rule is taking part.
const ACCESS: RouteAccess = 'signed-in';
const CHART: RouteAccess = { roles: ['doctor', 'staff', 'admin'], permissions: { anyOf: ['medical_records.view'] } };
// Counted per person after the sign-in check (preHandler), so people behind one clinic or home
// address do not share a budget, and someone signed out is told 401, never 429.
const SENDING = {
  max: MESSAGE_SEND_PER_MINUTE,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `message-send:${request.session?.userId ?? request.ip}`,
};

/**
 * Reads a message's form: its text fields and the `files`. Busboy stops at one file more than a
 * message may carry and at a file past the size limit; either refuses the whole message.
 */
async function readMessageForm(request: FastifyRequest): Promise<AttachmentMessageInput> {
  const input: AttachmentMessageInput = { fields: {}, files: [] };
  try {
    // preservePath: busboy would cut a name like "../../x.pdf" down silently; the check refuses it instead.
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') {
          part.file.resume();
          continue;
        }
        input.files.push({ filename: part.filename, declaredType: part.mimetype, bytes: await part.toBuffer() });
      } else if (part.fieldname !== 'files' && typeof part.value === 'string') {
        input.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') return { fields: {}, files: [], refusal: 'too-many' };
    if (isFileTooLarge(error)) return { fields: {}, files: [], refusal: 'too-large' };
    throw new AppError('BAD_REQUEST', 'The message could not be read. Please try again.');
  }
  return input;
}

export const messagesRoutes: FastifyPluginAsync<{ messages: MessagesService }> = async (app, { messages }) => {
  route(app, messagesApi.list, { access: ACCESS }, (request) => messages.list(request.ctx, request.query));
  route(app, messagesApi.unread, { access: ACCESS }, (request) => messages.unread(request.ctx));
  route(app, messagesApi.recipients, { access: ACCESS }, (request) => messages.recipients(request.ctx, request.query.q || undefined));
  // A patient's conversations in their chart: for those who may read patients' records (a
  // patient reads their own messages in their own view); which patients, the repository decides.
  route(app, messagesApi.chartList, { access: CHART, beforeValidation: uuidParam() }, (request) =>
    messages.forChart(request.ctx, request.params.id, request.query.page, request.query.pageSize),
  );
  route(
    app,
    messagesApi.chartThread,
    { access: CHART, beforeValidation: (request) => [uuidParam(), uuidParam('conversationId')].forEach((check) => check(request)) },
    (request) => messages.chartThread(request.ctx, request.params.id, request.params.conversationId, request.query),
  );
  // A file of one of those conversations, from the chart: the same download as a participant's.
  route(
    app,
    messagesApi.chartAttachment,
    {
      access: CHART,
      beforeValidation: (request) =>
        [uuidParam(), uuidParam('conversationId'), uuidParam('attachmentId')].forEach((check) => check(request)),
    },
    async (request, reply) => {
      const { id, conversationId, attachmentId } = request.params;
      return sendStoredFile(reply, await messages.chartAttachment(request.ctx, id, conversationId, attachmentId)) as unknown as void;
    },
  );
  route(app, messagesApi.search, { access: ACCESS }, (request) => messages.search(request.ctx, request.query.q));
  route(app, messagesApi.start, { access: ACCESS, rateLimit: SENDING }, async (request) => ({
    data: await messages.start(request.ctx, request.body),
  }));
  route(app, messagesApi.thread, { access: ACCESS, beforeValidation: uuidParam() }, (request) =>
    messages.thread(request.ctx, request.params.id, request.query),
  );
  route(app, messagesApi.send, { access: ACCESS, beforeValidation: uuidParam(), rateLimit: SENDING }, async (request) => ({
    data: await messages.send(request.ctx, request.params.id, request.body),
  }));
  // Multipart is registered in a scope of its own, so only the message with files takes it: every
  // other messaging route stays JSON-only.
  await app.register(async (scoped) => {
    await scoped.register(multipart, {
      limits: {
        fileSize: MESSAGE_ATTACHMENT_MAX_BYTES,
        files: MESSAGE_ATTACHMENTS_MAX,
        // A new conversation's four (recipientId, topic, subject, body); a reply has only the body.
        fields: 4,
        // The text in UTF-8: up to four bytes a character.
        fieldSize: MESSAGE_BODY_MAX * 4,
        parts: MESSAGE_ATTACHMENTS_MAX + 5,
      },
    });
    route(
      scoped,
      messagesApi.sendWithAttachments,
      { access: ACCESS, beforeValidation: uuidParam(), rateLimit: SENDING },
      async (request) => {
        // Taking part first: a conversation of others answers 404 before a byte of the files is read.
        await messages.participates(request.ctx, request.params.id);
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the message as multipart/form-data.');
        const input = await readMessageForm(request);
        return { data: await messages.sendWithAttachments(request.ctx, request.params.id, input) };
      },
    );
    route(scoped, messagesApi.startWithAttachments, { access: ACCESS, rateLimit: SENDING }, async (request) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the message as multipart/form-data.');
      return { data: await messages.startWithAttachments(request.ctx, await readMessageForm(request)) };
    });
  });
  // The bytes, always as an attachment under the stored type: never rendered in our origin.
  route(app, messagesApi.attachment, { access: ACCESS, beforeValidation: uuidParam() }, async (request, reply) => {
    const found = await messages.attachment(request.ctx, request.params.id);
    return sendStoredFile(reply, found) as unknown as void;
  });
  route(app, messagesApi.markRead, { access: ACCESS, beforeValidation: uuidParam() }, (request) =>
    messages.markRead(request.ctx, request.params.id),
  );
  route(app, messagesApi.archive, { access: ACCESS, beforeValidation: uuidParam() }, async (request) => ({
    data: await messages.archive(request.ctx, request.params.id, request.body.archived),
  }));
  route(app, messagesApi.handOff, { access: ACCESS, beforeValidation: uuidParam() }, async (request) => ({
    data: await messages.handOff(request.ctx, request.params.id, request.body.topic),
  }));
};
