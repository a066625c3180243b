import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_KINDS,
  reportScheduleFormSchema,
  type ReportSchedule,
  type ReportScheduleForm,
} from '../../../../contracts/reports';
import { SelectInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { PageSection } from '../../../components/ui/page-section';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { reportRecipientsQuery, reportSchedulesQuery, useCreateSchedule, useDeleteSchedule } from '../api/reports';

/** Scheduled reports: the list with a delete button each, and a form to add one. */
export function ReportSchedules({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation(['admin-console', 'errors']);
  const nameOf = usePersonName();
  const schedules = useQuery(reportSchedulesQuery());
  const recipients = useQuery(reportRecipientsQuery());
  const create = useCreateSchedule();
  const remove = useDeleteSchedule();
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: reportScheduleFormSchema,
    defaultValues: { kind: 'appointments', format: 'pdf', frequency: 'weekly', recipients: [userId] } as ReportScheduleForm,
  });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const add = async (values: ReportScheduleForm) => {
    setMessage(null);
    setFailure(null);
    try {
      await create.mutateAsync(values);
      setMessage(t('reports.schedules.added'));
    } catch (error) {
      setFailure(errorText(t, error, t('reports.schedules.createFailed')));
    }
  };
  const drop = async (schedule: ReportSchedule) => {
    setMessage(null);
    setFailure(null);
    try {
      await remove.mutateAsync(schedule.id);
      setMessage(t('reports.schedules.deleted'));
    } catch (error) {
      setFailure(errorText(t, error, t('reports.schedules.deleteFailed')));
    }
  };

  return (
    <PageSection title={t('reports.schedules.title')} testId="report-schedules">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('reports.schedules.description')}</p>
      {schedules.isError ? (
        <QueryError message={errorText(t, schedules.error, t('reports.schedules.loadFailed'))} onRetry={() => void schedules.refetch()} />
      ) : !schedules.data ? (
        <InlineLoading />
      ) : schedules.data.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="report-schedules-empty">
          {t('reports.schedules.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="report-schedule-list">
          {schedules.data.map((schedule) => {
            const what = t(`reports.kinds.${schedule.kind}`);
            return (
              <li
                key={schedule.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
                data-testid="report-schedule"
              >
                <div>
                  <p className="font-medium">
                    {t('reports.schedules.summary', {
                      kind: what,
                      frequency: t(`reports.schedules.frequencies.${schedule.frequency}`),
                      format: schedule.format.toUpperCase(),
                    })}
                  </p>
                  <p className="text-slate-700 dark:text-slate-300">
                    {t('reports.schedules.to', { names: schedule.recipients.map(nameOf).join(', ') })} ·{' '}
                    {t('reports.schedules.nextRun', { time: when.format(new Date(schedule.nextRunAt)) })}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  className="min-h-9 px-3 py-1"
                  aria-label={t('reports.schedules.deleteNamed', { kind: what })}
                  disabled={remove.isPending}
                  onClick={() => void drop(schedule)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('reports.schedules.delete')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Form form={form} onSubmit={add} aria-label={t('reports.schedules.add')} className="grid items-end gap-3 sm:grid-cols-2">
        <SelectInput name="kind" label={t('reports.schedules.kind')}>
          {REPORT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`reports.kinds.${kind}`)}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="frequency" label={t('reports.schedules.frequency')}>
          {REPORT_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {t(`reports.schedules.frequencies.${frequency}`)}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="format" label={t('reports.schedules.format')}>
          {REPORT_FORMATS.map((format) => (
            <option key={format} value={format}>
              {format.toUpperCase()}
            </option>
          ))}
        </SelectInput>
        <SelectInput
          name="recipients"
          label={t('reports.schedules.recipients')}
          description={t('reports.schedules.recipientsHelp')}
          multiple
        >
          {(recipients.data ?? []).map((person) => (
            <option key={person.id} value={person.id}>
              {nameOf(person)}
            </option>
          ))}
        </SelectInput>
        <div className="sm:col-span-2">
          <SubmitButton>{t('reports.schedules.add')}</SubmitButton>
        </div>
      </Form>
      <div aria-live="polite">
        {message ? (
          <p className="text-sm text-green-800 dark:text-green-300" data-testid="report-schedules-message">
            {message}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {failure}
          </p>
        ) : null}
      </div>
    </PageSection>
  );
}
