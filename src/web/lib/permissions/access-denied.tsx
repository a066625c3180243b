import { ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { portalPath } from '../session/role-navigation';
import { useSession } from '../session/use-session';
import type { DenialReason } from './access-decision';

// The access-denied screen: one screen for every refusal of the guard, saying why,
// what would open the page, and how to get back. Also usable on its own (no reason: "Access Denied").

export type AccessProblem = DenialReason | 'loading_error';

interface Props {
  reason?: AccessProblem;
  /** The permissions the page asks for, shown for missing_permissions so the user knows what to ask for. */
  required?: readonly string[];
  requireAll?: boolean;
  /** Shown for loading_error: fetch the permissions again. */
  onRetry?: () => void;
}

export function AccessDenied({ reason, required = [], requireAll = false, onRetry }: Props) {
  const { t } = useTranslation('access');
  const { user } = useSession();
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const key = reason ?? 'denied';

  // The page changed under the user's eyes: move focus to the explanation so a screen reader reads it.
  useEffect(() => heading.current?.focus(), [key]);

  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center"
      aria-labelledby="access-denied-title"
      data-testid="access-denied"
      data-reason={key}
    >
      <ShieldAlert className="size-12 text-amber-700 dark:text-amber-400" aria-hidden="true" />
      <h1 id="access-denied-title" ref={heading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
        {t(`titles.${key}`)}
      </h1>
      <p className="text-slate-700 dark:text-slate-300">{t(`descriptions.${key}`)}</p>
      {key === 'missing_permissions' && required.length > 0 ? (
        <div className="text-sm text-slate-700 dark:text-slate-300">
          <p>{requireAll ? t('requiredAllOf') : t('requiredAnyOf')}</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {required.map((permission) => (
              <li key={permission}>
                <code className="rounded bg-slate-100 px-2 py-1 text-slate-900 dark:bg-slate-800 dark:text-slate-100">{permission}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        {key === 'loading_error' && onRetry ? <Button onClick={onRetry}>{t('retry')}</Button> : null}
        {key === 'not_authenticated' || !user ? (
          <Link to={`/login?next=${next}`} className={buttonClasses('primary')}>
            {t('signIn')}
          </Link>
        ) : (
          <Link to={portalPath(user.role)} className={buttonClasses(key === 'loading_error' ? 'secondary' : 'primary')}>
            {t('backToPortal')}
          </Link>
        )}
      </div>
    </section>
  );
}
