import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineLoading, QueryStates } from '../../../components/ui/query-states';
import { LazyTrendChart, type TrendSeries } from '../../../components/ui/lazy-trend-chart';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { quantity, useClinicalFormat } from '../../../lib/clinical/format';
import { patientVitalsQuery } from '../../../lib/clinical/queries';
import { measureSeries, type MeasureSeries } from '../../../lib/clinical/vitals';
import { useSession } from '../../../lib/session/use-session';

// Two lines told apart by dash pattern as well as colour (WCAG 1.4.1).
const LINE_STYLES = [
  { color: '#0f766e', dash: undefined },
  { color: '#b45309', dash: '6 4' },
] as const;

/** Vitals (read-only for a patient): a trend chart per measure, each with its table. */
export function VitalsPage() {
  const { t } = useTranslation('health');
  const { user } = useSession();
  const query = useQuery({ ...patientVitalsQuery(user?.id ?? ''), enabled: Boolean(user) });
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{t('vitals.title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('vitals.intro')}</p>
      </header>
      <QueryStates
        query={query}
        errorText={t('errors.vitals')}
        emptyText={t('vitals.empty')}
        isEmpty={(vitals) => vitals.length === 0}
        loading={<MeasureSkeletons />}
      >
        {(vitals) => (
          <div className="grid gap-6 lg:grid-cols-2">
            {measureSeries(vitals).map((measure) => (
              <MeasureCard key={measure.key} measure={measure} />
            ))}
          </div>
        )}
      </QueryStates>
    </div>
  );
}

/**
 * The shape of the first measure cards while the readings load: the cards take the room they will
 * use, so the page does not shift when they arrive (measured in e2e/a11y-i18n.spec.ts).
 */
function MeasureSkeletons() {
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="vital-skeleton">
      {/* Said to screen readers; on screen the skeletons show it, and a line of text would move them. */}
      <div className="sr-only">
        <InlineLoading />
      </div>
      {Array.from({ length: 4 }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="h-7 w-40 rounded bg-slate-100 dark:bg-slate-800" />
          <div className="h-5 w-56 rounded bg-slate-100 dark:bg-slate-800" />
          <div className="h-56 w-full rounded bg-slate-50 dark:bg-slate-800/50" />
          <div className="h-10 w-full rounded bg-slate-50 dark:bg-slate-800/50" />
          <div className="h-5 w-48 rounded bg-slate-50 dark:bg-slate-800/50" />
        </div>
      ))}
    </div>
  );
}

function MeasureCard({ measure }: { measure: MeasureSeries }) {
  const { t } = useTranslation('health');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const headingId = useId();
  const unit = catalogue.unit(measure.unit);
  const series: TrendSeries[] = measure.types.map((type, index) => ({
    key: type,
    label: measure.types.length > 1 ? t(`vitals.measures.${type}`) : `${t(`vitals.measures.${measure.key}`)} (${unit})`,
    ...(LINE_STYLES[index % LINE_STYLES.length] ?? LINE_STYLES[0]),
  }));
  const valueText = (values: MeasureSeries['latest']['values']) =>
    measure.key === 'blood-pressure'
      ? t('vitals.bloodPressureValue', {
          systolic: format.number(values['blood-pressure-systolic'] ?? Number.NaN),
          diastolic: format.number(values['blood-pressure-diastolic'] ?? Number.NaN),
        })
      : format.number(Object.values(values)[0] ?? Number.NaN);
  const first = measure.points[0];
  const latestDate = format.date(new Date(measure.latest.at).toISOString());

  return (
    <section
      aria-labelledby={headingId}
      data-testid="vital-measure"
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t(`vitals.measures.${measure.key}`)}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('vitals.latest', { value: quantity(valueText(measure.latest.values), unit), date: latestDate })}
      </p>
      <LazyTrendChart
        points={measure.points.map((point) => ({ at: point.at, ...point.values }))}
        series={series}
        formatTime={(at) => format.shortDate(new Date(at).toISOString())}
        formatValue={format.number}
        title={t('vitals.trendTable')}
        timeHeading={t('vitals.time')}
        summary={t('vitals.trendSummary', {
          measure: t(`vitals.measures.${measure.key}`),
          count: measure.points.length,
          first: format.date(new Date(first?.at ?? 0).toISOString()),
          last: latestDate,
          latest: quantity(valueText(measure.latest.values), unit),
        })}
      />
    </section>
  );
}
