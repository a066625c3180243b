import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../contracts/public-config';
import type { PublicStats } from '../../contracts/public-stats';
import type { SessionUser } from '../../contracts/user';
import { createQueryClient } from '../lib/query-client';
import { sessionUser } from '../lib/session/testing';
import { setUpComponentTests } from '../test/component-tests';
import { LandingApp } from './landing-app';

// The light landing entry: the landing page without the router, which hands every navigation away
// from / to the app (openApp) and keeps in-page anchors to itself.

setUpComponentTests();

const CONFIG: PublicConfig = {
  organisationName: 'Caredeck Test Clinic',
  supportEmail: 'help@example.org',
  demoMode: false,
  phone: null,
  address: null,
  logoUrl: null,
  clinics: [],
};

const STATS: PublicStats = {
  activeUsers: 12,
  appointmentsToday: 3,
  diagnosesRecorded: 40,
  satisfaction: null,
  clinics: [],
  generatedAt: '2026-01-01T00:00:00.000Z',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function serve(user: SessionUser | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/auth/session')) {
        return json(
          user ? { user, session: { expiresAt: '2026-01-01T01:00:00.000Z' } } : { user: null, session: null, error: 'No server session' },
        );
      }
      if (url.startsWith('/api/public/config')) return json(CONFIG);
      if (url.startsWith('/api/public/stats')) return json(STATS);
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
}

function renderLanding() {
  const openApp = vi.fn(async (_to?: string) => {});
  render(<LandingApp queryClient={createQueryClient()} openApp={openApp} />);
  return openApp;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('LandingApp', () => {
  it('shows the landing page and opens the app at sign-in from Get Started', async () => {
    serve(null);
    const openApp = renderLanding();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('get-started')).toHaveAttribute('href', '/login'));
    fireEvent.click(screen.getByTestId('get-started'));
    expect(openApp).toHaveBeenCalledWith('/login');
  });

  it("sends a signed-in visitor's Get Started to their portal", async () => {
    serve(sessionUser({ role: 'patient' }));
    renderLanding();
    await waitFor(() => expect(screen.getByTestId('get-started')).toHaveAttribute('href', '/dashboard'));
  });

  it('keeps an anchor of the landing page in place, without the app', async () => {
    serve(null);
    // jsdom does not scroll; the section is asked to come into view.
    const scrolled = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled(this.id);
      },
    });
    const openApp = renderLanding();
    fireEvent.click(await screen.findByRole('link', { name: 'Services' }));
    expect(window.location.pathname).toBe('/');
    expect(window.location.hash).toBe('#services');
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith('services'));
    expect(openApp).not.toHaveBeenCalled();
  });

  it('lets the app take over when the browser goes back to another page', async () => {
    serve(null);
    const openApp = renderLanding();
    await screen.findByRole('heading', { level: 1 });
    window.history.pushState(null, '', '/faq');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(openApp).toHaveBeenCalledWith();
  });
});
