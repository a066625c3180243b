import { ArrowRight, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathForView } from '../../../../contracts/views';
import { NAVIGATION, PORTAL_VIEWS } from '../../../lib/session/role-navigation';
import { roleLabel } from '../../../lib/session/role-label';
import { useSession } from '../../../lib/session/use-session';

/**
 * The home of each role portal until each role has its own dashboard: only real facts of
 * the signed-in account (name, role or position, two-step sign-in) and the role's views. No figures
 * are made up.
 */
export function PortalHomePage() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  if (!user) return null;
  const views = NAVIGATION[user.role].filter((view) => !PORTAL_VIEWS.has(view));

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight" data-testid="portal-welcome">
          {t('portal.welcome', { firstName: user.firstName })}
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('portal.signedInAs', { role: roleLabel(t, user) })}</p>
      </header>

      <section
        aria-labelledby="security-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="security-title" className="text-lg font-semibold">
          {t('portal.security.title')}
        </h2>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm" data-testid="portal-mfa-status">
            {user.mfaEnabled ? (
              <ShieldCheck className="size-5 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
            ) : (
              <ShieldAlert className="size-5 text-amber-700 dark:text-amber-400" aria-hidden="true" />
            )}
            <span className="text-slate-800 dark:text-slate-200">
              {user.mfaEnabled ? t('portal.security.mfaOn') : t('portal.security.mfaOff')}
            </span>
          </p>
          <Link
            to={pathForView('profile-settings')}
            className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-100"
          >
            {user.mfaEnabled ? t('portal.security.manage') : t('portal.security.turnOn')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="views-title">
        <h2 id="views-title" className="text-lg font-semibold">
          {t('portal.views')}
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {views.map((view) => (
            <li key={view}>
              <Link
                to={pathForView(view)}
                className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-900 shadow-sm hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-brand-500"
              >
                {t(`views.${view}`)}
                <ArrowRight className="size-4 text-slate-500 rtl:rotate-180 dark:text-slate-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
          {user.role === 'admin' ? (
            <li>
              <Link
                to="/admin/users"
                className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-900 shadow-sm hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-brand-500"
              >
                {t('nav.users')}
                <ArrowRight className="size-4 text-slate-500 rtl:rotate-180 dark:text-slate-400" aria-hidden="true" />
              </Link>
            </li>
          ) : null}
        </ul>
      </section>
    </div>
  );
}
