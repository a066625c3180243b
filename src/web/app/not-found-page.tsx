import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { portalPath } from '../lib/session/role-navigation';
import { useSession } from '../lib/session/use-session';

/**
 * An address that is no page of the app (a mistyped or outdated link): says so, and leads home —
 * the portal for someone signed in, the landing page for anyone else. A view that exists but is
 * not built yet shows the coming-soon page instead.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center" aria-labelledby="not-found-title">
      <SearchX className="size-12 text-brand-700 dark:text-brand-500" aria-hidden="true" />
      <h1 id="not-found-title" className="text-2xl font-semibold">
        {t('notFound.title')}
      </h1>
      <p className="text-slate-700 dark:text-slate-300">{t('notFound.body')}</p>
      <Link to={user ? portalPath(user.role) : '/'} className={buttonClasses('primary')} data-testid="not-found-home">
        {t('goHome')}
      </Link>
    </section>
  );
}
