import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MESSAGE_SEND_PER_MINUTE, messagesApi } from '../../../contracts/messages';
import type { RouteAccess } from '../../platform/access';
import { route, uuidParam } from '../../platform/route';
import type { MessagesService } from './messages.service';

// Messaging is for everyone signed in; what each person sees is decided by participation (the
// repository), and whom they may write to by the service. The web's messages view asks for
// patients.view.own (the product's view guard); the server's rule is taking part.
const ACCESS: RouteAccess = 'signed-in';
// Counted per person after the sign-in check (preHandler), so people behind one clinic or home
// address do not share a budget, and someone signed out is told 401, never 429.
const SENDING = {
  max: MESSAGE_SEND_PER_MINUTE,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `message-send:${request.session?.userId ?? request.ip}`,
};

export const messagesRoutes: FastifyPluginAsync<{ messages: MessagesService }> = async (app, { messages }) => {
  route(app, messagesApi.list, { access: ACCESS }, (request) => messages.list(request.ctx, request.query));
  route(app, messagesApi.unread, { access: ACCESS }, (request) => messages.unread(request.ctx));
  route(app, messagesApi.recipients, { access: ACCESS }, (request) => messages.recipients(request.ctx, request.query.q || undefined));
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
