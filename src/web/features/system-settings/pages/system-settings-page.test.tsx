import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLINIC_HOURS, type SystemSettings } from '../../../../contracts/system-settings';
import { clearFormBackups } from '../../../lib/forms/form-backup';
import { i18next } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { setUpComponentTests } from '../../../test/component-tests';
import { SystemSettingsPage } from './system-settings-page';

// The system settings page: each field with its bounds and the value in force, the contract's
// rules in the reader's language before anything is sent, the body the server gets, and a save
// refused because another admin saved first answered with a message and the stored values.

setUpComponentTests();

const URL = '/api/admin/system-settings';

function settings(overrides: Partial<SystemSettings> = {}): SystemSettings {
  return {
    version: 1,
    updatedAt: null,
    sessionTimeoutMinutes: { saved: null, effective: 30, source: 'default' },
    passwordMinLength: { saved: null, effective: 6, source: 'default' },
    mfaRequired: { patient: false, doctor: false, staff: false, admin: false },
    reminderHoursBefore: { saved: null, effective: [48, 2], source: 'configuration' },
    mailFromName: { saved: null, effective: 'Caredeck Clinic', source: 'configuration' },
    mailFromAddress: { saved: null, effective: 'support@caredeck.local', source: 'configuration' },
    clinicTimeZone: { saved: null, effective: 'Europe/Lisbon', source: 'configuration' },
    clinicHours: { saved: null, effective: DEFAULT_CLINIC_HOURS, source: 'default' },
    bookingApproval: { saved: null, effective: 'new-patients', source: 'default' },
    ...overrides,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server as the page meets it: GET answers `stored()`, PUT answers `onSave(body)`. */
function stubServer(stored: () => SystemSettings, onSave: (body: unknown) => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 'token' });
      if (url === URL && init?.method === 'PUT') {
        const body: unknown = JSON.parse(String(init.body));
        bodies.push(body);
        return onSave(body);
      }
      if (url === URL) return json({ data: stored() });
      return json({}, 404);
    }),
  );
  return bodies;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SystemSettingsPage />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const tr = (key: string, values?: Record<string, unknown>) => i18next.t(key, values);

afterEach(async () => {
  clearFormBackups();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('system settings page', () => {
  it('shows each field’s bounds and the value in force, and says in Spanish what the rules refuse, sending nothing', async () => {
    await i18next.changeLanguage('es');
    const bodies = stubServer(settings, () => json({}, 500));
    const user = renderPage();
    const timeout = await screen.findByLabelText(tr('system-settings:sessionTimeout.label'));
    expect(screen.getByText(tr('system-settings:sessionTimeout.hint', { min: 5, max: 60 }), { exact: false })).toBeInTheDocument();
    expect(
      screen.getByText(
        tr('system-settings:inForce', {
          value: tr('system-settings:minutes', { value: 30 }),
          source: tr('system-settings:source.default'),
        }),
        { exact: false },
      ),
    ).toBeInTheDocument();

    await user.type(timeout, '61');
    await user.type(screen.getByLabelText(tr('system-settings:passwordMinLength.label')), '8');
    await user.type(screen.getByLabelText(tr('system-settings:reminders.label')), '24, 24');
    await user.click(screen.getByRole('button', { name: tr('system-settings:save') }));

    expect(await screen.findByTestId('sessionTimeoutMinutes-error')).toHaveTextContent(tr('validation:sessionTimeout.range'));
    expect(screen.getByTestId('passwordMinLength-error')).toHaveTextContent(tr('validation:passwordMinLength.range'));
    expect(screen.getByTestId('reminderHoursBefore-error')).toHaveTextContent(tr('validation:reminders.duplicate'));
    expect(screen.getByTestId('sessionTimeoutMinutes-error')).not.toHaveTextContent('Please enter');
    expect(timeout).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('sends the contract’s body: numbers, the reminder times largest first, empty fields unset', async () => {
    const bodies = stubServer(settings, () => json({ data: settings({ version: 2 }) }));
    const user = renderPage();
    await user.type(await screen.findByLabelText(tr('system-settings:sessionTimeout.label')), '15');
    await user.type(screen.getByLabelText(tr('system-settings:reminders.label')), '2, 24');
    await user.click(screen.getByLabelText(tr('system-settings:mfa.roles.doctor')));
    // The rule in force (the default) is the one chosen; another is a click away.
    expect(screen.getByLabelText(tr('system-settings:bookingApproval.options.new-patients'))).toBeChecked();
    await user.click(screen.getByLabelText(tr('system-settings:bookingApproval.options.all')));
    await user.click(screen.getByRole('button', { name: tr('system-settings:save') }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      version: 1,
      sessionTimeoutMinutes: 15,
      passwordMinLength: null,
      mfaRequired: { patient: false, doctor: true, staff: false, admin: false },
      reminderHoursBefore: [24, 2],
      mailFromName: null,
      mailFromAddress: null,
      // Neither touched: left to the configuration and the built-in hours, not pinned by this save.
      clinicTimeZone: null,
      clinicHours: null,
      bookingApproval: 'all',
    });
  });

  it('edits the clinic’s zone and a weekday’s hours, refusing an unknown zone and a day closing before it opens', async () => {
    const bodies = stubServer(settings, () => json({ data: settings({ version: 2 }) }));
    const user = renderPage();
    const zone = await screen.findByLabelText(tr('system-settings:clinicTimeZone.label'));
    expect(screen.getByTestId('clinic-zone-note')).toHaveTextContent(tr('system-settings:clinicTimeZone.note'));
    expect(
      screen.getByText(tr('system-settings:inForce', { value: 'Europe/Lisbon', source: tr('system-settings:source.configuration') }), {
        exact: false,
      }),
    ).toBeInTheDocument();
    // Sunday is closed by default; Saturday opens at 09:00.
    expect(screen.getByLabelText(/Sunday: Closed/)).toBeChecked();
    expect(screen.getByLabelText('Opens on Saturday')).toHaveValue('09:00');

    await user.type(zone, 'Mars/Olympus');
    const opens = screen.getByLabelText('Opens on Monday');
    await user.clear(opens);
    await user.type(opens, '19:00');
    await user.click(screen.getByRole('button', { name: tr('system-settings:save') }));
    expect(await screen.findByTestId('clinicTimeZone-error')).toHaveTextContent(tr('validation:timeZone.unknown'));
    expect(screen.getByTestId('clinicHours.1.close-error')).toHaveTextContent(tr('validation:clinicHours.order'));
    expect(bodies).toEqual([]);

    await user.clear(zone);
    await user.type(zone, 'Asia/Tokyo');
    await user.clear(opens);
    await user.type(opens, '07:30');
    await user.click(screen.getByLabelText(/Saturday: Closed/));
    expect(screen.queryByLabelText('Opens on Saturday')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: tr('system-settings:save') }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    const expected = [...DEFAULT_CLINIC_HOURS];
    expected[1] = { open: '07:30', close: '18:00' };
    expected[6] = null;
    expect(bodies[0]).toMatchObject({ clinicTimeZone: 'Asia/Tokyo', clinicHours: expected });
  });

  it('answers a save another admin overtook with a message and the stored values', async () => {
    let stored = settings();
    stubServer(
      () => stored,
      () => {
        // Another admin saved 20 minutes while this one was typing.
        stored = settings({ version: 2, sessionTimeoutMinutes: { saved: 20, effective: 20, source: 'saved' } });
        return json({ error: { code: 'SETTINGS_VERSION_CONFLICT', message: 'Another administrator changed the system settings.' } }, 409);
      },
    );
    const user = renderPage();
    await user.type(await screen.findByLabelText(tr('system-settings:sessionTimeout.label')), '45');
    await user.click(screen.getByRole('button', { name: tr('system-settings:save') }));
    expect(await screen.findByText(tr('system-settings:conflict'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(tr('system-settings:sessionTimeout.label'))).toHaveValue('20'));
  });
});
