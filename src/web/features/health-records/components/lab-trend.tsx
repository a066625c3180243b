import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabPanel } from '../../../../contracts/health-records';
import { LazyTrendChart } from '../../../components/ui/lazy-trend-chart';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { quantity, useClinicalFormat } from '../../../lib/clinical/format';
import { componentTrends } from '../../../lib/clinical/labs';

/** A trend chart of one lab component across panels; the person picks which. */
export function LabTrend({ panels }: { panels: LabPanel[] }) {
  const { t } = useTranslation('health');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const selectId = useId();
  const headingId = useId();
  const trends = componentTrends(panels).filter((trend) => trend.points.length >= 2);
  // Start with a component that was out of range at least once: that is the one people ask about.
  const flaggedFirst =
    trends.find((trend) => panels.some((panel) => panel.components.some((c) => c.loincCode === trend.loincCode && c.flag !== 'normal'))) ??
    trends[0];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const trend = trends.find((candidate) => candidate.loincCode === chosen) ?? flaggedFirst;

  return (
    <section
      aria-labelledby={headingId}
      data-testid="lab-trend"
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t('labs.trendTitle')}
      </h2>
      {!trend ? (
        <p className="text-sm">{t('labs.trendNeedsTwo')}</p>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium">
              {t('labs.trendPick')}
            </label>
            <select
              id={selectId}
              value={trend.loincCode}
              onChange={(event) => setChosen(event.target.value)}
              className="min-h-10 w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-600 dark:bg-slate-900"
            >
              {trends.map((option) => (
                <option key={option.loincCode} value={option.loincCode}>
                  {catalogue.lab(option.loincCode, option.name)}
                </option>
              ))}
            </select>
          </div>
          <LazyTrendChart
            points={trend.points.map((point) => ({ at: point.at, value: point.value }))}
            series={[
              { key: 'value', label: `${catalogue.lab(trend.loincCode, trend.name)} (${catalogue.unit(trend.unit)})`, color: '#0f766e' },
            ]}
            referenceLow={trend.referenceLow}
            referenceHigh={trend.referenceHigh}
            formatTime={(at) => format.shortDate(new Date(at).toISOString())}
            formatValue={format.number}
            title={t('labs.trendTable')}
            timeHeading={t('labs.trendTime')}
            summary={t('labs.trendSummary', {
              test: catalogue.lab(trend.loincCode, trend.name),
              count: trend.points.length,
              first: format.date(new Date(trend.points[0]?.at ?? 0).toISOString()),
              last: format.date(new Date(trend.points[trend.points.length - 1]?.at ?? 0).toISOString()),
              latest: quantity(format.number(trend.points[trend.points.length - 1]?.value ?? Number.NaN), catalogue.unit(trend.unit)),
            })}
          />
        </>
      )}
    </section>
  );
}
