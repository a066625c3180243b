import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_HANDLING } from '../../../contracts/constants';
import { errorReportAcceptedSchema, type ErrorReport } from '../../../contracts/error-reports';
import { errorReports, sessions, type NewErrorReportRow } from '../../db/schema';
import { createActor } from '../../test-support/idor-harness';
import { errorReportPayload } from '../../test-support/error-report-payload';
import { createTestApp, type TestApp } from '../../test-support/test-app';

describe('error reports from the browser', () => {
  let t: TestApp;
  // The route allows 30 reports a minute per address; each post comes from an address of its own.
  let address = 0;
  const nextAddress = () => {
    address += 1;
    return `10.20.${Math.floor(address / 250)}.${(address % 250) + 1}`;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.db.db.delete(errorReports);
  });

  async function post(report: ErrorReport) {
    const response = await t.app.inject({ method: 'POST', url: '/api/error-reports', remoteAddress: nextAddress(), payload: report });
    expect(response.statusCode, response.body).toBe(201);
    return errorReportAcceptedSchema.parse(response.json());
  }

  async function storedRow(id: string) {
    const [row] = await t.db.db.select().from(errorReports).where(eq(errorReports.id, id));
    if (!row) throw new Error(`error report ${id} was not stored`);
    return row;
  }

  it('accepts a report with 201 and its id, and stores it', async () => {
    const report = errorReportPayload({ errorType: 'network', severity: 'low', error: { message: 'Failed to fetch' } });
    const accepted = await post(report);
    expect(accepted).toMatchObject({ severity: 'low', occurrences: 1 });

    const row = await storedRow(accepted.id);
    expect(row).toMatchObject({ clientReportId: report.id, errorType: 'network', errorMessage: 'Failed to fetch', severity: 'low' });
    expect(row.reportedAt.toISOString()).toBe(new Date(report.timestamp).toISOString());
  });

  it('stores the reporter’s email masked, keeping only its first 3 characters', async () => {
    const accepted = await post(errorReportPayload({ user: { id: 'u-1', email: 'jane.doe@example.org', role: 'patient' } }));
    const row = await storedRow(accepted.id);
    expect(row.userEmailMasked).toBe('jan***@***');
    expect(JSON.stringify(row)).not.toContain('jane.doe');
    expect(JSON.stringify(row)).not.toContain('example.org');
  });

  it('keeps an email the browser already masked as it is', async () => {
    const accepted = await post(errorReportPayload({ user: { email: 'jan***@***' } }));
    expect((await storedRow(accepted.id)).userEmailMasked).toBe('jan***@***');
  });

  it('stores the page url without its query string and fragment', async () => {
    const accepted = await post(
      errorReportPayload({
        context: { url: 'https://portal.example.org/patients/search?name=Jane%20Doe&dob=1980-01-01#results', route: '/patients/search' },
      }),
    );
    const row = await storedRow(accepted.id);
    expect(row.url).toBe('/patients/search');
    expect(JSON.stringify(row)).not.toContain('Jane');
  });

  it('stores the page of a share link without its token', async () => {
    const token = 'Tok3nTok3nTok3nTok3nTok3nTok3nTok3nTok3nTok';
    const accepted = await post(
      errorReportPayload({ context: { url: `https://portal.example.org/shared/medication/${token}`, route: '/shared/medication/:token' } }),
    );
    const row = await storedRow(accepted.id);
    expect(row.url).toBe('/shared/medication/[token]');
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('never stores the client’s session id', async () => {
    const sessionId = 'sess-4f9c2d1e8b7a6c5d';
    const accepted = await post(errorReportPayload({ context: { url: '/dashboard', route: '/dashboard', sessionId } }));
    const row = await storedRow(accepted.id);
    expect(JSON.stringify(row)).not.toContain(sessionId);
  });

  it('records a signed-in reporter’s user id and session id from the session, not from what the browser claims', async () => {
    const reporter = await createActor(t.app, 'patient');
    const [session] = await t.db.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, reporter.user.id));
    const response = await reporter.agent.post(
      '/api/error-reports',
      errorReportPayload({
        user: { id: '00000000-0000-4000-8000-000000000001', email: 'someone.else@example.org', role: 'admin' },
        context: { url: '/dashboard', route: '/dashboard', sessionId: 'sess-claimed-by-the-browser' },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const row = await storedRow(errorReportAcceptedSchema.parse(response.json()).id);
    expect(row).toMatchObject({ userId: reporter.user.id, userRole: 'patient', sessionId: session!.id });
    expect(JSON.stringify(row)).not.toContain('sess-claimed-by-the-browser');
    expect(JSON.stringify(row)).not.toContain(reporter.user.email);
  });

  it('records no session for a reporter who is not signed in', async () => {
    const accepted = await post(errorReportPayload({ user: { id: 'u-2', email: 'jane.doe@example.org', role: 'patient' } }));
    expect(await storedRow(accepted.id)).toMatchObject({ userId: 'u-2', sessionId: null });
  });

  it('raises the 11th report of the same pattern to high severity; a critical one stays critical', async () => {
    // Same type and name; the messages differ only in numbers, so they are one pattern.
    const occurrence = (n: number, severity: ErrorReport['severity']) =>
      errorReportPayload({
        errorType: 'data',
        severity,
        error: { name: 'QueryError', message: `Appointment ${1000 + n} could not be loaded after ${n} retries` },
      });

    for (let n = 1; n <= ERROR_HANDLING.escalateAfterOccurrences; n += 1) {
      expect(await post(occurrence(n, 'low'))).toMatchObject({ severity: 'low', occurrences: n });
    }

    const eleventh = await post(occurrence(11, 'low'));
    expect(eleventh).toMatchObject({ severity: 'high', occurrences: 11 });
    expect((await storedRow(eleventh.id)).severity).toBe('high');

    const critical = await post(occurrence(12, 'critical'));
    expect(critical).toMatchObject({ severity: 'critical', occurrences: 12 });
    expect((await storedRow(critical.id)).severity).toBe('critical');

    // Another pattern (another error name) starts its own count.
    const other = await post(
      errorReportPayload({
        errorType: 'data',
        severity: 'low',
        error: { name: 'TypeError', message: 'Appointment 1 could not be loaded after 1 retries' },
      }),
    );
    expect(other).toMatchObject({ severity: 'low', occurrences: 1 });
  });

  it(`keeps at most ${ERROR_HANDLING.maxStoredReports} reports, dropping the oldest`, async () => {
    const max = ERROR_HANDLING.maxStoredReports;
    const now = Date.now();
    // A full table, straight through the database: the route's rate limit would take half an hour.
    const rows: NewErrorReportRow[] = Array.from({ length: max }, (_, i) => ({
      clientReportId: `old-${i}`,
      reportedAt: new Date(now - (max - i) * 60_000),
      receivedAt: new Date(now - (max - i) * 60_000),
      errorType: 'component',
      errorMessage: `old report ${i}`,
      severity: 'low',
      isRecoverable: true,
      fingerprint: `old-${i % 7}`,
    }));
    await t.db.db.insert(errorReports).values(rows);

    const accepted = await post(errorReportPayload({ error: { message: 'the newest report' } }));

    const [total] = await t.db.db.select({ n: count() }).from(errorReports);
    expect(total?.n).toBe(max);
    const kept = await t.db.db
      .select({ clientReportId: errorReports.clientReportId })
      .from(errorReports)
      .orderBy(asc(errorReports.receivedAt));
    expect(kept[0]?.clientReportId).toBe('old-1');
    expect(kept.some((r) => r.clientReportId === 'old-0')).toBe(false);
    expect((await storedRow(accepted.id)).errorMessage).toBe('the newest report');
  });
});
