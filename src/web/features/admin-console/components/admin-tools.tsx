import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_CONSOLE_PATHS } from '../../../../contracts/admin-console-paths';

const LINK =
  'flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-900 shadow-sm hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-brand-500';

/** The administrator's tools: the console's own pages and the ones built before it (users, audit trail, organisation). */
const TOOLS = [
  { to: '/admin/users', key: 'users' },
  { to: ADMIN_CONSOLE_PATHS.roles, key: 'roles' },
  { to: ADMIN_CONSOLE_PATHS.security, key: 'security' },
  { to: ADMIN_CONSOLE_PATHS.sessions, key: 'sessions' },
  { to: ADMIN_CONSOLE_PATHS.systemLog, key: 'systemLog' },
  { to: ADMIN_CONSOLE_PATHS.analytics, key: 'analytics' },
  { to: ADMIN_CONSOLE_PATHS.reports, key: 'reports' },
  { to: '/admin/audit', key: 'audit' },
  { to: '/admin/organisation', key: 'organisation' },
  { to: '/admin/system-settings', key: 'systemSettings' },
] as const;

export function AdminTools() {
  const { t } = useTranslation('admin-console');
  return (
    <section aria-labelledby="admin-tools" className="flex flex-col gap-3">
      <h2 id="admin-tools" className="text-lg font-semibold">
        {t('tools.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {TOOLS.map(({ to, key }) => (
          <li key={key}>
            <Link to={to} className={LINK}>
              {t(`tools.${key}`)}
              <ArrowRight className="size-4 text-slate-500 rtl:rotate-180 dark:text-slate-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
