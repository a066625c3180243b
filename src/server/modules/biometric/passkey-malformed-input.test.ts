import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricChallengeResponseSchema, passkeyRegistrationOptionsResponseSchema } from '../../../contracts/passkeys';
import { VALIDATION_MESSAGES_EN } from '../../../contracts/validation-messages';
import { createPatient, Random } from '../../db/factories';
import { SoftwareAuthenticator } from '../../test-support/software-authenticator';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { appOrigin, registerPasskey } from './biometric-test-helpers';

// A malformed authenticator answer (a field missing, of the wrong type, empty, or not base64url) is
// refused by the contract with 400 VALIDATION_FAILED, naming the field with a message of its own
// that the web translates: never a 500, never zod's or anyone's bare English ("Required").
// Each spoiled body changes nothing: the unspoiled one still signs in or registers afterwards.

const MESSAGES = new Set<string>(Object.values(VALIDATION_MESSAGES_EN));

type Spoil = [what: string, value: unknown];
const SPOILS: Spoil[] = [
  ['missing', undefined],
  ['empty', ''],
  ['not base64url', 'ab+/cd=='],
  ['a number', 42],
  ['an object', { nested: true }],
  ['null', null],
];

/** The body with one field (a dotted path) replaced, or removed when the value is undefined. */
function spoiled(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  if (value === undefined) delete at[keys.at(-1)!];
  else at[keys.at(-1)!] = value;
  return copy;
}

function expectRefusedField(answer: { statusCode: number; body: string; json: () => unknown }, field: string, message: string) {
  expect(answer.statusCode, answer.body).toBe(400);
  const { error } = answer.json() as { error: { code: string; fields: Record<string, string> } };
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(error.fields[field], answer.body).toBe(message);
  // Every message is one of the translated ones, whatever else the body got wrong.
  for (const text of Object.values(error.fields)) expect(MESSAGES.has(text), `${field}: ${text}`).toBe(true);
  expect(answer.body).not.toMatch(/Required|Invalid input|expected string/);
}

describe('malformed passkey bodies', () => {
  let testApp: TestApp;
  let origin: string;
  const random = new Random(3205);
  let ip = 0;
  const newAgent = () => new TestAgent(testApp.app, `10.3.0.${++ip}`);

  beforeAll(async () => {
    testApp = await createTestApp({ config: { demoMode: false } });
    origin = appOrigin(testApp.app.config.publicUrl);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  describe('at sign-in (/api/biometric/verify)', () => {
    const fields: [field: string, message: string, spoils: Spoil[]][] = [
      ['credentialId', VALIDATION_MESSAGES_EN['passkey.credentialIdInvalid'], SPOILS],
      ['authenticatorData', VALIDATION_MESSAGES_EN['passkey.authenticatorDataInvalid'], SPOILS],
      ['signature', VALIDATION_MESSAGES_EN['passkey.signatureInvalid'], SPOILS],
      ['clientDataJSON', VALIDATION_MESSAGES_EN['passkey.clientDataInvalid'], SPOILS],
      // The user handle may be absent, empty or null (a passkey that keeps none).
      ['userHandle', VALIDATION_MESSAGES_EN['passkey.userHandleInvalid'], SPOILS.slice(2, 5)],
    ];

    it('names each spoiled field with its own message, and the unspoiled assertion still signs in', async () => {
      const { user } = await createPatient(testApp.db.db, random, { firstName: 'Nadia' });
      const settings = newAgent();
      await settings.signInAs(user.id);
      const authenticator = new SoftwareAuthenticator(origin);
      await registerPasskey(settings, authenticator, 'Phone');

      const login = newAgent();
      const issued = biometricChallengeResponseSchema.parse((await login.post('/api/biometric/auth/challenge', {})).json()).challenge;
      const assertion = authenticator.getAssertion(issued) as unknown as Record<string, unknown>;

      for (const [field, message, spoils] of fields) {
        for (const [what, value] of spoils) {
          const answer = await login.post('/api/biometric/verify', spoiled(assertion, field, value));
          expect(answer.statusCode, `${field} ${what}`).toBe(400);
          expectRefusedField(answer, field, message);
        }
      }
      // The assertion's fields nested the way the browser's API returns them are not the flat body asked for.
      const nested = await login.post('/api/biometric/verify', { credentialId: assertion.credentialId, response: { clientDataJSON: 'x' } });
      expectRefusedField(nested, 'clientDataJSON', VALIDATION_MESSAGES_EN['passkey.clientDataInvalid']);
      expectRefusedField(await login.post('/api/biometric/verify', []), '_', VALIDATION_MESSAGES_EN['passkey.requestInvalid']);

      const answer = await login.post('/api/biometric/verify', assertion);
      expect(answer.statusCode, answer.body).toBe(200);
    });

    it('names a malformed credential id when a challenge or the usage note is asked for', async () => {
      const agent = newAgent();
      for (const [, value] of SPOILS.slice(1)) {
        const challenge = await agent.post('/api/biometric/auth/challenge', { credentialId: value });
        expectRefusedField(challenge, 'credentialId', VALIDATION_MESSAGES_EN['passkey.credentialIdInvalid']);
      }
      const { user } = await createPatient(testApp.db.db, random);
      await agent.signInAs(user.id);
      expectRefusedField(
        await agent.post('/api/biometric/update-usage', {}),
        'credentialId',
        VALIDATION_MESSAGES_EN['passkey.credentialIdInvalid'],
      );
    });
  });

  describe('at registration (/api/biometric/register/verify)', () => {
    const fields: [field: string, message: string, spoils: Spoil[]][] = [
      ['response', VALIDATION_MESSAGES_EN['passkey.responseInvalid'], [SPOILS[0]!, SPOILS[3]!, SPOILS[5]!]],
      ['response.id', VALIDATION_MESSAGES_EN['passkey.credentialIdInvalid'], SPOILS],
      ['response.rawId', VALIDATION_MESSAGES_EN['passkey.credentialIdInvalid'], SPOILS],
      ['response.type', VALIDATION_MESSAGES_EN['passkey.typeInvalid'], SPOILS],
      ['response.response', VALIDATION_MESSAGES_EN['passkey.responseInvalid'], [SPOILS[0]!, SPOILS[1]!, SPOILS[3]!, SPOILS[5]!]],
      ['response.response.clientDataJSON', VALIDATION_MESSAGES_EN['passkey.clientDataInvalid'], SPOILS],
      ['response.response.attestationObject', VALIDATION_MESSAGES_EN['passkey.attestationInvalid'], SPOILS],
      ['response.response.transports', VALIDATION_MESSAGES_EN['passkey.transportsInvalid'], [['a text', 'usb'], ...SPOILS.slice(3)]],
      ['response.clientExtensionResults', VALIDATION_MESSAGES_EN['passkey.extensionsInvalid'], [SPOILS[1]!, SPOILS[3]!, SPOILS[5]!]],
      ['response.authenticatorAttachment', VALIDATION_MESSAGES_EN['passkey.attachmentInvalid'], SPOILS.slice(3)],
      ['deviceName', VALIDATION_MESSAGES_EN['passkey.deviceNameInvalid'], SPOILS.slice(3)],
    ];

    it('names each spoiled field with its own message, and the unspoiled answer still registers the passkey', async () => {
      const { user } = await createPatient(testApp.db.db, random);
      const agent = newAgent();
      await agent.signInAs(user.id);
      const options = passkeyRegistrationOptionsResponseSchema.parse((await agent.post('/api/biometric/register/options')).json()).options;
      const body = { response: new SoftwareAuthenticator(origin).createCredential(options), deviceName: 'Laptop' } as unknown as Record<
        string,
        unknown
      >;

      for (const [field, message, spoils] of fields) {
        for (const [what, value] of spoils) {
          const answer = await agent.post('/api/biometric/register/verify', spoiled(body, field, value));
          expect(answer.statusCode, `${field} ${what}`).toBe(400);
          expectRefusedField(answer, field, message);
        }
      }

      const answer = await agent.post('/api/biometric/register/verify', body);
      expect(answer.statusCode, answer.body).toBe(201);
    });
  });
});
