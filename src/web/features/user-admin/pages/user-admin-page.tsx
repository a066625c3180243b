import { usePersonName } from '../../../lib/person-name';
import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../contracts/roles';
import {
  USER_PAGE_SIZE,
  USER_SORTS,
  USER_STATUSES,
  type AdminUser,
  type UserSort,
  type UserStatus,
} from '../../../../contracts/user-admin';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { PageQueryStates } from '../../../components/ui/page-query-states';
import { useSession } from '../../../lib/session/use-session';
import { usersQuery } from '../api/users';
import { CreateUserDialog } from '../components/create-user-dialog';
import { SelectField } from '../components/select-field';
import { StatusDialog } from '../components/status-dialog';
import { UserDetailDialog } from '../components/user-detail-dialog';

interface Filters {
  search: string;
  role: Role | '';
  status: UserStatus | '';
  sort: UserSort;
}

/** The admin's list of accounts, with search, filters, paging and the account actions. */
export function UserAdminPage() {
  const { t } = useTranslation(['user-admin', 'shell']);
  const nameOf = usePersonName();
  const { user: me } = useSession();
  const [draft, setDraft] = useState<Filters>({ search: '', role: '', status: '', sort: 'name' });
  const [filters, setFilters] = useState<Filters>(draft);
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

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };

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

      <form
        role="search"
        aria-label={t('filters.label')}
        onSubmit={apply}
        className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
      >
        <TextField
          label={t('filters.search')}
          type="search"
          value={draft.search}
          maxLength={200}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
        />
        <SelectField
          label={t('filters.role')}
          value={draft.role}
          onChange={(e) => setDraft({ ...draft, role: e.target.value as Role | '' })}
          options={[{ value: '', label: t('filters.any') }, ...ROLES.map((r) => ({ value: r, label: t(`shell:roles.${r}`) }))]}
        />
        <SelectField
          label={t('filters.status')}
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value as UserStatus | '' })}
          options={[{ value: '', label: t('filters.any') }, ...USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        />
        <SelectField
          label={t('filters.sort')}
          value={draft.sort}
          onChange={(e) => setDraft({ ...draft, sort: e.target.value as UserSort })}
          options={USER_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
        />
        <Button type="submit">{t('filters.apply')}</Button>
      </form>

      <PageQueryStates
        query={query}
        failed={t('loadFailed')}
        retry={t('retry')}
        empty={{ icon: Users, title: t('empty.title'), body: t('empty.body') }}
      >
        {(data) => (
          <>
            <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
              <table className="w-full text-start text-sm" data-testid="users-table" aria-busy={query.isFetching}>
                <caption className="sr-only">{t('table.caption', { count: data.total })}</caption>
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
                        <td className="px-3 py-2 break-all">{user.email}</td>
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
