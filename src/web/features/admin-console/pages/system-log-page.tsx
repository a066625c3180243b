import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_HIGH_SEVERITY_AFTER } from '../../../../contracts/admin-console';
import {
  ERROR_REPORT_TYPES,
  ERROR_SEVERITIES,
  systemLogFilterFormSchema,
  type ErrorSeverity,
  type SystemLog,
  type SystemLogFilterForm,
  type SystemLogQuery,
} from '../../../../contracts/error-reports';
import { SelectInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { PageSection } from '../../../components/ui/page-section';
import { EmptyState, InlineLoading, QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { systemLogQuery } from '../api/admin-console';

const EMPTY: SystemLogFilterForm = { severity: '', errorType: '' };

const SEVERITY_TONES: Record<ErrorSeverity, string> = {
  critical: 'bg-red-200 text-red-950 dark:bg-red-800 dark:text-red-50',
  high: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  low: 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
};

const TH = 'px-3 py-2 text-start font-semibold';
const TD = 'px-3 py-2 align-top';

function Severity({ severity }: { severity: ErrorSeverity }) {
  const { t } = useTranslation('admin-console');
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${SEVERITY_TONES[severity]}`}>
      {t(`systemLog.severity.${severity}`)}
    </span>
  );
}

function Patterns({ log }: { log: SystemLog }) {
  const { t, i18n } = useTranslation('admin-console');
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(i18n.language);
  if (log.patterns.length === 0) return <EmptyState>{t('systemLog.empty')}</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
      <table className="w-full text-sm" data-testid="error-patterns">
        <caption className="sr-only">{t('systemLog.patterns')}</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            {(['severity', 'error', 'type', 'occurrences', 'lastSeen'] as const).map((column) => (
              <th key={column} scope="col" className={TH}>
                {t(`systemLog.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {log.patterns.map((pattern) => (
            <tr
              key={pattern.fingerprint}
              className="border-t border-slate-200 dark:border-slate-800"
              data-occurrences={pattern.occurrences}
            >
              <td className={TD}>
                <Severity severity={pattern.severity} />
                {pattern.escalated ? (
                  <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
                    {t('systemLog.escalated', { limit: ALERT_HIGH_SEVERITY_AFTER })}
                  </span>
                ) : null}
              </td>
              <td className={`${TD} break-words`}>
                {pattern.errorName ? <span className="font-medium">{pattern.errorName}: </span> : null}
                {pattern.message}
              </td>
              <td className={TD}>{t(`systemLog.types.${pattern.errorType}`)}</td>
              <td className={`${TD} tabular-nums`}>{number.format(pattern.occurrences)}</td>
              <td className={`${TD} whitespace-nowrap`}>
                <time dateTime={pattern.lastSeen}>{time.format(new Date(pattern.lastSeen))}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Recent({ log }: { log: SystemLog }) {
  const { t, i18n } = useTranslation(['admin-console', 'shell']);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  if (log.recent.length === 0) return <EmptyState>{t('systemLog.empty')}</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
      <table className="w-full text-sm" data-testid="error-reports">
        <caption className="sr-only">{t('systemLog.recentCaption', { shown: log.recent.length, total: log.total })}</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            {(['time', 'severity', 'error', 'where', 'who'] as const).map((column) => (
              <th key={column} scope="col" className={TH}>
                {t(`systemLog.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {log.recent.map((report) => (
            <tr key={report.id} className="border-t border-slate-200 dark:border-slate-800">
              <td className={`${TD} whitespace-nowrap`}>
                <time dateTime={report.receivedAt}>{time.format(new Date(report.receivedAt))}</time>
              </td>
              <td className={TD}>
                <Severity severity={report.severity} />
              </td>
              <td className={`${TD} break-words`}>
                {report.errorName ? <span className="font-medium">{report.errorName}: </span> : null}
                {report.message}
              </td>
              <td className={TD}>
                {report.route ?? '—'}
                {report.component ? <span className="block text-xs text-slate-600 dark:text-slate-400">{report.component}</span> : null}
              </td>
              <td className={TD}>
                {report.userEmailMasked ?? t('systemLog.anonymous')}
                {report.userRole ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {t(`shell:roles.${report.userRole}`, { defaultValue: report.userRole })}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The errors browsers reported: grouped by pattern (a pattern seen more than 10 times is high severity) and the newest ones. */
export function SystemLogPage() {
  const { t } = useTranslation('admin-console');
  const form = useSchemaForm({ schema: systemLogFilterFormSchema, defaultValues: EMPTY });
  const [filter, setFilter] = useState<SystemLogQuery>({});
  const query = useQuery(systemLogQuery(filter));
  const apply = (values: SystemLogFilterForm) =>
    setFilter({ severity: values.severity || undefined, errorType: values.errorType || undefined });
  const clear = () => {
    form.reset(EMPTY);
    setFilter({});
  };
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold">{t('systemLog.title')}</h1>
        <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">
          {t('systemLog.description', { limit: ALERT_HIGH_SEVERITY_AFTER })}
        </p>
      </header>
      <Form form={form} onSubmit={apply} role="search" aria-label={t('systemLog.filters')} className="flex flex-wrap items-end gap-3">
        <SelectInput name="severity" label={t('systemLog.columns.severity')}>
          <option value="">{t('systemLog.any')}</option>
          {ERROR_SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {t(`systemLog.severity.${severity}`)}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="errorType" label={t('systemLog.columns.type')}>
          <option value="">{t('systemLog.any')}</option>
          {ERROR_REPORT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`systemLog.types.${type}`)}
            </option>
          ))}
        </SelectInput>
        <SubmitButton>{t('systemLog.apply')}</SubmitButton>
        <FormButton variant="ghost" onClick={clear}>
          {t('systemLog.clear')}
        </FormButton>
      </Form>
      {query.isError ? (
        <QueryError message={errorText(t, query.error, t('systemLog.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <InlineLoading />
      ) : (
        <>
          <PageSection title={t('systemLog.patterns')} testId="section-patterns">
            <Patterns log={query.data} />
          </PageSection>
          <PageSection title={t('systemLog.recent')} testId="section-recent">
            <Recent log={query.data} />
          </PageSection>
        </>
      )}
    </div>
  );
}
