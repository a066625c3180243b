import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReportSchema } from '../../contracts/error-reports';
import { buildErrorReport, newErrorId, sendErrorReport } from './error-reporter';

const user = { id: 'u-7', email: 'jonathan.doe@example.com', role: 'patient' };

beforeEach(() => {
  window.history.pushState({}, '', '/appointments?search=chest%20pain&token=abc#details');
});

afterEach(() => {
  window.history.pushState({}, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('newErrorId', () => {
  it('makes distinct ERR- ids', () => {
    const ids = new Set(Array.from({ length: 50 }, newErrorId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^ERR-[0-9A-Z]+-[0-9A-Z]+$/);
  });
});

describe('buildErrorReport', () => {
  it('masks the email and keeps only the path of the URL', () => {
    const report = buildErrorReport({
      error: new TypeError('Failed to fetch'),
      errorId: 'ERR-1',
      boundary: 'route:/appointments',
      level: 'route',
      recoveryAttempts: 2,
      user,
    });

    expect(report.user).toEqual({ id: 'u-7', email: 'jon***@***', role: 'patient' });
    expect(JSON.stringify(report)).not.toContain('example.com');
    expect(report.context?.url).toBe('/appointments');
    expect(report.context?.route).toBe('/appointments');
    expect(JSON.stringify(report)).not.toContain('chest');
    expect(JSON.stringify(report)).not.toContain('token=abc');
    expect(JSON.stringify(report)).not.toContain('#details');
  });

  it('sets type, severity, recoverability and the error details', () => {
    const report = buildErrorReport({
      error: new TypeError('Failed to fetch'),
      errorId: 'ERR-1',
      boundary: 'route:/appointments',
      level: 'route',
      recoveryAttempts: 2,
    });
    expect(report).toMatchObject({
      id: 'ERR-1',
      errorType: 'network',
      severity: 'medium',
      errorBoundary: 'route:/appointments',
      isRecoverable: true,
      recoveryAttempts: 2,
      error: { message: 'Failed to fetch', name: 'TypeError' },
    });
    expect(report.user).toBeUndefined();
    expect(new Date(report.timestamp).getTime()).not.toBeNaN();
  });

  it('classifies per level and message', () => {
    expect(
      buildErrorReport({ error: new Error('Session expired'), errorId: 'E', boundary: 'app', level: 'app', recoveryAttempts: 0 }),
    ).toMatchObject({
      errorType: 'authentication',
      severity: 'critical',
      isRecoverable: false,
    });
    expect(
      buildErrorReport({
        error: new Error('x.map is not a function'),
        errorId: 'E',
        boundary: 'patient-portal',
        level: 'portal',
        recoveryAttempts: 0,
      }),
    ).toMatchObject({
      errorType: 'component',
      severity: 'high',
      isRecoverable: false,
    });
  });

  it('wraps non-Error values and truncates a long message to what the server accepts', () => {
    const report = buildErrorReport({ error: 'x'.repeat(5000), errorId: 'E', boundary: 'app', level: 'app', recoveryAttempts: 0, user });
    expect(report.error.message).toHaveLength(2000);
    expect(errorReportSchema.safeParse(report).success).toBe(true);
  });
});

describe('sendErrorReport', () => {
  const report = () => buildErrorReport({ error: new Error('boom'), errorId: 'ERR-9', boundary: 'app', level: 'app', recoveryAttempts: 0 });

  it('POSTs the report as JSON with cookies and keepalive', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await sendErrorReport(report());

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/error-reports');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: true });
    expect(JSON.parse(init.body as string)).toMatchObject({ id: 'ERR-9', errorType: 'data', severity: 'critical' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('only logs when the server refuses the report', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 429, headers: { 'content-type': 'application/json' } })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(sendErrorReport(report())).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ERR-9'));
  });

  it('only logs when the report cannot be sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(sendErrorReport(report())).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ERR-9'), expect.any(TypeError));
  });
});
