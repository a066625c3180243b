import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PERMISSIONS, type Permission } from '../../contracts/permission-catalogue';
import { VALIDATION_MESSAGES_EN } from '../../contracts/validation-messages';
import type { Role } from '../../contracts/roles';
import { createActor, type Actor } from '../test-support/idor-harness';
import { leafPaths, sampleOf, withLeaf, type FieldPath } from '../test-support/request-samples';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { declaredRoutes, type DeclaredRoute, type RouteAccess } from './access';
import { csrfCookieName } from './csrf';
import { sessionCookieName } from './session';

// Bad input is a 4xx, never a 500: every route of the route table, called by someone it admits,
// gets malformed input in each place it takes any (NUL bytes and control characters in every
// string of its path, query and body, wrong types, overlong strings, deeply nested JSON,
// undecodable paths, ids that are no ids). Each field is spoiled alone, the rest of the request
// generated from the route's own schemas, so the bad value reaches as far into the server as it can.
// Every route with a body also gets wrong content types and broken multipart forms (the upload routes).
// The passkey routes, which take what an authenticator answered, must also name every refused field
// with a message the web translates (a validation key's English text), never a bare "Required".

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});

afterAll(async () => {
  await t?.close();
});

type ProbeMethod = NonNullable<InjectOptions['method']>;

interface Caller {
  actor?: Actor;
  sessionToken?: string;
  csrfToken: string;
}

/** Someone the route admits: an administrator where allowed, else the first role it names, a patient for "signed-in". */
function callerRole(access: RouteAccess): Role | 'anonymous' {
  if (access === 'public') return 'anonymous';
  if (access === 'signed-in') return 'patient';
  if (!access.roles || access.roles.includes('admin')) return 'admin';
  return access.roles[0]!;
}

async function callerFor(route: DeclaredRoute): Promise<Caller> {
  const role = callerRole(route.access);
  if (role === 'anonymous') return { csrfToken: randomBytes(32).toString('base64url') };
  // A fresh actor per route: a route that signs out, deactivates or re-roles its caller spoils no other.
  const actor = await createActor(t.app, role, role === 'staff' ? { permissions: PERMISSIONS as readonly Permission[] } : {});
  return { actor, sessionToken: actor.agent.sessionToken, csrfToken: await actor.agent.fetchCsrfToken() };
}

let address = 0;
async function send(caller: Caller, method: string, url: string, payload?: string, contentType = 'application/json') {
  address += 1;
  const secure = t.app.config.publicUrl.startsWith('https:');
  const cookies = caller.sessionToken
    ? `${sessionCookieName(secure)}=${caller.sessionToken}`
    : `${csrfCookieName(secure)}=${caller.csrfToken}`;
  const response = await t.app.inject({
    method: method as ProbeMethod,
    url,
    // An address of its own per request: per-address rate limits would otherwise answer 429 before the input is read.
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    headers: { cookie: cookies, 'x-csrf-token': caller.csrfToken, ...(payload === undefined ? {} : { 'content-type': contentType }) },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.body };
}

const NUL = 'a\u0000b';
const CONTROL = 'a\u0001\u001b[31mb';
const OVERLONG = 'x'.repeat(200_000);
const DEEP_MARK = '"__deep__"';
/** JSON nested `levels` deep, written out (no recursion to build or serialise it). */
const nested = (levels: number) => '{"a":['.repeat(levels) + '1' + ']}'.repeat(levels);
const DEEP_JSON = nested(10_000);
const BOUNDARY = '----caredeckprobe';

const schemaOf = (route: DeclaredRoute, part: 'params' | 'querystring' | 'body') =>
  (route.schema as Record<string, z.ZodType | undefined> | undefined)?.[part];

function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? 'x'));
}

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

interface Probe {
  what: string;
  url: string;
  payload?: string;
  contentType?: string;
}

/** Every bad request for one route. */
function probesFor(route: DeclaredRoute, caller: Caller, kind: 'fields' | 'content types'): Probe[] {
  const paramsSchema = schemaOf(route, 'params');
  const querySchema = schemaOf(route, 'querystring');
  const bodySchema = schemaOf(route, 'body');
  const ownId = caller.actor?.user.id ?? '00000000-0000-4000-8000-000000000000';
  const params = Object.fromEntries(
    [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => {
      const sample = paramsSchema ? (sampleOf(paramsSchema) as Record<string, unknown>)[name!] : undefined;
      return [name!, /^(id|userId)$/.test(name!) ? ownId : String(sample ?? 'x')];
    }),
  );
  const query = querySchema ? (sampleOf(querySchema) as Record<string, unknown>) : {};
  const body = bodySchema ? sampleOf(bodySchema) : route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  const bodyText = body === undefined ? undefined : JSON.stringify(body);
  const at = (p: Record<string, string> = params, q: Record<string, unknown> = query) => `${fillPath(route.url, p)}${queryString(q)}`;
  const probes: Probe[] = [];
  if (kind === 'content types') return contentTypeProbes(route, at(), bodyText);

  for (const name of Object.keys(params)) {
    for (const [what, value] of [
      ['NUL', NUL],
      ['control characters', CONTROL],
      ['overlong', 'x'.repeat(5_000)],
      ['not an id', '-1'],
    ] as const) {
      probes.push({ what: `param ${name}: ${what}`, url: at({ ...params, [name]: value }), payload: bodyText });
    }
    // Percent-encoding that decodes to no text at all.
    probes.push({
      what: `param ${name}: undecodable`,
      url: fillPath(route.url, { ...params }).replace(encodeURIComponent(params[name]!), '%E0%A4%A'),
      payload: bodyText,
    });
  }

  const queryKeys = new Set([
    ...Object.keys(query),
    ...(querySchema ? Object.keys((querySchema as unknown as { shape?: object }).shape ?? {}) : []),
  ]);
  for (const key of queryKeys) {
    for (const [what, value] of [
      ['NUL', NUL],
      ['control characters', CONTROL],
      ['overlong', 'x'.repeat(5_000)],
      ['repeated', ['1', '2']],
      ['NaN', 'NaN'],
    ] as const) {
      probes.push({ what: `query ${key}: ${what}`, url: at(params, { ...query, [key]: value }), payload: bodyText });
    }
  }
  probes.push({ what: 'query: undecodable', url: `${at()}${Object.keys(query).length ? '&' : '?'}q=%E0%A4%A`, payload: bodyText });

  if (bodyText !== undefined) {
    const leaves: FieldPath[] = body !== null && typeof body === 'object' ? leafPaths(body) : [[]];
    for (const path of leaves) {
      const name = path.join('.') || '(body)';
      for (const [what, value] of [
        ['NUL', NUL],
        ['control characters', CONTROL],
        ['overlong', OVERLONG],
        ['wrong type (object)', { nested: true }],
        ['wrong type (number)', 1e308],
        ['null', null],
        // Dropped from the JSON: the field is missing.
        ['missing', undefined],
        // Characters no base64url, id or code has.
        ['punctuation', 'ab+/=?'],
      ] as const) {
        probes.push({ what: `body ${name}: ${what}`, url: at(), payload: JSON.stringify(withLeaf(body, path, value)) });
      }
      probes.push({
        what: `body ${name}: deep JSON`,
        url: at(),
        payload: JSON.stringify(withLeaf(body, path, '__deep__')).replace(DEEP_MARK, nested(2_000)),
      });
    }
    for (const [what, payload] of [
      ['deep JSON', DEEP_JSON],
      ['array', '[]'],
      ['string', '"text"'],
      ['malformed', '{"a":'],
      ['NUL escape in a key', '{"\\u0000":1}'],
    ] as const) {
      probes.push({ what: `body: ${what}`, url: at(), payload });
    }
  }
  return probes;
}

/** Wrong and malformed content types for a route that takes a body. */
function contentTypeProbes(route: DeclaredRoute, url: string, bodyText: string | undefined): Probe[] {
  if (!['POST', 'PUT', 'PATCH'].includes(route.method)) return [];
  const probes: Probe[] = [];
  // Wrong and malformed content types, on JSON routes and upload routes alike: an upload route
  // reads its multipart body itself, so broken forms must reach it and be refused there.
  const part = (name: string, value: string, file = '') =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n${value}\r\n`;
  const form = `multipart/form-data; boundary=${BOUNDARY}`;
  for (const [what, contentType, payload] of [
    ['text/plain', 'text/plain', bodyText ?? '{}'],
    ['form-urlencoded', 'application/x-www-form-urlencoded', 'a=1&b=%00'],
    ['XML', 'application/xml', '<a/>'],
    ['multipart without a boundary', 'multipart/form-data', 'hello'],
    ['multipart that never ends', form, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4`],
    [
      'multipart with NUL in a field and a file name',
      form,
      `${part('body', NUL)}${part('category', NUL)}${part('file', '%PDF-1.4', 'a\u0000.pdf')}--${BOUNDARY}--\r\n`,
    ],
    ['multipart with a path as file name', form, `${part('body', 'x')}${part('file', '%PDF-1.4', '../../etc/passwd')}--${BOUNDARY}--\r\n`],
    [
      'multipart with two thousand fields',
      form,
      `${Array.from({ length: 2_000 }, (_, i) => part(`f${i}`, 'x')).join('')}--${BOUNDARY}--\r\n`,
    ],
    [
      'multipart with the same file twice',
      form,
      `${part('file', '%PDF-1.4', 'a.pdf')}${part('file', '%PDF-1.4', 'a.pdf')}--${BOUNDARY}--\r\n`,
    ],
  ] as const) {
    probes.push({ what: `content type: ${what}`, url, payload, contentType });
  }
  return probes;
}

describe('the guard in front of every route', () => {
  const report = (additionalData: unknown, message = 'Cannot read properties of undefined') => ({
    id: randomBytes(8).toString('hex'),
    timestamp: new Date().toISOString(),
    errorType: 'component',
    error: { message },
    severity: 'low',
    isRecoverable: true,
    recoveryAttempts: 0,
    additionalData,
  });
  const anonymous = (): Caller => ({ csrfToken: randomBytes(32).toString('base64url') });

  it('refuses a NUL or other control character in any string with 400 and says which field', async () => {
    const answer = await send(anonymous(), 'POST', '/api/error-reports', JSON.stringify(report({}, 'Broken\u0000here')));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'error.message': 'This text contains characters that are not allowed' },
    });
    const query = await send(anonymous(), 'GET', '/api/doctors?q=a%00b');
    expect(query.status).toBe(400);
    expect(JSON.parse(query.body).error.fields).toEqual({ 'querystring.q': 'This text contains characters that are not allowed' });
    // Tabs and line breaks are text.
    expect((await send(anonymous(), 'POST', '/api/error-reports', JSON.stringify(report({}, 'line one\n\tline two')))).status).toBe(201);
  });

  it('parses JSON no deeper than the limit, and answers deeper JSON with 400', async () => {
    expect(await send(anonymous(), 'POST', '/api/error-reports', JSON.stringify(report({ a: JSON.parse(nested(10)) })))).toMatchObject({
      status: 201,
    });
    const deep = await send(
      anonymous(),
      'POST',
      '/api/error-reports',
      JSON.stringify(report({ a: '__deep__' })).replace(DEEP_MARK, nested(40)),
    );
    expect(deep.status).toBe(400);
    expect(JSON.parse(deep.body).error).toEqual({ code: 'BAD_REQUEST', message: 'The request is nested too deeply.' });
  });

  it('answers an address that does not decode with 400 in the error envelope, without echoing it', async () => {
    const answer = await send(anonymous(), 'GET', '/api/doctors/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'BAD_REQUEST', message: 'The address of this request could not be read.' } });
  });
});

const TRANSLATED = new Set<string>(Object.values(VALIDATION_MESSAGES_EN));

/** False for a validation refusal with a field message that is not a validation key's English text. */
function translatedFields(body: string): boolean {
  let error: { code?: string; fields?: Record<string, string> } | undefined;
  try {
    error = (JSON.parse(body) as { error?: typeof error }).error;
  } catch {
    return true;
  }
  if (error?.code !== 'VALIDATION_FAILED') return true;
  return Object.values(error.fields ?? {}).every((message) => TRANSLATED.has(message));
}

describe('bad input to every route', () => {
  async function failuresOf(kind: 'fields' | 'content types'): Promise<string[]> {
    const routes = declaredRoutes(t.app).filter((route) => route.method !== 'HEAD' && route.url !== '/ws');
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of routes) {
      if (kind === 'content types' && !['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
      const caller = await callerFor(route);
      for (const probe of probesFor(route, caller, kind)) {
        const { status, body } = await send(caller, route.method, probe.url, probe.payload, probe.contentType).catch((error: unknown) => ({
          status: 0,
          body: `no answer: ${String(error)}`,
        }));
        if (status >= 500 || status === 0) failures.push(`${route.method} ${route.url} ${probe.what} → ${status} ${body.slice(0, 120)}`);
        else if (route.url.startsWith('/api/biometric/') && !translatedFields(body))
          failures.push(`${route.method} ${route.url} ${probe.what} → untranslated ${body.slice(0, 200)}`);
      }
    }
    return failures;
  }

  // Thousands of requests in one test: it takes most of a minute alone, so it gets room on a busy machine.
  const SWEEP_MS = 180_000;

  it('answers 4xx to malformed input on every route of the route table, never 5xx', { timeout: SWEEP_MS }, async () => {
    expect(await failuresOf('fields')).toEqual([]);
  });

  it(
    'answers 4xx to wrong content types and broken multipart forms on every route that takes a body, uploads included',
    { timeout: SWEEP_MS },
    async () => {
      expect(await failuresOf('content types')).toEqual([]);
    },
  );
});
