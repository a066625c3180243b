import type { FastifyPluginAsync } from 'fastify';
import { passkeysApi } from '../../../contracts/passkeys';
import { route } from '../../platform/route';
import { sessionInfo, startSession } from '../../platform/session';
import type { BiometricService } from './biometric.service';

// Passkeys: registration and management from the security settings, and sign-in with one. The
// sign-in calls are public (there is no session yet) but still carry the pre-session CSRF token,
// and are rate limited per IP: each challenge is a row in the database.
const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export const biometricRoutes: FastifyPluginAsync<{ biometric: BiometricService }> = async (app, { biometric }) => {
  route(app, passkeysApi.credentials, { access: 'signed-in' }, async (request) => ({
    success: true as const,
    credentials: await biometric.listCredentials(request.ctx),
  }));

  route(app, passkeysApi.setEnabled, { access: 'signed-in' }, async (request) => ({
    success: true as const,
    credential: await biometric.setEnabled(request.ctx, request.params.id, request.body.enabled),
  }));

  route(app, passkeysApi.remove, { access: 'signed-in' }, async (request) => {
    await biometric.remove(request.ctx, request.params.id);
    return { success: true as const };
  });

  route(app, passkeysApi.registrationOptions, { access: 'signed-in' }, async (request) => ({
    options: await biometric.registrationOptions(request.ctx),
  }));

  route(app, passkeysApi.register, { access: 'signed-in' }, async (request) => ({
    success: true as const,
    credential: await biometric.register(request.ctx, request.body.response, request.body.deviceName),
  }));

  route(app, passkeysApi.challenge, { access: 'public', rateLimit: SIGN_IN_RATE_LIMIT }, (request) =>
    biometric.authenticationChallenge(request.ctx, request.body.credentialId),
  );

  route(app, passkeysApi.verify, { access: 'public', rateLimit: SIGN_IN_RATE_LIMIT }, async (request, reply) => {
    const { userId, method, user, message } = await biometric.verifySignIn(request.ctx, request.body);
    const session = await startSession(app, request, reply, userId, method);
    return { success: true as const, user, session: sessionInfo(session, await app.systemSettings.current()), message };
  });

  route(app, passkeysApi.updateUsage, { access: 'signed-in' }, async (request) => {
    await biometric.updateUsage(request.ctx, request.body.credentialId);
    return { success: true as const };
  });
};
