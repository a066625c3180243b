import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../contracts/roles';
import { viewReach } from '../lib/view-reach';

/**
 * "View as": the effective permissions and the views the user would reach
 * with the pending changes, next to what they reach now, before anything is saved.
 */
export function ViewAsPanel({
  name,
  role,
  savedRole,
  effective,
  savedEffective,
}: {
  name: string;
  role: Role;
  savedRole: Role;
  effective: ReadonlySet<string>;
  savedEffective: ReadonlySet<string>;
}) {
  const { t } = useTranslation(['user-admin', 'shell']);
  const before = new Map(viewReach(savedRole, savedEffective).map((r) => [r.view, r.reachable]));
  const after = viewReach(role, effective);
  const sorted = [...effective].sort();

  return (
    <section aria-labelledby="view-as-title" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="view-as">
      <h3 id="view-as-title" className="font-semibold">
        {t('viewAs.title', { name })}
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('viewAs.description')}</p>
      <h4 className="mt-3 text-sm font-medium">
        {role === 'staff' ? t('viewAs.effective', { count: sorted.length }) : t('viewAs.all', { role: t(`shell:roles.${role}`) })}
      </h4>
      {role === 'staff' ? (
        sorted.length === 0 ? (
          <p className="mt-1 text-sm text-amber-800 dark:text-amber-300">{t('viewAs.none')}</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-1" data-testid="view-as-permissions">
            {sorted.map((permission) => (
              <li key={permission} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs dark:bg-slate-800">
                {permission}
              </li>
            ))}
          </ul>
        )
      ) : null}
      <h4 className="mt-3 text-sm font-medium">{t('viewAs.views')}</h4>
      <ul className="mt-1 grid gap-1 sm:grid-cols-2" data-testid="view-as-views">
        {after.map(({ view, reachable, requires }) => {
          const was = before.get(view);
          const change = was === undefined || was === reachable ? null : reachable ? t('viewAs.gained') : t('viewAs.lost');
          return (
            <li key={view} className="flex items-start gap-2 text-sm" data-view={view} data-reachable={reachable}>
              {reachable ? (
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
              ) : (
                <X className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
              )}
              <span>
                <span className="font-medium">{t(`shell:views.${view}`)}</span>{' '}
                <span className="sr-only">{reachable ? t('viewAs.reachable') : t('viewAs.denied')}</span>
                {change ? (
                  <span className="ms-1 rounded bg-amber-100 px-1 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                    {change}
                  </span>
                ) : null}
                {!reachable && requires ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {t('viewAs.requires', { permissions: requires.join(', ') })}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
