import { setImmediate as nextTick } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReportPayload } from '../test-support/error-report-payload';
import { captureLogs, type LogCapture } from '../test-support/log-capture';
import { createTestApp, type TestApp } from '../test-support/test-app';

// No PHI in logs: names typed into a search box, text in a request body and
// session cookies must never reach a log line, whatever the request and whatever its outcome.
describe('what the server logs about requests', () => {
  const logs: LogCapture = captureLogs();
  let t: TestApp;
  const requestIds: string[] = [];

  const SECRETS = ['Jane', 'Doe', 'query=', 'Thornbury', 'Margaret', 'cookie-s3cr3t-value', 'bearer-t0ken-value', 'csrf-t0ken-value'];

  beforeAll(async () => {
    t = await createTestApp({ logStream: logs.stream, config: { logLevel: 'debug' } });

    const sensitiveHeaders = {
      cookie: 'caredeck-session=cookie-s3cr3t-value; caredeck-csrf=csrf-t0ken-value',
      authorization: 'Bearer bearer-t0ken-value',
      'x-csrf-token': 'csrf-t0ken-value',
    };
    const responses = [
      // A search with a patient's name in the query string (404 here, but logged all the same).
      await t.app.inject({ method: 'GET', url: '/api/x?query=Jane%20Doe', headers: sensitiveHeaders }),
      // A body naming a patient: accepted, failing validation, and not even JSON.
      await t.app.inject({
        method: 'POST',
        url: '/api/error-reports?query=Jane%20Doe',
        headers: sensitiveHeaders,
        payload: errorReportPayload({ error: { message: 'Could not open the chart of Margaret Thornbury' } }),
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/error-reports',
        headers: sensitiveHeaders,
        payload: { id: 'r1', note: 'Margaret Thornbury', error: { message: 42 } },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/error-reports',
        headers: { ...sensitiveHeaders, 'content-type': 'application/json' },
        payload: '{"patient": "Margaret Thornbury", oops',
      }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([404, 201, 400, 400]);
    for (const response of responses) requestIds.push(String(response.headers['x-request-id']));
    await nextTick();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('logs each request by method, path and request id', () => {
    const entries = logs.entries();
    for (const id of requestIds) {
      const lines = entries.filter((entry) => entry.reqId === id);
      expect(lines.length, `log lines of request ${id}`).toBeGreaterThan(0);
    }
    const searchRequest = entries.find((entry) => entry.reqId === requestIds[0] && typeof entry.req === 'object');
    expect(searchRequest?.req).toEqual({ method: 'GET', path: '/api/x', id: requestIds[0] });
  });

  it('never logs a query string, a body or a credential header', () => {
    const lines = logs.lines();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      for (const secret of SECRETS) expect(line, `log line leaks "${secret}"`).not.toContain(secret);
    }
  });
});

describe('how much the server logs per request', () => {
  it('writes one line per answered request at debug, and none at info', async () => {
    for (const level of ['debug', 'info'] as const) {
      const logs = captureLogs();
      const t = await createTestApp({ logStream: logs.stream, config: { logLevel: level } });
      try {
        const answers = [
          await t.app.inject({ method: 'GET', url: '/healthz' }),
          await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
        ];
        await nextTick();
        for (const answer of answers) {
          const lines = logs.entries().filter((entry) => entry.reqId === answer.headers['x-request-id']);
          if (level === 'info') {
            expect(lines, `${level}: ${answer.statusCode}`).toEqual([]);
          } else {
            expect(lines).toHaveLength(1);
            expect(lines[0]).toMatchObject({ msg: 'request', res: { statusCode: answer.statusCode } });
            expect(typeof lines[0]!.ms).toBe('number');
          }
        }
      } finally {
        await t.close();
      }
    }
  });
});
