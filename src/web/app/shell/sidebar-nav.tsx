import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ADMIN_CONSOLE_PATHS } from '../../../contracts/admin-console-paths';
import type { SessionUser } from '../../../contracts/user';
import { pathForView } from '../../../contracts/views';
import { useCanReachView } from '../../lib/permissions/view-guard';
import { NAVIGATION } from '../../lib/session/role-navigation';
import { lazyView } from '../../lib/lazy-view';
import { usePublicConfig } from '../../lib/use-public-config';

// The count asks the tasks route through its contract, and zod with it: it loads after the frame's
// first paint, like the notification bell.
const OpenTaskCount = lazyView(() => import('../../features/tasks/components/open-task-count').then((m) => m.OpenTaskCount), ['shell']);
const UnreadMessageCount = lazyView(
  () => import('../../features/messages/components/unread-message-count').then((m) => m.UnreadMessageCount),
  ['shell'],
);

export const OUTBOX_PATH = '/outbox';
export const USER_ADMIN_PATH = '/admin/users';
export const AUDIT_PATH = '/admin/audit';
export const ORGANISATION_PATH = '/admin/organisation';
export const SYSTEM_SETTINGS_PATH = '/admin/system-settings';
export const LEAVE_APPROVALS_PATH = '/admin/leave';
export const ACCESS_LOG_PATH = '/privacy/access-log';

/** The admin console's pages in the administrator's sidebar, after users and before the audit trail. */
export const ADMIN_CONSOLE_LINKS = [
  { path: ADMIN_CONSOLE_PATHS.analytics, key: 'nav.analytics' },
  { path: ADMIN_CONSOLE_PATHS.reports, key: 'nav.reports' },
  { path: ADMIN_CONSOLE_PATHS.roles, key: 'nav.roles' },
  { path: ADMIN_CONSOLE_PATHS.security, key: 'nav.security' },
  { path: ADMIN_CONSOLE_PATHS.sessions, key: 'nav.sessions' },
  { path: ADMIN_CONSOLE_PATHS.systemLog, key: 'nav.systemLog' },
] as const;
export const MY_PATIENTS_PATH = '/patients';

function linkClasses({ isActive }: { isActive: boolean }): string {
  return `block rounded-lg px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-brand-50 text-brand-900 dark:bg-brand-900/50 dark:text-brand-100'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
  }`;
}

/** The views of the user's role; on small screens behind the menu toggle, closed by a followed link. */
export function SidebarNav({ user, open, onNavigate }: { user: SessionUser; open: boolean; onNavigate(): void }) {
  const { t } = useTranslation('shell');
  const config = usePublicConfig();
  // A view the user's permissions do not open is not offered.
  const canReach = useCanReachView();
  const views = NAVIGATION[user.role].filter(canReach);

  return (
    <nav
      id="signed-in-navigation"
      aria-label={t('nav.label')}
      className={`${open ? 'block' : 'hidden'} fixed inset-x-0 top-[57px] bottom-0 z-30 overflow-y-auto border-e border-slate-200 bg-white p-3 lg:static lg:block lg:w-60 lg:shrink-0 dark:border-slate-800 dark:bg-slate-950`}
      data-testid="sidebar"
    >
      <ul className="flex flex-col gap-1">
        {views.map((view) => (
          <li key={view}>
            <NavLink to={pathForView(view)} className={linkClasses} end onClick={onNavigate}>
              {view === 'tasks' || view === 'messages' ? (
                <span className="flex items-center justify-between gap-2">
                  {t(`views.${view}`)}
                  <Suspense fallback={null}>{view === 'tasks' ? <OpenTaskCount /> : <UnreadMessageCount />}</Suspense>
                </span>
              ) : (
                t(`views.${view}`)
              )}
            </NavLink>
          </li>
        ))}
        {user.role === 'admin' ? (
          <li>
            <NavLink to={USER_ADMIN_PATH} className={linkClasses} end onClick={onNavigate}>
              {t('nav.users')}
            </NavLink>
          </li>
        ) : null}
        {user.role === 'admin' ? (
          <>
            {ADMIN_CONSOLE_LINKS.map(({ path, key }) => (
              <li key={path}>
                <NavLink to={path} className={linkClasses} end onClick={onNavigate}>
                  {t(key)}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to={AUDIT_PATH} className={linkClasses} end onClick={onNavigate}>
                {t('nav.audit')}
              </NavLink>
            </li>
            <li>
              <NavLink to={ORGANISATION_PATH} className={linkClasses} end onClick={onNavigate}>
                {t('nav.organisation')}
              </NavLink>
            </li>
            <li>
              <NavLink to={SYSTEM_SETTINGS_PATH} className={linkClasses} end onClick={onNavigate}>
                {t('nav.systemSettings')}
              </NavLink>
            </li>
            <li>
              <NavLink to={LEAVE_APPROVALS_PATH} className={linkClasses} end onClick={onNavigate}>
                {t('nav.leaveApprovals')}
              </NavLink>
            </li>
          </>
        ) : null}
        {user.role === 'doctor' ? (
          <li>
            <NavLink to={MY_PATIENTS_PATH} className={linkClasses} end onClick={onNavigate}>
              {t('nav.myPatients')}
            </NavLink>
          </li>
        ) : null}
        {user.role === 'patient' ? (
          <li>
            <NavLink to={ACCESS_LOG_PATH} className={linkClasses} end onClick={onNavigate}>
              {t('nav.accessLog')}
            </NavLink>
          </li>
        ) : null}
        {user.role === 'admin' && config.data?.demoMode ? (
          <li>
            <NavLink to={OUTBOX_PATH} className={linkClasses} end onClick={onNavigate}>
              {t('nav.outbox')}
            </NavLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
