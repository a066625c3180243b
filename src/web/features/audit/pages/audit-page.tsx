import { useQuery } from '@tanstack/react-query';
import { Download, ScrollText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_OUTCOMES, AUDIT_PAGE_SIZE, type AuditEvent, type AuditFilter } from '../../../../contracts/audit';
import { Button, buttonClasses } from '../../../components/ui/button';
import { inputClasses, TextField } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { PageQueryStates } from '../../../components/ui/page-query-states';
import { auditEventsQuery, auditExportUrl } from '../api/audit';
import { ChainStatus } from '../components/chain-status';
import { actionWords } from '../lib/action-words';

interface Draft {
  user: string;
  patient: string;
  action: string;
  outcome: string;
  from: string;
  to: string;
}

const EMPTY: Draft = { user: '', patient: '', action: '', outcome: '', from: '', to: '' };

function toFilter(draft: Draft): AuditFilter {
  const filter: AuditFilter = {};
  if (draft.user.trim()) filter.user = draft.user.trim();
  if (draft.patient.trim()) filter.patient = draft.patient.trim();
  if (draft.action.trim()) filter.action = draft.action.trim();
  if (draft.outcome) filter.outcome = draft.outcome as AuditFilter['outcome'];
  if (draft.from) filter.from = draft.from;
  if (draft.to) filter.to = draft.to;
  return filter;
}

const OUTCOME_TONES: Record<AuditEvent['outcome'], string> = {
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  failure: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  denied: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

/** The admin audit viewer, with filters, paging, CSV export and the chain check. */
export function AuditPage() {
  const { t, i18n } = useTranslation(['audit', 'shell']);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const query = useQuery(auditEventsQuery(filter, page));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(toFilter(draft));
    setPage(1);
  };
  const clear = () => {
    setDraft(EMPTY);
    setFilter({});
    setPage(1);
  };
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('viewer.title')}</h1>
          <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">{t('viewer.description')}</p>
        </div>
        <a href={auditExportUrl(filter)} download className={buttonClasses('secondary')} data-testid="audit-export">
          <Download className="size-4" aria-hidden="true" />
          {t('viewer.export')}
        </a>
      </header>

      <ChainStatus />

      <form role="search" aria-label={t('filters.label')} onSubmit={apply} className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label={t('filters.user')} hint={t('filters.personHint')} maxLength={200} {...field('user')} />
        <TextField label={t('filters.patient')} hint={t('filters.personHint')} maxLength={200} {...field('patient')} />
        <TextField
          label={t('filters.action')}
          hint={t('filters.actionHint')}
          maxLength={100}
          pattern="[A-Za-z0-9._\-]*"
          {...field('action')}
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('filters.outcome')}
          <select className={inputClasses(false)} {...field('outcome')}>
            <option value="">{t('filters.any')}</option>
            {AUDIT_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {t(`outcomes.${outcome}`)}
              </option>
            ))}
          </select>
        </label>
        <TextField label={t('filters.from')} type="date" {...field('from')} />
        <TextField label={t('filters.to')} type="date" min={draft.from || undefined} {...field('to')} />
        <div className="flex gap-2 lg:col-span-2">
          <Button type="submit">{t('filters.apply')}</Button>
          <Button variant="ghost" onClick={clear}>
            {t('filters.clear')}
          </Button>
        </div>
      </form>

      <PageQueryStates
        query={query}
        failed={t('viewer.loadFailed')}
        retry={t('retry')}
        empty={{ icon: ScrollText, title: t('viewer.empty') }}
      >
        {(data) => (
          <>
            <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
              <table className="w-full text-sm" data-testid="audit-table" aria-busy={query.isFetching}>
                <caption className="sr-only">{t('viewer.caption', { count: data.total })}</caption>
                <thead className="bg-slate-50 dark:bg-slate-900">
                  <tr>
                    {(['time', 'user', 'action', 'patient', 'outcome', 'where'] as const).map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">
                        {t(`viewer.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((event) => (
                    <tr key={event.id} className="border-t border-slate-200 align-top dark:border-slate-800" data-action={event.action}>
                      <td className="px-3 py-2 whitespace-nowrap">
                        <time dateTime={event.occurredAt}>{time.format(new Date(event.occurredAt))}</time>
                      </td>
                      <td className="px-3 py-2">
                        {event.actor ? (
                          <>
                            <span className="font-medium">{event.actor.name || t('viewer.unknownUser')}</span>
                            {event.actorRole ? (
                              <span className="block text-xs text-slate-600 dark:text-slate-400">
                                {t(`shell:roles.${event.actorRole}`, { defaultValue: event.actorRole })}
                              </span>
                            ) : null}
                          </>
                        ) : (
                          <span className="text-slate-600 dark:text-slate-400">{t('viewer.system')}</span>
                        )}
                      </td>
                      <td className="px-3 py-2">
                        <span className="block">{actionWords(t, event.action)}</span>
                        <code className="text-xs break-all text-slate-600 dark:text-slate-400">{event.action}</code>
                      </td>
                      <td className="px-3 py-2">{event.patient ? event.patient.name || event.patient.id : '—'}</td>
                      <td className="px-3 py-2">
                        <span className={`rounded-full px-2 py-0.5 text-xs ${OUTCOME_TONES[event.outcome]}`}>
                          {t(`outcomes.${event.outcome}`)}
                        </span>
                      </td>
                      <td className="px-3 py-2 text-xs break-all text-slate-700 dark:text-slate-300">{event.ip ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={page} total={data.total} pageSize={AUDIT_PAGE_SIZE} busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </PageQueryStates>
    </div>
  );
}
