import { usePersonName } from '../../../lib/person-name';
import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '../../../../contracts/roles';
import {
  USER_PAGE_SIZE,
  USER_SORTS,
  USER_STATUSES,
  userFilterFormSchema,
  type AdminUser,
  type UserFilterForm,
} from '../../../../contracts/user-admin';
import { SelectInput, TextInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { PageQueryStates } from '../../../components/ui/page-query-states';
import { useSession } from '../../../lib/session/use-session';
import { usersQuery } from '../api/users';
import { CreateUserDialog } from '../components/create-user-dialog';
import { StatusDialog } from '../components/status-dialog';
import { UserDetailDialog } from '../components/user-detail-dialog';

const NO_FILTERS: UserFilterForm = { search: '', role: '', status: '', sort: 'name' };

/** The admin's list of accounts, with search, filters, paging and the account actions. */
export function UserAdminPage() {
  const { t } = useTranslation(['user-admin', 'shell']);
  const nameOf = usePersonName();
  const { user: me } = useSession();
  const form = useSchemaForm({ schema: userFilterFormSchema, defaultValues: NO_FILTERS });
  const [filters, setFilters] = useState<UserFilterForm>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [statusOf, setStatusOf] = useState<AdminUser | null>(null);
  const [detailOf, setDetailOf] = useState<AdminUser | null>(null);
  const query = useQuery(
    usersQuery({
      search: filters.search || undefined,
      role: filters.role || undefined,
      status: filters.status || undefined,
      sort: filters.sort,
      direction: filters.sort === 'createdAt' ? 'desc' : 'asc',
      page,
      pageSize: USER_PAGE_SIZE,
    }),
  );

  const apply = (next: UserFilterForm) => {
    setFilters(next);
    setPage(1);
  };

  const captionId = useId();
  const statusLabel = (user: AdminUser) =>
    !user.isActive ? t('status.inactive') : user.hasPassword ? t('status.active') : t('status.invited');

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">{t('description')}</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <UserPlus className="size-4" aria-hidden="true" />
          {t('newAccount')}
        </Button>
      </header>

      <Form
        form={form}
        onSubmit={apply}
        role="search"
        aria-label={t('filters.label')}
        className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
      >
        <TextInput name="search" label={t('filters.search')} type="search" />
        <SelectInput name="role" label={t('filters.role')}>
          <option value="">{t('filters.any')}</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`shell:roles.${r}`)}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="status" label={t('filters.status')}>
          <option value="">{t('filters.any')}</option>
          {USER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="sort" label={t('filters.sort')}>
          {USER_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`sort.${s}`)}
            </option>
          ))}
        </SelectInput>
        <SubmitButton>{t('filters.apply')}</SubmitButton>
      </Form>

      <PageQueryStates
        query={query}
        failed={t('loadFailed')}
        retry={t('retry')}
        empty={{ icon: Users, title: t('empty.title'), body: t('empty.body') }}
      >
        {(data) => (
          <>
            {/* On a narrow screen the table keeps readable columns and scrolls sideways inside this
                region (named by the caption, reachable by keyboard); the page itself never widens. */}
            <div
              role="region"
              aria-labelledby={captionId}
              tabIndex={0}
              className="overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 dark:border-slate-800"
            >
              <table className="w-full min-w-[52rem] text-start text-sm" data-testid="users-table" aria-busy={query.isFetching}>
                <caption id={captionId} className="sr-only">
                  {t('table.caption', { count: data.total })}
                </caption>
                <thead className="bg-slate-50 text-start dark:bg-slate-900">
                  <tr>
                    {(['name', 'email', 'role', 'position', 'status', 'actions'] as const).map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">
                        {t(`table.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((user) => {
                    const isSelf = user.id === me?.id;
                    return (
                      <tr key={user.id} className="border-t border-slate-200 dark:border-slate-800" data-user-email={user.email}>
                        <th scope="row" className="px-3 py-2 text-start font-medium">
                          {nameOf(user)}{' '}
                          {isSelf ? <span className="font-normal text-slate-600 dark:text-slate-400">{t('table.you')}</span> : null}
                        </th>
                        <td className="px-3 py-2 whitespace-nowrap">{user.email}</td>
                        <td className="px-3 py-2">{t(`shell:roles.${user.role}`)}</td>
                        <td className="px-3 py-2">
                          {user.position ? t(`shell:positions.${user.position}`, { defaultValue: user.position }) : (user.specialty ?? '—')}
                        </td>
                        <td className="px-3 py-2">
                          <span
                            className={`rounded-full px-2 py-0.5 text-xs ${
                              user.isActive
                                ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
                                : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
                            }`}
                          >
                            {statusLabel(user)}
                          </span>
                        </td>
                        <td className="px-3 py-2">
                          <div className="flex flex-wrap gap-2">
                            <Button
                              variant="secondary"
                              className="!min-h-8 !px-2 !py-1"
                              aria-label={t('table.manageUser', { name: nameOf(user) })}
                              onClick={() => setDetailOf(user)}
                            >
                              {t('table.manage')}
                            </Button>
                            {isSelf ? null : (
                              <Button
                                variant="ghost"
                                className="!min-h-8 !px-2 !py-1"
                                aria-label={t(user.isActive ? 'table.deactivateUser' : 'table.reactivateUser', { name: nameOf(user) })}
                                onClick={() => setStatusOf(user)}
                              >
                                {t(user.isActive ? 'table.deactivate' : 'table.reactivate')}
                              </Button>
                            )}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              total={data.total}
              pageSize={USER_PAGE_SIZE}
              busy={query.isFetching}
              label={t('pagination.label')}
              onPage={setPage}
            />
          </>
        )}
      </PageQueryStates>

      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <StatusDialog user={statusOf} onClose={() => setStatusOf(null)} />
      <UserDetailDialog user={detailOf} currentUserId={me?.id ?? ''} onClose={() => setDetailOf(null)} />
    </div>
  );
}
