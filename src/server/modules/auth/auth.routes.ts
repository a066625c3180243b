import type { FastifyPluginAsync } from 'fastify';
import { authApi } from '../../../contracts/auth';
import { loadCommonPasswords } from '../../platform/common-passwords';
import { loadPasswordEstimator } from '../../platform/password-guessability';
import { prepareDummyHash } from '../../platform/passwords';
import { route } from '../../platform/route';
import { sessionInfo } from '../../platform/session';
import type { AuthService } from './auth.service';

/** How long a browser stays known without signing in again: half a year. */
const DEVICE_COOKIE_SECONDS = 180 * 24 * 60 * 60;

// Sign-in, sign-out, the session check, password reset and change, and the second factor. HTTP
// shape only (cookies, sockets, status codes): the rules live in AuthService.
export const authRoutes: FastifyPluginAsync<{ auth: AuthService }> = async (app, { auth }) => {
  // Ready long before anyone signs in, but not waited for: the server answers while it is computed.
  prepareDummyHash().catch((error: unknown) => app.log.warn({ err: error }, 'could not prepare the dummy password hash'));
  // The list of common passwords and the guess estimator's dictionaries are built once the server
  // listens, not by the first person who sets a password, and not before the server answers: they
  // take tens and hundreds of milliseconds, each in a turn of its own so requests pass between them.
  app.addHook('onListen', () => {
    setImmediate(() => {
      loadCommonPasswords();
      setImmediate(loadPasswordEstimator);
    });
  });

  // The device cookie: which browser the user signed in from before (login-throttle.ts). Long-lived,
  // unlike the session's; it lets its holder through the account-wide sign-in delay and nothing else.
  const secure = app.config.publicUrl.startsWith('https:');
  const deviceCookie = secure ? '__Host-caredeck-device' : 'caredeck-device';

  route(app, authApi.login, { access: 'public' }, async (request, reply) => {
    const outcome = await auth.login(request.ctx, request.body, request.cookies[deviceCookie]);
    if (outcome.kind === 'mfa-required') return { success: false as const, mfaRequired: true as const };
    const { token, session } = outcome.started;
    app.sessionCookies.set(reply, token, session);
    reply.setCookie(deviceCookie, outcome.deviceToken, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: DEVICE_COOKIE_SECONDS,
    });
    request.session = { ...session };
    return { success: true as const, user: outcome.user, session: sessionInfo(session, await app.systemSettings.current()) };
  });

  route(app, authApi.logout, { access: 'public' }, async (request, reply) => {
    const ended = await auth.logout(request.ctx);
    if (ended) {
      // This browser's open sockets end now; other instances' within the realtime sweep.
      app.realtime.closeSession(ended);
      request.session = null;
    }
    app.sessionCookies.clear(reply);
    return { success: true as const };
  });

  route(app, authApi.session, { access: 'public' }, async (request) => {
    // "No server session" tells the client to clear its stored session.
    if (!request.session) return { user: null, session: null, error: 'No server session' as const };
    return { user: await auth.sessionUser(request.ctx), session: sessionInfo(request.session, await app.systemSettings.current()) };
  });

  // The look-up and the mail run after the answer has left: its timing says nothing about the address.
  route(app, authApi.forgotPassword, { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } }, async (request, reply) => ({
    success: true as const,
    message: await auth.forgotPassword(request.ctx, request.body.email, (name, work) => app.background.afterAnswer(reply, name, work)),
  }));

  route(app, authApi.resetPassword, { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } }, async (request) => {
    const outcome = await auth.resetPassword(request.ctx, request.body);
    if (outcome.kind === 'mfa-required') return { success: false as const, mfaRequired: true as const };
    // It does not sign in: the user signs in with the new password (and their second factor).
    return { success: true as const, message: outcome.message };
  });

  route(app, authApi.changePassword, { access: 'signed-in' }, async (request, reply) => {
    const { userId, sessionId: previousSessionId } = request.ctx.user;
    const { token, session } = await auth.changePassword(request.ctx, request.body);
    // This browser's sockets reconnect on the new cookie (1012: retry); the user's other sessions'
    // close. Only once the answer carrying that cookie has left: a socket closed before it would
    // have the page catch up on the old cookie, be refused, and sign the person out.
    reply.raw.once('finish', () => {
      if (previousSessionId) app.realtime.closeSession(previousSessionId, 1012);
      app.realtime.sweep(userId).catch((error: unknown) => request.log.warn({ err: error }, 'ended sessions could not be swept'));
    });
    // Every session ended, this one too; this browser continues on a fresh token.
    app.sessionCookies.set(reply, token, session);
    request.session = { ...session };
    return {
      success: true as const,
      user: await auth.sessionUser(request.ctx),
      session: sessionInfo(session, await app.systemSettings.current()),
    };
  });

  // Two-factor authentication (security settings).
  route(app, authApi.mfaStatus, { access: 'signed-in' }, (request) => auth.mfaStatus(request.ctx));
  route(app, authApi.mfaSetup, { access: 'signed-in' }, (request) => auth.startMfaSetup(request.ctx));
  route(app, authApi.mfaEnable, { access: 'signed-in' }, async (request) => ({
    recoveryCodes: await auth.enableMfa(request.ctx, request.body.code),
  }));
  route(app, authApi.mfaDisable, { access: 'signed-in' }, async (request) => {
    await auth.disableMfa(request.ctx, request.body.password);
    return { success: true as const };
  });
  route(app, authApi.recoveryCodes, { access: 'signed-in' }, async (request) => ({
    recoveryCodes: await auth.regenerateRecoveryCodes(request.ctx, request.body.password),
  }));
};
