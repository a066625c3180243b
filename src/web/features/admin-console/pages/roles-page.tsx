import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RoleOverview } from '../../../../contracts/admin-console';
import { categoryOf, PERMISSION_CATEGORIES, type Permission } from '../../../../contracts/permission-catalogue';
import { PageSection } from '../../../components/ui/page-section';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { rolesQuery } from '../api/admin-console';

const USERS_PATH = '/admin/users';

/** Permission codes grouped by their category, in the catalogue's order. */
function PermissionList({ permissions, testId }: { permissions: readonly Permission[]; testId: string }) {
  const { t } = useTranslation('admin-console');
  const held = new Set(permissions);
  const categories = PERMISSION_CATEGORIES.filter((category) => permissions.some((permission) => categoryOf(permission) === category));
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-2" data-testid={testId}>
      {categories.map((category) => (
        <div key={category}>
          <dt className="font-semibold">{t(`roles.categories.${category}`)}</dt>
          <dd className="flex flex-wrap gap-1">
            {[...held]
              .filter((permission) => categoryOf(permission) === category)
              .map((permission) => (
                <code key={permission} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
                  {permission}
                </code>
              ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Roles({ overview }: { overview: RoleOverview }) {
  const { t, i18n } = useTranslation(['admin-console', 'shell']);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <PageSection title={t('roles.byRole')} testId="section-roles">
        <ul className="flex flex-col gap-3">
          {overview.roles.map((role) => (
            <li
              key={role.role}
              className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              data-testid={`role-${role.role}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-semibold">{t(`shell:roles.${role.role}`)}</h3>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {t('roles.users', { active: number.format(role.activeUsers), inactive: number.format(role.inactiveUsers) })}
                </p>
              </div>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(`roles.about.${role.role}`)}</p>
              {role.defaultPermissions.length > 0 ? (
                <div className="mt-3">
                  <PermissionList permissions={role.defaultPermissions} testId={`role-${role.role}-permissions`} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection title={t('roles.positions')} testId="section-positions">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('roles.positionsAbout')}</p>
        <ul className="grid gap-3 lg:grid-cols-2">
          {overview.positions.map((position) => (
            <li
              key={position.position}
              className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              data-testid={`position-${position.position}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold">{t(`shell:positions.${position.position}`)}</h3>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {t('roles.staffCount', { users: number.format(position.users) })}
                </p>
              </div>
              <div className="mt-2">
                <PermissionList permissions={position.permissions} testId={`position-${position.position}-permissions`} />
              </div>
            </li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}

/** Each role's default permissions from the catalogue, its users, and how a staff member's permissions come about. */
export function RolesPage() {
  const { t } = useTranslation('admin-console');
  const query = useQuery(rolesQuery());
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('roles.title')}</h1>
          <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">{t('roles.description')}</p>
        </div>
        <Link
          to={USERS_PATH}
          className="flex items-center gap-2 font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
          data-testid="roles-view-as"
        >
          {t('roles.viewAs')}
          <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
        </Link>
      </header>
      {query.isError ? (
        <QueryError message={errorText(t, query.error, t('roles.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <InlineLoading />
      ) : (
        <Roles overview={query.data} />
      )}
    </div>
  );
}
