import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { viewForPath } from '../../../contracts/views';
import {
  ACCESS_LOG_PATH,
  ADMIN_CONSOLE_LINKS,
  AUDIT_PATH,
  MY_PATIENTS_PATH,
  LEAVE_APPROVALS_PATH,
  ORGANISATION_PATH,
  OUTBOX_PATH,
  SYSTEM_SETTINGS_PATH,
  USER_ADMIN_PATH,
} from './sidebar-nav';

// A signed-in page names itself in the browser's tab and history ("Vital Signs · Caredeck"), and a
// move to another page inside the app puts the keyboard and screen reader focus on the new page's
// heading, as a full page load would put them at its top: without it, focus stays on the link that
// was followed (or is lost with it) and nothing tells a screen reader the page changed.

/** Signed-in pages that are not views of the view table, with the shell text that names them. */
const OTHER_PAGES: Record<string, string> = {
  [USER_ADMIN_PATH]: 'nav.users',
  [AUDIT_PATH]: 'nav.audit',
  [ORGANISATION_PATH]: 'nav.organisation',
  [SYSTEM_SETTINGS_PATH]: 'nav.systemSettings',
  [LEAVE_APPROVALS_PATH]: 'nav.leaveApprovals',
  [ACCESS_LOG_PATH]: 'nav.accessLog',
  [OUTBOX_PATH]: 'nav.outbox',
  [MY_PATIENTS_PATH]: 'nav.myPatients',
  '/appointments/book': 'pages.bookAppointment',
  ...Object.fromEntries(ADMIN_CONSOLE_LINKS.map(({ path, key }) => [path, key])),
};

/**
 * The shell text (key) naming the page at `pathname`. A view still to come is a view of the table
 * (named above); any other path is answered by the not-found page, and named like it.
 */
export function pageTitleKey(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const view = viewForPath(trimmed);
  if (view) return `views.${view}`;
  const other = OTHER_PAGES[trimmed];
  if (other) return other;
  // A doctor's own page (/doctors/:id) belongs to the directory.
  if (trimmed.startsWith('/doctors/')) return 'views.doctors';
  // One clinical note (/clinical-notes/:id) belongs to the notes view.
  if (/^\/clinical-notes\/[0-9a-f-]{36}$/i.test(trimmed)) return 'views.clinical-notes';
  // A patient's chart (/patient/:id); the older /patient/<feature> paths are views and matched above.
  if (/^\/patient\/[0-9a-f-]{36}$/i.test(trimmed)) return 'pages.patientChart';
  return 'common:notFound.title';
}

/**
 * Keeps document.title on the current page's name (in the current language), and after a move to
 * another page focuses that page's first h1 once it is drawn (its code may still be loading).
 * The first page of a visit keeps the browser's own focus.
 */
export function usePageTitleAndFocus(main: RefObject<HTMLElement | null>): void {
  const { t } = useTranslation(['shell', 'common']);
  const { pathname } = useLocation();
  const title = t('pages.documentTitle', { page: t(pageTitleKey(pathname)), app: t('common:appName') });

  useEffect(() => {
    document.title = title;
  }, [title]);

  const previous = useRef<string | null>(null);
  useEffect(() => {
    const first = previous.current === null;
    const same = previous.current === pathname;
    previous.current = pathname;
    const container = main.current;
    if (first || same || !container) return;
    const focusHeading = (): boolean => {
      const heading = container.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.classList.add('focus:outline-none');
      // An address naming a section (/profile-settings#preferences) scrolls to that section: the
      // heading takes focus without pulling the page back to its top.
      heading.focus({ preventScroll: window.location.hash !== '' });
      return true;
    };
    if (focusHeading()) return;
    // The page's code or texts are still loading: focus its heading as soon as it appears.
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, main]);
}
