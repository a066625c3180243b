import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_CATEGORIES, AUDIT_PAGE_SIZE, type AccessLogEntry, type AuditCategory } from '../../../../contracts/audit';
import { inputClasses } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { PageQueryStates } from '../../../components/ui/page-query-states';
import { accessLogQuery } from '../api/audit';
import { actionWords } from '../lib/action-words';
import { usePersonName } from '../../../lib/person-name';

/** "Who opened my record": each access to the patient's data by someone else. */
export function AccessLogPage() {
  const { t, i18n } = useTranslation(['audit', 'shell']);
  const [page, setPage] = useState(1);
  // Reads of the health record first: preference changes and sign-ins are many and would bury them.
  const [category, setCategory] = useState<AuditCategory | 'all'>('record');
  const query = useQuery(accessLogQuery(page, category === 'all' ? undefined : category));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  const nameOf = usePersonName();

  const who = (entry: AccessLogEntry) => {
    const role = entry.actorRole ? t(`shell:roles.${entry.actorRole}`) : null;
    const position = entry.actorPosition ? t(`shell:positions.${entry.actorPosition}`, { defaultValue: entry.actorPosition }) : null;
    // Someone without an account who opened a link the patient shared: the event names the link, not a person.
    if (!entry.actorRole && entry.action === 'medication.shared-view') return { name: t('accessLog.sharedLink'), detail: null };
    if (!entry.actorRole) return { name: t('accessLog.system'), detail: null };
    if (!entry.actor) return { name: t('accessLog.anotherPatient'), detail: null };
    return { name: nameOf(entry.actor), detail: position ?? role };
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold">{t('accessLog.title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('accessLog.description')}</p>
      </header>
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('categories.label')}
        <select
          className={inputClasses(false)}
          value={category}
          data-testid="access-log-category"
          onChange={(event) => {
            setCategory(event.target.value as AuditCategory | 'all');
            setPage(1);
          }}
        >
          {[...AUDIT_CATEGORIES, 'all' as const].map((value) => (
            <option key={value} value={value}>
              {t(`categories.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <PageQueryStates
        query={query}
        failed={t('accessLog.loadFailed')}
        retry={t('retry')}
        empty={{ icon: Eye, title: t('accessLog.emptyTitle'), body: t('accessLog.emptyBody') }}
      >
        {(data) => (
          <>
            <ol className="flex flex-col gap-3" aria-busy={query.isFetching} data-testid="access-log">
              {data.data.map((entry) => {
                const person = who(entry);
                return (
                  <li key={entry.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                    <p className="font-medium">
                      {person.name}
                      {person.detail ? <span className="font-normal text-slate-700 dark:text-slate-300"> · {person.detail}</span> : null}
                    </p>
                    <p className="text-sm">
                      {actionWords(t, entry.action)}
                      {entry.outcome === 'denied' ? (
                        <span className="font-medium text-red-800 dark:text-red-300"> · {t('accessLog.denied')}</span>
                      ) : null}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      <time dateTime={entry.occurredAt}>{time.format(new Date(entry.occurredAt))}</time>
                    </p>
                  </li>
                );
              })}
            </ol>
            <Pager page={page} total={data.total} pageSize={AUDIT_PAGE_SIZE} busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </PageQueryStates>
    </div>
  );
}
