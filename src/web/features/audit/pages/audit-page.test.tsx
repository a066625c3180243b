import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { setUpComponentTests } from '../../../test/component-tests';
import { dateBoxesValue, typeDate } from '../../../test/date-field';
import { AuditPage } from './audit-page';

// The audit viewer's filters: a kit form whose rules are the contract's, said in the reader's
// language beside the fields; a refused filter asks nothing of the server and keeps what was typed.

setUpComponentTests();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubEvents() {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/audit/events') {
        asked.push(url);
        return json({ data: [], total: 0, page: 1, pageSize: 50 });
      }
      return json({}, 404);
    }),
  );
  return asked;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AuditPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('audit filters', () => {
  it('sends the filters that are set, the days as ISO days', async () => {
    const asked = stubEvents();
    const user = renderPage();
    await waitFor(() => expect(asked).toHaveLength(1));
    await user.type(screen.getByLabelText('Action'), 'patient.read');
    await user.selectOptions(screen.getByLabelText('Outcome'), 'denied');
    await user.selectOptions(screen.getByLabelText('Category'), 'Preferences');
    await typeDate(user, screen.getByRole('group', { name: 'From' }), '2026-01-05');
    await typeDate(user, screen.getByRole('group', { name: 'To' }), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(asked).toHaveLength(2));
    const params = Object.fromEntries(asked[1]!.searchParams);
    expect(params).toEqual({
      action: 'patient.read',
      outcome: 'denied',
      category: 'preferences',
      from: '2026-01-05',
      to: '2026-02-01',
      page: '1',
    });
  });

  it('says in German what is wrong with the days, asks nothing and keeps what was typed', async () => {
    await i18next.changeLanguage('de');
    const asked = stubEvents();
    const user = renderPage();
    await waitFor(() => expect(asked).toHaveLength(1));
    const from = screen.getByRole('group', { name: i18next.t('audit:filters.from') });
    const to = screen.getByRole('group', { name: i18next.t('audit:filters.to') });
    await user.type(screen.getByLabelText(i18next.t('audit:filters.action')), 'patient read');
    await typeDate(user, from, '2026-03-01');
    await typeDate(user, to, '2026-02-01');
    await user.click(screen.getByRole('button', { name: i18next.t('audit:filters.apply') }));

    expect(await screen.findByTestId('to-error')).toHaveTextContent(i18next.t('validation:date.rangeOrder'));
    expect(screen.getByTestId('action-error')).toHaveTextContent(i18next.t('validation:choice.invalid'));
    expect(screen.getByTestId('to-error')).not.toHaveTextContent('The end date cannot be before the start date');
    expect(screen.getByLabelText(i18next.t('audit:filters.action'))).toHaveFocus();
    expect(dateBoxesValue(from)).toEqual({ day: '01', month: '03', year: '2026' });

    await user.clear(screen.getByLabelText(i18next.t('audit:filters.action')));
    await typeDate(user, to, '2300-02-01');
    await user.click(screen.getByRole('button', { name: i18next.t('audit:filters.apply') }));
    expect(await screen.findByTestId('to-error')).toHaveTextContent(i18next.t('validation:date.outOfRange'));
    expect(asked).toHaveLength(1);
  });

  it('names people in the reader’s order: in Chinese, a Han name family name first and unspaced', async () => {
    await i18next.changeLanguage('zh');
    const person = (id: string, firstName: string, lastName: string, role: 'doctor' | 'patient') => ({
      id,
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
      role,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          data: [
            {
              id: 1,
              occurredAt: '2026-03-01T10:00:00.000Z',
              actor: person('d1', '伟', '王', 'doctor'),
              actorRole: 'doctor',
              action: 'patient.read',
              outcome: 'success',
              resourceType: 'patient',
              resourceId: 'p1',
              patient: person('p1', 'Sarah', 'Chen', 'patient'),
              ip: null,
              userAgent: null,
              requestId: null,
              details: null,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        }),
      ),
    );
    renderPage();
    const table = await screen.findByTestId('audit-table');
    expect(table).toHaveTextContent('王伟');
    // A name in Latin letters keeps its own order and space in Chinese text.
    expect(table).toHaveTextContent('Sarah Chen');
  });

  it('clears every filter', async () => {
    const asked = stubEvents();
    const user = renderPage();
    await user.type(screen.getByLabelText('User'), 'kim');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('user')).toBe('kim'));
    expect(screen.getByTestId('audit-export').getAttribute('href')).toContain('user=kim');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('User')).toHaveValue('');
    // The unfiltered list again (from the cache) and its export.
    await waitFor(() => expect(screen.getByTestId('audit-export').getAttribute('href')).not.toContain('user='));
  });
});
