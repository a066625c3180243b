import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShareLink } from '../../../../contracts/share-links';
import { json, renderPatientView } from '../../../lib/clinical/testing';
import { i18next, initI18n } from '../../../lib/i18n';
import { stubApi } from '../testing';
import { SharePanel } from './share-panel';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const URL = 'http://localhost:3000/shared/medication/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

function link(overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: crypto.randomUUID(),
    scope: 'medications',
    createdAt: '2026-03-01T10:00:00.000Z',
    expiresAt: '2026-03-08T10:00:00.000Z',
    openCount: 0,
    lastOpenedAt: null,
    ...overrides,
  };
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

describe('share medication list panel', { timeout: 20_000 }, () => {
  it('lists the active links with their expiry and how often they were opened', async () => {
    stubApi({
      'GET /api/share-links': () =>
        json({ data: [link({ openCount: 2, lastOpenedAt: '2026-03-02T11:00:00.000Z' }), link({ id: crypto.randomUUID() })] }),
    });
    renderPatientView(<SharePanel />);
    const items = await screen.findAllByTestId('share-link');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/Expires Mar 8, 2026/);
    expect(within(items[0]!).getByTestId('share-open-count')).toHaveTextContent(/^Opened 2 times, last Mar 2, 2026/);
    expect(within(items[1]!).getByTestId('share-open-count')).toHaveTextContent('Not opened yet');
  });

  it('creates a link for the chosen time, shows it once and copies it', async () => {
    let links: ShareLink[] = [];
    const calls = stubApi({
      'GET /api/share-links': () => json({ data: links }),
      'POST /api/share-links': () => {
        links = [link({ id: '44444444-4444-4444-8444-444444444444' })];
        return json({ id: links[0]!.id, url: URL, expiresAt: '2026-03-08T10:00:00.000Z' }, 201);
      },
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPatientView(<SharePanel />);

    expect(await screen.findByText('You have no active links.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));

    const field = await screen.findByLabelText('Your new link');
    expect(field).toHaveValue(URL);
    expect(field).toHaveAttribute('readonly');
    expect(calls).toContainEqual({ method: 'POST', url: '/api/share-links', body: { scope: 'medications', expiresInHours: 168 } });
    expect(await screen.findAllByTestId('share-link')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(URL);
    expect(toast.success).toHaveBeenCalledWith('Link copied');
  });

  it('falls back to the selected field when the clipboard refuses', async () => {
    stubApi({
      'GET /api/share-links': () => json({ data: [] }),
      'POST /api/share-links': () =>
        json({ id: '55555555-5555-4555-8555-555555555555', url: URL, expiresAt: '2026-03-01T11:00:00.000Z' }, 201),
    });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    renderPatientView(<SharePanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/could not be copied automatically/)).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('revokes a link after confirmation, and not when the patient keeps it', async () => {
    const target = link({ id: '66666666-6666-4666-8666-666666666666' });
    let links = [target];
    const calls = stubApi({
      'GET /api/share-links': () => json({ data: links }),
      [`DELETE /api/share-links/${target.id}`]: () => {
        links = [];
        return new Response(null, { status: 204 });
      },
    });
    renderPatientView(<SharePanel />);

    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Revoke this link?' })).getByRole('button', { name: 'Keep link' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'DELETE', url: `/api/share-links/${target.id}`, body: undefined });
    expect(toast.success).toHaveBeenCalledWith('Link revoked');
    expect(await screen.findByText('You have no active links.')).toBeInTheDocument();
  });

  it('says the server’s refusal of the choice beside it in the reader’s language, and keeps the choice', async () => {
    await i18next.changeLanguage('fr');
    try {
      stubApi({
        'GET /api/share-links': () => json({ data: [] }),
        'POST /api/share-links': () =>
          json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Some fields are not valid.',
                fields: { expiresInHours: 'Please choose one of the options' },
              },
            },
            400,
          ),
      });
      renderPatientView(<SharePanel />);
      await screen.findByText(i18next.t('medications:share.none'));
      const week = screen.getByRole('radio', { name: i18next.t('medications:share.expiry.h168') });
      await userEvent.click(week);
      await userEvent.click(screen.getByRole('button', { name: i18next.t('medications:share.create') }));
      expect(await screen.findByTestId('expiresInHours-error')).toHaveTextContent(i18next.t('validation:choice.invalid'));
      expect(screen.getByTestId('expiresInHours-error')).not.toHaveTextContent('Please choose one of the options');
      expect(screen.getByTestId('share-create-error')).toHaveTextContent(i18next.t('medications:share.createFailed'));
      expect(week).toBeChecked();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
