import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n, loadTexts } from '../../../lib/i18n';
import { AnalyticsHelpPage } from './analytics-help-page';

// The help that explains every figure of the administrator's home and of the Analytics page
// (docs/analytics), with its contents list and anchors, in the reader's language.

beforeAll(async () => {
  await initI18n('en');
  await loadTexts(['docs']);
});

function renderAt(address = '/docs/analytics') {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <AnalyticsHelpPage />
    </MemoryRouter>,
  );
}

describe('analytics help', () => {
  it('has a heading per part and a contents list whose every link leads to a heading on the page', () => {
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'How the figures are computed' })).toBeInTheDocument();
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(contents).getAllByRole('link');
    // Four parts, eight dashboard figures and five analytics charts.
    expect(links).toHaveLength(4 + 8 + 5);
    for (const link of links) {
      const address = new URL(link.getAttribute('href')!, 'http://clinic.test');
      expect(address.pathname).toBe('/docs/analytics');
      const target = document.getElementById(address.hash.slice(1));
      expect(target, link.textContent ?? '').not.toBeNull();
      expect(within(target!).getAllByRole('heading')[0]).toHaveTextContent(link.textContent!);
    }
    expect(screen.getByRole('heading', { level: 2, name: "The administrator's home" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'No-show rate, last 30 days' })).toBeInTheDocument();
  });

  it('says what the rates divide, what is left out, the time zone and the bounds, with the numbers the code uses', () => {
    renderAt();
    const noShow = document.getElementById('dashboard-noShow')!;
    expect(
      within(noShow).getByText('No-shows ÷ (completed + no-shows). With no visit due the card says “No visits due” instead of a rate.'),
    ).toBeInTheDocument();
    expect(within(noShow).getByText(/Cancelled, requested, scheduled, checked-in and in-progress appointments/)).toBeInTheDocument();
    const byDoctor = document.getElementById('analytics-byDoctor')!;
    expect(within(byDoctor).getByText(/Cancellation rate = cancelled ÷ every appointment of the doctor/)).toBeInTheDocument();
    expect(screen.getByText(/at least 5 failed sign-ins/)).toBeInTheDocument();
    expect(screen.getByText(/the last 90 days up to today; it may be at most 366 days/)).toBeInTheDocument();
    expect(screen.getByText(/up to 62 days is counted per day/)).toBeInTheDocument();
    expect(screen.getByText(/at most 5,000 rows/)).toBeInTheDocument();
    expect(screen.getByText(/in the clinic's time zone/, { selector: 'p' })).toBeInTheDocument();
  });

  it('opens on the part its address names, with focus on that heading', () => {
    renderAt('/docs/analytics#dashboard');
    expect(screen.getByRole('heading', { level: 2, name: "The administrator's home" })).toHaveFocus();
  });

  it('moves to the part a contents link names, with focus on its heading', async () => {
    renderAt();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'On this page' })).getByRole('link', { name: 'New patients' }));
    expect(screen.getByRole('heading', { level: 3, name: 'New patients' })).toHaveFocus();
  });

  it('reads in Arabic for an Arabic reader', async () => {
    await i18next.changeLanguage('ar');
    try {
      renderAt();
      expect(screen.getByRole('heading', { level: 1, name: 'كيف تُحسب الأرقام' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'في هذه الصفحة' })).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
