import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successSchema } from '../../../contracts/auth';
import {
  biometricChallengeRequestSchema,
  biometricChallengeResponseSchema,
  biometricCredentialParamsSchema,
  biometricCredentialResponseSchema,
  biometricCredentialsResponseSchema,
  biometricUpdateUsageRequestSchema,
  biometricVerifyRequestSchema,
  biometricVerifyResponseSchema,
  passkeyRegistrationOptionsResponseSchema,
  passkeyRegistrationVerifyRequestSchema,
  passkeyUpdateRequestSchema,
} from '../../../contracts/passkeys';
import { actorOf } from '../../platform/access';
import { requestAuditContext } from '../../platform/audit';
import { sessionInfo, startSession } from '../../platform/session';
import type { UsersService } from '../users/users.service';
import { BiometricRepository } from './biometric.repository';
import { BiometricService } from './biometric.service';
import { relyingPartyFor } from './relying-party';

// Spec §7 biometric calls, plus passkey registration and management for the security settings.
// Sign-in calls are public (there is no session yet) but still carry the pre-session CSRF token,
// and are rate limited per IP: each challenge is a row in the database.
const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export const biometricRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const service = new BiometricService(new BiometricRepository(app.db), users, app.audit, {
    relyingParty: relyingPartyFor(app.config),
  });

  app.get(
    '/api/biometric/credentials',
    { config: { access: 'signed-in' }, schema: { response: { 200: biometricCredentialsResponseSchema } } },
    async (request) => ({ success: true as const, credentials: await service.listCredentials(actorOf(request).userId) }),
  );

  app.put(
    '/api/biometric/credentials/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        params: biometricCredentialParamsSchema,
        body: passkeyUpdateRequestSchema,
        response: { 200: biometricCredentialResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      credential: await service.setEnabled(actorOf(request).userId, request.params.id, request.body.enabled, requestAuditContext(request)),
    }),
  );

  app.delete(
    '/api/biometric/credentials/:id',
    { config: { access: 'signed-in' }, schema: { params: biometricCredentialParamsSchema, response: { 200: successSchema } } },
    async (request) => {
      await service.remove(actorOf(request).userId, request.params.id, requestAuditContext(request));
      return { success: true as const };
    },
  );

  app.post(
    '/api/biometric/register/options',
    { config: { access: 'signed-in' }, schema: { response: { 200: passkeyRegistrationOptionsResponseSchema } } },
    async (request) => ({ options: await service.registrationOptions(actorOf(request).userId) }),
  );

  app.post(
    '/api/biometric/register/verify',
    {
      config: { access: 'signed-in' },
      schema: { body: passkeyRegistrationVerifyRequestSchema, response: { 201: biometricCredentialResponseSchema } },
    },
    async (request, reply) => {
      const { response, deviceName } = request.body;
      const credential = await service.register(actorOf(request).userId, response, deviceName, requestAuditContext(request), request.ctx);
      return reply.code(201).send({ success: true as const, credential });
    },
  );

  app.post(
    '/api/biometric/auth/challenge',
    {
      config: { access: 'public', rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { body: biometricChallengeRequestSchema, response: { 200: biometricChallengeResponseSchema } },
    },
    async (request) => service.authenticationChallenge(request.body.credentialId),
  );

  app.post(
    '/api/biometric/verify',
    {
      config: { access: 'public', rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { body: biometricVerifyRequestSchema, response: { 200: biometricVerifyResponseSchema } },
    },
    async (request, reply) => {
      const { userId, method } = await service.verifySignIn(request.body, requestAuditContext(request));
      const session = await startSession(app, request, reply, userId, method);
      const { user, message } = await service.welcome(request.ctx, userId);
      return { success: true as const, user, session: sessionInfo(session), message };
    },
  );

  app.post(
    '/api/biometric/update-usage',
    { config: { access: 'signed-in' }, schema: { body: biometricUpdateUsageRequestSchema, response: { 200: successSchema } } },
    async (request) => {
      await service.updateUsage(actorOf(request).userId, request.body.credentialId);
      return { success: true as const };
    },
  );
};
