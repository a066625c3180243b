import { useQuery } from '@tanstack/react-query';
import { Download, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_CATEGORIES,
  AUDIT_OUTCOMES,
  AUDIT_PAGE_SIZE,
  auditFilterFormSchema,
  type AuditEvent,
  type AuditFilter,
  type AuditFilterForm,
} from '../../../../contracts/audit';
import { DateInput, SelectInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { buttonClasses } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { PageQueryStates } from '../../../components/ui/page-query-states';
import { auditEventsQuery, auditExportUrl } from '../api/audit';
import { ChainStatus } from '../components/chain-status';
import { actionWords } from '../lib/action-words';
import { usePersonName } from '../../../lib/person-name';

const EMPTY: AuditFilterForm = { user: '', patient: '', action: '', outcome: '', category: '', from: '', to: '' };

const OUTCOME_TONES: Record<AuditEvent['outcome'], string> = {
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  failure: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  denied: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

/** The admin audit viewer, with filters, paging, CSV export and the chain check. */
export function AuditPage() {
  const { t, i18n } = useTranslation(['audit', 'shell']);
  // The filters are a kit form too: the contract's rules (a day between 1900 and 2200, "to" not
  // before "from") are said beside the fields before anything is asked of the server.
  const form = useSchemaForm({ schema: auditFilterFormSchema, defaultValues: EMPTY });
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const query = useQuery(auditEventsQuery(filter, page));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const nameOf = usePersonName();

  const apply = (next: AuditFilter) => {
    setFilter(next);
    setPage(1);
  };
  const clear = () => {
    form.reset(EMPTY);
    setFilter({});
    setPage(1);
  };

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

      <Form
        form={form}
        onSubmit={apply}
        role="search"
        aria-label={t('filters.label')}
        className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextInput name="user" label={t('filters.user')} description={t('filters.personHint')} maxLength={200} />
        <TextInput name="patient" label={t('filters.patient')} description={t('filters.personHint')} maxLength={200} />
        <TextInput name="action" label={t('filters.action')} description={t('filters.actionHint')} maxLength={100} />
        <SelectInput name="outcome" label={t('filters.outcome')}>
          <option value="">{t('filters.any')}</option>
          {AUDIT_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {t(`outcomes.${outcome}`)}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="category" label={t('filters.category')}>
          <option value="">{t('filters.allCategories')}</option>
          {AUDIT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`filters.categories.${category}`)}
            </option>
          ))}
        </SelectInput>
        <DateInput name="from" label={t('filters.from')} />
        <DateInput name="to" label={t('filters.to')} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{t('filters.apply')}</SubmitButton>
          <FormButton variant="ghost" onClick={clear}>
            {t('filters.clear')}
          </FormButton>
        </div>
      </Form>

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
                            <span className="font-medium">{nameOf(event.actor) || t('viewer.unknownUser')}</span>
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
                      <td className="px-3 py-2">{event.patient ? nameOf(event.patient) || event.patient.id : '—'}</td>
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
