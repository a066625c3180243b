import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n';
import { setUpComponentTests } from '../../test/component-tests';
import { pageTitleKey, usePageTitleAndFocus } from './page-title';

// Signed-in pages name themselves in the tab, in the person's language, and a move to another page
// puts focus on that page's heading, also when the page's code arrives after the move.

setUpComponentTests();

function Frame() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  usePageTitleAndFocus(main);
  return (
    <>
      <nav>
        <Link to="/dashboard">to dashboard</Link>
        <Link to="/vitals">to vitals</Link>
        <Link to="/admin/audit">to audit</Link>
      </nav>
      <main ref={main}>
        {/* Keyed by page, as in the signed-in frame: a new page shows its own loading state. */}
        <Suspense key={pathname} fallback={<p>loading</p>}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}

let release: () => void = () => {};
const LatePage = lazy(
  () =>
    new Promise<{ default: () => ReactNode }>((resolve) => {
      release = () => resolve({ default: () => <h1>Audit heading</h1> });
    }),
);

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: 'dashboard', element: <h1>Dashboard heading</h1> },
          { path: 'vitals', element: <h1>Vitals heading</h1> },
          { path: 'admin/audit', element: <LatePage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe('page titles and focus on navigation', () => {
  it('names each page in the tab and moves focus to the new page heading', async () => {
    renderApp('/dashboard');
    expect(document.title).toBe('Dashboard · Caredeck');
    // The first page of a visit leaves focus where the browser put it.
    expect(screen.getByRole('heading', { name: 'Dashboard heading' })).not.toHaveFocus();

    await userEvent.click(screen.getByRole('link', { name: 'to vitals' }));
    expect(document.title).toBe('Vital Signs · Caredeck');
    expect(screen.getByRole('heading', { level: 1, name: 'Vitals heading' })).toHaveFocus();
  });

  it('focuses the heading of a page whose code arrives after the move', async () => {
    renderApp('/vitals');
    await userEvent.click(screen.getByRole('link', { name: 'to audit' }));
    expect(document.title).toBe('Audit trail · Caredeck');
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit heading' })).toHaveFocus();
  });

  it('words the title in the current language', async () => {
    renderApp('/vitals');
    await act(async () => {
      await i18next.changeLanguage('de');
    });
    expect(document.title).toBe('Vitalwerte · Caredeck');
    await act(async () => {
      await i18next.changeLanguage('en');
    });
  });

  it('names the pages outside the view table, and anything else as not found', () => {
    expect(pageTitleKey('/privacy/access-log')).toBe('nav.accessLog');
    expect(pageTitleKey('/admin/system-settings')).toBe('nav.systemSettings');
    expect(pageTitleKey('/admin/leave')).toBe('nav.leaveApprovals');
    expect(pageTitleKey('/doctors/3f0c9a52-1111-4222-8333-944445555666')).toBe('views.doctors');
    expect(pageTitleKey('/clinical-notes/3f0c9a52-1111-4222-8333-944445555666')).toBe('views.clinical-notes');
    expect(pageTitleKey('/vitals/')).toBe('views.vitals');
    // The router answers any other address with the not-found page, so the tab says so too.
    expect(pageTitleKey('/no-such-page')).toBe('common:notFound.title');
    expect(pageTitleKey('/admin')).toBe('common:notFound.title');
  });
});
