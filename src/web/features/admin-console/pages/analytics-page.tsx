import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from '../../../../contracts/appointments';
import {
  ANALYTICS_MAX_DAYS,
  analyticsApi,
  analyticsFilterFormSchema,
  type Analytics,
  type AnalyticsFilterForm,
  type AnalyticsQuery,
  type DoctorRates,
  type WeekdayRates,
} from '../../../../contracts/analytics';
import { SPECIALTIES } from '../../../../contracts/specialties';
import { pathForView } from '../../../../contracts/views';
import { useSpecialtyLabel } from '../../../components/doctor/use-specialty-label';
import { DateInput, SelectInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { LazyTrendChart, type TrendPoint, type TrendSeries } from '../../../components/ui/lazy-trend-chart';
import { PageSection } from '../../../components/ui/page-section';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { routeQuery } from '../../../lib/api-routes';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { RateBars } from '../components/rate-bars';
import { downloadCsv, toCsv } from '../lib/csv';

const EMPTY: AnalyticsFilterForm = { from: '', to: '', doctorId: '', specialty: '' };

/** Each status and type its own colour and, for those drawn dashed, its own dash: told apart without colour too. */
const STATUS_STYLE: Record<(typeof APPOINTMENT_STATUSES)[number], { color: string; dash?: string }> = {
  requested: { color: '#64748b', dash: '2 3' },
  scheduled: { color: '#2563eb' },
  'checked-in': { color: '#0891b2', dash: '8 3' },
  'in-progress': { color: '#7c3aed', dash: '4 4' },
  completed: { color: '#059669' },
  cancelled: { color: '#d97706', dash: '6 2' },
  'no-show': { color: '#dc2626', dash: '1 3' },
};
const TYPE_STYLE: Record<(typeof APPOINTMENT_TYPES)[number], { color: string; dash?: string }> = {
  'in-person': { color: '#0f766e' },
  video: { color: '#b45309', dash: '6 4' },
};
const NO_SHOW_COLOR = '#dc2626';
const CANCELLED_COLOR = '#d97706';

const dayAt = (day: string) => Date.parse(`${day}T00:00:00Z`);

function analyticsQuery(query: AnalyticsQuery) {
  return { ...routeQuery(analyticsApi.overview, { query }, (answer) => answer.data), placeholderData: keepPreviousData };
}

function useFormats() {
  const { i18n } = useTranslation();
  return {
    day: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }),
    number: new Intl.NumberFormat(i18n.language),
    percent: new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }),
  };
}

/** A chart's section: its title, a sentence, the CSV download, then the chart with its table. */
function ChartSection({
  title,
  testId,
  onDownload,
  children,
}: {
  title: string;
  testId: string;
  onDownload: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin-console');
  return (
    <PageSection title={title} testId={testId}>
      <div>
        <Button variant="secondary" className="min-h-9 px-3 py-1" onClick={onDownload} data-testid={`${testId}-csv`}>
          <Download className="size-4" aria-hidden="true" />
          {t('analytics.csv')}
        </Button>
      </div>
      {children}
    </PageSection>
  );
}

function RateTable({ caption, rows }: { caption: string; rows: { key: string; label: string; rates: DoctorRates | WeekdayRates }[] }) {
  const { t } = useTranslation('admin-console');
  const { number, percent } = useFormats();
  const rate = (value: number | null) => (value === null ? '–' : percent.format(value));
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-800 dark:text-brand-100">{caption}</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {(['name', 'total', 'due', 'noShows', 'noShowRate', 'cancelled', 'cancellationRate'] as const).map((column) => (
                <th key={column} scope="col" className="py-1 pe-3 text-start font-medium">
                  {t(`analytics.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, label, rates }) => (
              <tr key={key} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pe-3 text-start font-normal">
                  {label}
                </th>
                <td className="py-1 pe-3 tabular-nums">{number.format(rates.total)}</td>
                <td className="py-1 pe-3 tabular-nums">{number.format(rates.due)}</td>
                <td className="py-1 pe-3 tabular-nums">{number.format(rates.noShows)}</td>
                <td className="py-1 pe-3 tabular-nums">{rate(rates.noShowRate)}</td>
                <td className="py-1 pe-3 tabular-nums">{number.format(rates.cancelled)}</td>
                <td className="py-1 pe-3 tabular-nums">{rate(rates.cancellationRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Charts({ data }: { data: Analytics }) {
  const { t, i18n } = useTranslation(['admin-console', 'shell']);
  const { day, number, percent } = useFormats();
  const nameOf = usePersonName();
  const specialtyLabel = useSpecialtyLabel();
  const weekdayName = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
  // 2024-01-01 was a Monday: ISO weekday n is that day plus n - 1.
  const weekdayLabel = (weekday: number) => weekdayName.format(new Date(Date.UTC(2024, 0, weekday)));
  const period = `${data.from}_${data.to}`;
  const bucketHeading = t(data.granularity === 'day' ? 'analytics.columns.day' : 'analytics.columns.week');
  const formatTime = (at: number) => day.format(new Date(at));
  const formatCount = (value: number) => number.format(value);
  const rateColumns = [
    t('analytics.columns.total'),
    t('analytics.columns.due'),
    t('analytics.columns.noShows'),
    t('analytics.columns.noShowRate'),
    t('analytics.columns.cancelled'),
    t('analytics.columns.cancellationRate'),
  ];
  const rateCells = (rates: DoctorRates | WeekdayRates) => [
    rates.total,
    rates.due,
    rates.noShows,
    rates.noShowRate,
    rates.cancelled,
    rates.cancellationRate,
  ];

  const statusSeries: TrendSeries[] = APPOINTMENT_STATUSES.map((status) => ({
    key: status,
    label: t(`statuses.${status}`),
    ...STATUS_STYLE[status],
  }));
  const typeSeries: TrendSeries[] = APPOINTMENT_TYPES.map((type) => ({
    key: type,
    label: t(`analytics.types.${type}`),
    ...TYPE_STYLE[type],
  }));
  const statusPoints: TrendPoint[] = data.appointments.map((bucket) => ({ at: dayAt(bucket.bucket), ...bucket.statuses }));
  const typePoints: TrendPoint[] = data.appointments.map((bucket) => ({ at: dayAt(bucket.bucket), ...bucket.types }));
  const patientPoints: TrendPoint[] = data.newPatients.map((bucket) => ({ at: dayAt(bucket.bucket), patients: bucket.count }));
  const totalAppointments = data.appointments.reduce((sum, bucket) => sum + bucket.total, 0);
  const totalPatients = data.newPatients.reduce((sum, bucket) => sum + bucket.count, 0);
  const doctorRows = data.byDoctor.map((row) => ({
    key: row.doctorId,
    label: `${nameOf(row)} · ${specialtyLabel(row.specialty)}`,
    rates: row,
  }));
  const weekdayRows = data.byWeekday.map((row) => ({ key: String(row.weekday), label: weekdayLabel(row.weekday), rates: row }));
  const rateSeries = [
    { label: t('analytics.columns.noShowRate'), color: NO_SHOW_COLOR },
    { label: t('analytics.columns.cancellationRate'), color: CANCELLED_COLOR },
  ];

  return (
    <>
      <ChartSection
        title={t('analytics.byStatus')}
        testId="chart-status"
        onDownload={() =>
          downloadCsv(
            `appointments-by-status_${period}.csv`,
            toCsv(
              [bucketHeading, ...statusSeries.map((series) => series.label)],
              data.appointments.map((bucket) => [bucket.bucket, ...APPOINTMENT_STATUSES.map((status) => bucket.statuses[status])]),
            ),
          )
        }
      >
        <LazyTrendChart
          title={t('analytics.tableOf', { chart: t('analytics.byStatus') })}
          summary={t('analytics.byStatusSummary', {
            total: number.format(totalAppointments),
            from: formatTime(dayAt(data.from)),
            to: formatTime(dayAt(data.to)),
          })}
          timeHeading={bucketHeading}
          points={statusPoints}
          series={statusSeries}
          formatTime={formatTime}
          formatValue={formatCount}
        />
      </ChartSection>
      <ChartSection
        title={t('analytics.byType')}
        testId="chart-type"
        onDownload={() =>
          downloadCsv(
            `appointments-by-type_${period}.csv`,
            toCsv(
              [bucketHeading, ...typeSeries.map((series) => series.label)],
              data.appointments.map((bucket) => [bucket.bucket, ...APPOINTMENT_TYPES.map((type) => bucket.types[type])]),
            ),
          )
        }
      >
        <LazyTrendChart
          title={t('analytics.tableOf', { chart: t('analytics.byType') })}
          summary={t('analytics.byTypeSummary', {
            inPerson: number.format(data.appointments.reduce((sum, bucket) => sum + bucket.types['in-person'], 0)),
            video: number.format(data.appointments.reduce((sum, bucket) => sum + bucket.types.video, 0)),
          })}
          timeHeading={bucketHeading}
          points={typePoints}
          series={typeSeries}
          formatTime={formatTime}
          formatValue={formatCount}
        />
      </ChartSection>
      <ChartSection
        title={t('analytics.byDoctor')}
        testId="chart-doctor"
        onDownload={() =>
          downloadCsv(
            `rates-by-doctor_${period}.csv`,
            toCsv(
              [t('analytics.columns.doctor'), t('analytics.columns.specialty'), ...rateColumns],
              data.byDoctor.map((row) => [nameOf(row), specialtyLabel(row.specialty), ...rateCells(row)]),
            ),
          )
        }
      >
        {doctorRows.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('analytics.noAppointments')}</p>
        ) : (
          <>
            <RateBars
              rows={doctorRows.map((row) => ({
                key: row.key,
                label: row.label,
                values: [row.rates.noShowRate, row.rates.cancellationRate],
              }))}
              series={rateSeries}
              formatRate={(value) => percent.format(value)}
            />
            <RateTable caption={t('analytics.tableOf', { chart: t('analytics.byDoctor') })} rows={doctorRows} />
          </>
        )}
      </ChartSection>
      <ChartSection
        title={t('analytics.byWeekday')}
        testId="chart-weekday"
        onDownload={() =>
          downloadCsv(
            `rates-by-weekday_${period}.csv`,
            toCsv(
              [t('analytics.columns.weekday'), ...rateColumns],
              data.byWeekday.map((row) => [weekdayLabel(row.weekday), ...rateCells(row)]),
            ),
          )
        }
      >
        <RateBars
          rows={weekdayRows.map((row) => ({ key: row.key, label: row.label, values: [row.rates.noShowRate, row.rates.cancellationRate] }))}
          series={rateSeries}
          formatRate={(value) => percent.format(value)}
        />
        <RateTable caption={t('analytics.tableOf', { chart: t('analytics.byWeekday') })} rows={weekdayRows} />
      </ChartSection>
      <ChartSection
        title={t('analytics.newPatients')}
        testId="chart-patients"
        onDownload={() =>
          downloadCsv(
            `new-patients_${period}.csv`,
            toCsv(
              [bucketHeading, t('analytics.columns.newPatients')],
              data.newPatients.map((bucket) => [bucket.bucket, bucket.count]),
            ),
          )
        }
      >
        <LazyTrendChart
          title={t('analytics.tableOf', { chart: t('analytics.newPatients') })}
          summary={t('analytics.newPatientsSummary', { total: number.format(totalPatients) })}
          timeHeading={bucketHeading}
          points={patientPoints}
          series={[{ key: 'patients', label: t('analytics.columns.newPatients'), color: '#0f766e' }]}
          formatTime={formatTime}
          formatValue={formatCount}
        />
      </ChartSection>
    </>
  );
}

/** Appointments over time, no-show and cancellation rates, and new patients, filtered by period, doctor and specialty. */
export function AnalyticsPage() {
  const { t } = useTranslation(['admin-console', 'doctors']);
  const nameOf = usePersonName();
  const specialtyLabel = useSpecialtyLabel();
  const form = useSchemaForm({ schema: analyticsFilterFormSchema, defaultValues: EMPTY });
  const [filter, setFilter] = useState<AnalyticsQuery>({});
  const query = useQuery(analyticsQuery(filter));
  const { day } = useFormats();
  const apply = (values: AnalyticsFilterForm) =>
    setFilter({
      from: values.from || undefined,
      to: values.to || undefined,
      doctorId: values.doctorId || undefined,
      specialty: values.specialty || undefined,
    });
  const clear = () => {
    form.reset(EMPTY);
    setFilter({});
  };
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold">{t('analytics.title')}</h1>
        <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">{t('analytics.description', { days: ANALYTICS_MAX_DAYS })}</p>
        <p className="mt-1 text-sm">
          <Link
            to={`${pathForView('docs/analytics')}#analytics-page`}
            className="text-brand-800 underline dark:text-brand-100"
            data-testid="analytics-help-link"
          >
            {t('analytics.howComputed')}
          </Link>
        </p>
      </header>
      <Form
        form={form}
        onSubmit={apply}
        role="search"
        aria-label={t('analytics.filters')}
        className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5"
      >
        <DateInput name="from" label={t('analytics.from')} />
        <DateInput name="to" label={t('analytics.to')} />
        <SelectInput name="doctorId" label={t('analytics.doctor')}>
          <option value="">{t('analytics.allDoctors')}</option>
          {(query.data?.doctors ?? []).map((doctor) => (
            <option key={doctor.id} value={doctor.id}>
              {nameOf(doctor)}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="specialty" label={t('analytics.specialty')}>
          <option value="">{t('analytics.allSpecialties')}</option>
          {SPECIALTIES.map((specialty) => (
            <option key={specialty.key} value={specialty.name}>
              {specialtyLabel(specialty.name)}
            </option>
          ))}
        </SelectInput>
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{t('analytics.apply')}</SubmitButton>
          <FormButton variant="ghost" onClick={clear}>
            {t('analytics.clear')}
          </FormButton>
        </div>
      </Form>
      {query.isError ? (
        <QueryError message={errorText(t, query.error, t('analytics.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <InlineLoading />
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="analytics-period" aria-live="polite">
            {t(query.data.granularity === 'day' ? 'analytics.periodDaily' : 'analytics.periodWeekly', {
              from: day.format(new Date(dayAt(query.data.from))),
              to: day.format(new Date(dayAt(query.data.to))),
              zone: query.data.clinicTimeZone,
            })}
          </p>
          <Charts data={query.data} />
        </>
      )}
    </div>
  );
}
