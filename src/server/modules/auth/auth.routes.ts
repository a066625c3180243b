import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  mfaEnableRequestSchema,
  mfaSetupResponseSchema,
  mfaStatusSchema,
  passwordConfirmationSchema,
  recoveryCodesResponseSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  sessionCheckResponseSchema,
  successMessageSchema,
  successSchema,
} from '../../../contracts/auth';
import { actorOf } from '../../platform/access';
import { requestAuditContext } from '../../platform/audit';
import { errorHandler } from '../../platform/errors';
import { loadCommonPasswords } from '../../platform/common-passwords';
import { prepareDummyHash } from '../../platform/passwords';
import { sessionInfo, startSession } from '../../platform/session';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { AUTH_MESSAGES, AuthService, type RequestContext } from './auth.service';
import { ThrottledError } from './login-throttle';

// spec §7 auth calls. HTTP shape only: the rules live in AuthService.
export const authRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService; users: UsersService }> = async (
  app,
  { notifications, users: usersService },
) => {
  const service = new AuthService({
    db: app.db,
    audit: app.audit,
    mailer: app.mailer,
    config: app.config,
    organisation: () => app.organisationIdentity.current(),
  });
  const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip, audit: requestAuditContext(request) });
  await prepareDummyHash();
  // The list of common passwords is read at start, not by the first person who sets one.
  loadCommonPasswords();

  // A throttled attempt says how long to wait (Retry-After, in seconds); everything else is the app's one envelope.
  app.setErrorHandler(function handle(error, request, reply) {
    if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
    return errorHandler.call(this, error as FastifyError, request, reply);
  });

  app.post(
    '/api/auth/login',
    { config: { access: 'public' }, schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const outcome = await service.login(request.body, context(request));
      if (outcome.kind === 'mfa-required') return { success: false as const, mfaRequired: true as const };
      // A brand-new session and cookie (the browser's earlier one, if any, ends): no fixation.
      const session = await startSession(app, request, reply, outcome.userId, 'password');
      await notifications.noteSignIn(outcome.userId, { id: session.id, ip: request.ip, userAgent: request.headers['user-agent'] });
      return { success: true as const, user: await usersService.sessionUser(request.ctx, outcome.userId), session: sessionInfo(session) };
    },
  );

  app.post('/api/auth/logout', { config: { access: 'public' }, schema: { response: { 200: successSchema } } }, async (request, reply) => {
    const session = request.session;
    if (session) {
      await app.sessions.revoke(session.id, 'signed out');
      // This browser's open sockets end now; other instances' within the realtime sweep.
      app.realtime.closeSession(session.id);
      await app.audit.record({
        ...requestAuditContext(request),
        action: 'auth.sign-out',
        outcome: 'success',
        resourceType: 'session',
        resourceId: session.id,
      });
      request.session = null;
    }
    app.sessionCookies.clear(reply);
    return { success: true as const };
  });

  app.get(
    '/api/auth/session',
    { config: { access: 'public' }, schema: { response: { 200: sessionCheckResponseSchema } } },
    async (request) => {
      // "No server session" tells the client to clear its stored session.
      if (!request.session) return { user: null, session: null, error: 'No server session' as const };
      return { user: await usersService.sessionUser(request.ctx, request.session.userId), session: sessionInfo(request.session) };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { body: forgotPasswordRequestSchema, response: { 200: successMessageSchema } },
    },
    // The look-up and the mail run after the answer has left: its timing says nothing about the address.
    async (request, reply) => ({
      success: true as const,
      message: await service.forgotPassword(request.body.email, {
        ...context(request),
        afterAnswer: (name, work) => app.background.afterAnswer(reply, name, work),
      }),
    }),
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: resetPasswordRequestSchema, response: { 200: resetPasswordResponseSchema } },
    },
    async (request) => {
      const outcome = await service.resetPassword(request.body, context(request));
      if (outcome.kind === 'mfa-required') return { success: false as const, mfaRequired: true as const };
      // It does not sign in: the user signs in with the new password (and their second factor).
      return { success: true as const, message: AUTH_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/api/auth/change-password',
    { config: { access: 'signed-in' }, schema: { body: changePasswordRequestSchema, response: { 200: changePasswordResponseSchema } } },
    async (request, reply) => {
      const { userId, sessionId: previousSessionId } = actorOf(request);
      await service.changePassword(userId, request.body, context(request));
      // This browser's sockets reconnect on the new cookie (1012: retry); the user's other sessions' close.
      app.realtime.closeSession(previousSessionId, 1012);
      await app.realtime.sweep(userId);
      // Every session ended, this one too; this browser continues on a fresh token.
      request.session = null;
      const session = await startSession(app, request, reply, userId, 'password');
      await notifications.notePasswordChanged(userId);
      return { success: true as const, user: await usersService.sessionUser(request.ctx, userId), session: sessionInfo(session) };
    },
  );

  // Two-factor authentication (security settings).
  app.get('/api/auth/mfa', { config: { access: 'signed-in' }, schema: { response: { 200: mfaStatusSchema } } }, async (request) =>
    service.mfaStatus(actorOf(request).userId),
  );

  app.post(
    '/api/auth/mfa/setup',
    { config: { access: 'signed-in' }, schema: { response: { 200: mfaSetupResponseSchema } } },
    async (request) => service.startMfaSetup(actorOf(request).userId, context(request)),
  );

  app.post(
    '/api/auth/mfa/enable',
    { config: { access: 'signed-in' }, schema: { body: mfaEnableRequestSchema, response: { 200: recoveryCodesResponseSchema } } },
    async (request) => {
      const actor = actorOf(request);
      return { recoveryCodes: await service.enableMfa(actor.userId, actor.sessionId, request.body.code, context(request)) };
    },
  );

  app.post(
    '/api/auth/mfa/disable',
    { config: { access: 'signed-in' }, schema: { body: passwordConfirmationSchema, response: { 200: successSchema } } },
    async (request) => {
      const actor = actorOf(request);
      await service.disableMfa(actor.userId, actor.sessionId, request.body.password, context(request));
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/mfa/recovery-codes',
    { config: { access: 'signed-in' }, schema: { body: passwordConfirmationSchema, response: { 200: recoveryCodesResponseSchema } } },
    async (request) => ({
      recoveryCodes: await service.regenerateRecoveryCodes(actorOf(request).userId, request.body.password, context(request)),
    }),
  );
};
