import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { analyticsApi } from '../../../../contracts/analytics';
import { isSupportedLanguage } from '../../../../contracts/languages';
import {
  REPORT_KINDS,
  REPORT_KINDS_CAPPED,
  REPORT_KINDS_WITH_DOCTOR_FILTER,
  REPORT_MAX_ROWS,
  reportFormSchema,
  type ReportForm,
  type ReportFormat,
} from '../../../../contracts/reports';
import { SPECIALTIES } from '../../../../contracts/specialties';
import { useSpecialtyLabel } from '../../../components/doctor/use-specialty-label';
import { DateInput, SelectInput } from '../../../components/form/fields';
import { Form } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { routeQuery } from '../../../lib/api-routes';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { downloadReport, reportSizeQuery } from '../api/reports';
import { ReportSchedules } from '../components/report-schedules';

const EMPTY: ReportForm = { kind: 'appointments', from: '', to: '', doctorId: '', specialty: '' };

/** A scheduled report's mail links here with the report and its period: they fill the form, when they read right. */
function formFrom(params: URLSearchParams): ReportForm {
  const asked = reportFormSchema.safeParse({
    ...EMPTY,
    ...Object.fromEntries(
      ['kind', 'from', 'to', 'doctorId', 'specialty'].flatMap((key) => (params.has(key) ? [[key, params.get(key)]] : [])),
    ),
  });
  return asked.success ? asked.data : EMPTY;
}

/** The analytics' default answer lists the doctors the filter offers (the same query as the analytics view's first one). */
function doctorsQuery() {
  return { ...routeQuery(analyticsApi.overview, { query: {} }, (answer) => answer.data.doctors), retry: false };
}

/** A date the field holds whole (YYYY-MM-DD), or nothing while it is being typed. */
const wholeDay = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** Reports: pick what, for which period and doctor or specialty, and download it as a CSV or a PDF. */
export function ReportsPage() {
  const { t, i18n } = useTranslation(['admin-console', 'errors']);
  const nameOf = usePersonName();
  const specialtyLabel = useSpecialtyLabel();
  const [params] = useSearchParams();
  const { user, can } = usePermissions();
  const [initial] = useState(() => formFrom(params));
  const form = useSchemaForm({ schema: reportFormSchema, defaultValues: initial });
  const kind = form.watch('kind');
  const narrows = REPORT_KINDS_WITH_DOCTOR_FILTER.includes(kind);
  const doctors = useQuery({ ...doctorsQuery(), enabled: narrows });
  // For an audit trail or a patient list the server counts the rows first: past the cap, the page says so before the download.
  const capped = REPORT_KINDS_CAPPED.includes(kind);
  const [from, to] = form.watch(['from', 'to']);
  const size = useQuery({
    ...reportSizeQuery(kind, kind === 'patient-list' ? {} : { from: wholeDay(from), to: wholeDay(to) }),
    enabled: capped,
  });
  const cut = capped && size.data && size.data.rows !== null && size.data.rows > size.data.max ? size.data : null;
  const number = new Intl.NumberFormat(i18n.language);
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = (format: ReportFormat) =>
    form.handleSubmit(async (values) => {
      setBusy(format);
      setFailure(null);
      try {
        await downloadReport(values.kind, {
          format,
          from: values.kind === 'patient-list' ? undefined : values.from || undefined,
          to: values.kind === 'patient-list' ? undefined : values.to || undefined,
          doctorId: narrows ? values.doctorId || undefined : undefined,
          specialty: narrows ? values.specialty || undefined : undefined,
          // A report cut by the row cap says so in the language the page is read in.
          lang: isSupportedLanguage(i18n.language) ? i18n.language : undefined,
        });
      } catch (error) {
        setFailure(errorText(t, error, t('reports.downloadFailed')));
      } finally {
        setBusy(null);
      }
    })();

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold">{t('reports.title')}</h1>
        <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">{t('reports.description', { rows: REPORT_MAX_ROWS })}</p>
      </header>
      <Form form={form} onSubmit={() => download('csv')} aria-label={t('reports.form')} className="grid items-end gap-3 sm:grid-cols-2">
        <SelectInput name="kind" label={t('reports.kind')} data-testid="report-kind">
          {REPORT_KINDS.map((option) => (
            <option key={option} value={option}>
              {t(`reports.kinds.${option}`)}
            </option>
          ))}
        </SelectInput>
        <p className="text-sm text-slate-700 sm:self-center dark:text-slate-300" data-testid="report-kind-note">
          {t(`reports.notes.${kind}`)}
        </p>
        {cut ? (
          <p className="text-sm font-medium text-amber-900 sm:col-span-2 dark:text-amber-200" data-testid="report-cap-note">
            {t('reports.capped', { rows: number.format(cut.rows!), max: number.format(cut.max) })}
          </p>
        ) : null}
        {kind === 'patient-list' ? null : (
          <>
            <DateInput name="from" label={t('reports.from')} />
            <DateInput name="to" label={t('reports.to')} />
          </>
        )}
        {narrows ? (
          <>
            <SelectInput name="doctorId" label={t('reports.doctor')}>
              <option value="">{t('reports.allDoctors')}</option>
              {(doctors.data ?? []).map((doctor) => (
                <option key={doctor.id} value={doctor.id}>
                  {nameOf(doctor)}
                </option>
              ))}
            </SelectInput>
            <SelectInput name="specialty" label={t('reports.specialty')}>
              <option value="">{t('reports.allSpecialties')}</option>
              {SPECIALTIES.map((specialty) => (
                <option key={specialty.key} value={specialty.name}>
                  {specialtyLabel(specialty.name)}
                </option>
              ))}
            </SelectInput>
          </>
        ) : null}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="button" variant="primary" onClick={() => void download('csv')} disabled={busy !== null} data-testid="report-csv">
            <Download className="size-4" aria-hidden="true" />
            {busy === 'csv' ? t('reports.preparing') : t('reports.csv')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => void download('pdf')} disabled={busy !== null} data-testid="report-pdf">
            <FileText className="size-4" aria-hidden="true" />
            {busy === 'pdf' ? t('reports.preparing') : t('reports.pdf')}
          </Button>
        </div>
      </Form>
      <div aria-live="polite" className="min-h-6">
        {busy ? (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="report-busy">
            {t('reports.preparingLong')}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300" data-testid="report-error">
            {failure}
          </p>
        ) : null}
      </div>
      {user && can(['reports.schedule']) ? <ReportSchedules userId={user.id} /> : null}
    </div>
  );
}
