import { useQuery } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SESSIONS_PAGE_SIZE, sessionSearchFormSchema, type AccountRef, type SessionSearchForm } from '../../../../contracts/admin-console';
import { TextInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { PageQueryStates } from '../../../components/ui/page-query-states';
import { Pager } from '../../../components/ui/pager';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { useSession } from '../../../lib/session/use-session';
import { sessionsQuery, useEndSessions } from '../api/admin-console';

/** Confirms ending every session of one person: their open pages are signed out at once. */
function EndSessionsDialog({ account, onClose }: { account: AccountRef | null; onClose(): void }) {
  const { t } = useTranslation('admin-console');
  const nameOf = usePersonName();
  const mutation = useEndSessions();
  if (!account) return null;
  const name = nameOf(account);
  const confirm = async () => {
    try {
      const { ended } = await mutation.mutateAsync(account.id);
      toast.success(t(ended > 0 ? 'sessions.ended' : 'sessions.noneToEnd', { name }));
      mutation.reset();
      onClose();
    } catch {
      // Shown in the dialog below.
    }
  };
  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      title={t('sessions.confirmTitle', { name })}
      description={t('sessions.confirmBody', { name })}
      testId="end-sessions-dialog"
    >
      {mutation.error ? <FormAlert>{errorText(t, mutation.error, t('sessions.endFailed'))}</FormAlert> : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
          {t('sessions.cancel')}
        </Button>
        <Button
          onClick={() => void confirm()}
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
          className="!bg-red-700 hover:!bg-red-800"
        >
          {mutation.isPending ? t('sessions.ending') : t('sessions.end')}
        </Button>
      </div>
    </Dialog>
  );
}

/** Everyone signed in now, and a way to end all of one person's sessions. */
export function SessionsPage() {
  const { t, i18n } = useTranslation('admin-console');
  const nameOf = usePersonName();
  const { user: me } = useSession();
  const form = useSchemaForm({ schema: sessionSearchFormSchema, defaultValues: { search: '' } });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [ending, setEnding] = useState<AccountRef | null>(null);
  const query = useQuery(sessionsQuery({ search, page, pageSize: SESSIONS_PAGE_SIZE }));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const apply = (values: SessionSearchForm) => {
    setSearch(values.search);
    setPage(1);
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold">{t('sessions.title')}</h1>
        <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">{t('sessions.description')}</p>
      </header>
      <Form form={form} onSubmit={apply} role="search" aria-label={t('sessions.searchLabel')} className="flex flex-wrap items-end gap-3">
        <TextInput name="search" label={t('sessions.search')} description={t('sessions.searchHint')} maxLength={200} />
        <SubmitButton>{t('sessions.apply')}</SubmitButton>
      </Form>
      <PageQueryStates
        query={query}
        failed={t('sessions.loadFailed')}
        retry={t('sessions.retry')}
        empty={{ icon: MonitorSmartphone, title: t('sessions.empty') }}
      >
        {(data) => (
          <>
            <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
              <table className="w-full text-sm" data-testid="sessions-table" aria-busy={query.isFetching}>
                <caption className="sr-only">{t('sessions.caption', { total: data.total })}</caption>
                <thead className="bg-slate-50 dark:bg-slate-900">
                  <tr>
                    {(['user', 'role', 'signedIn', 'lastSeen', 'where'] as const).map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">
                        {t(`sessions.columns.${column}`)}
                      </th>
                    ))}
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">{t('sessions.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((session) => (
                    <tr
                      key={session.id}
                      className="border-t border-slate-200 align-top dark:border-slate-800"
                      data-email={session.user.email}
                    >
                      <td className="px-3 py-2">
                        <span className="font-medium">{nameOf(session.user)}</span>
                        <span className="block text-xs text-slate-600 dark:text-slate-400">{session.user.email}</span>
                      </td>
                      <td className="px-3 py-2">{t(`shell:roles.${session.user.role}`)}</td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        <time dateTime={session.createdAt}>{time.format(new Date(session.createdAt))}</time>
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        <time dateTime={session.lastSeenAt}>{time.format(new Date(session.lastSeenAt))}</time>
                      </td>
                      <td className="px-3 py-2">
                        {session.ip ?? t('sessions.unknownAddress')}
                        {session.userAgent ? (
                          <span className="block max-w-xs truncate text-xs text-slate-600 dark:text-slate-400">{session.userAgent}</span>
                        ) : null}
                      </td>
                      <td className="px-3 py-2 text-end">
                        {/* One's own sessions end by signing out; the server refuses them here too. */}
                        {session.current || session.user.id === me?.id ? (
                          <span className="text-xs text-slate-600 dark:text-slate-400">
                            {t(session.current ? 'sessions.thisSession' : 'sessions.yours')}
                          </span>
                        ) : (
                          <Button
                            variant="secondary"
                            className="min-h-9 px-3 py-1"
                            onClick={() => setEnding(session.user)}
                            aria-label={t('sessions.endNamed', { name: nameOf(session.user) })}
                          >
                            {t('sessions.end')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              total={data.total}
              pageSize={SESSIONS_PAGE_SIZE}
              busy={query.isFetching}
              label={t('sessions.pages')}
              onPage={setPage}
            />
          </>
        )}
      </PageQueryStates>
      <EndSessionsDialog account={ending} onClose={() => setEnding(null)} />
    </div>
  );
}
