import { Suspense } from 'react';
import type { TrendChartProps, TrendPoint, TrendSeries } from './trend-chart';
import { InlineLoading } from './query-states';
import { lazyView } from '../../lib/lazy-view';

export type { TrendChartProps, TrendPoint, TrendSeries };

const Chart = lazyView(() => import('./trend-chart').then((m) => m.default), []);

interface Props extends TrendChartProps {
  /** The text of the toggle that opens the table of figures, also its caption. */
  title: string;
  /** One sentence a screen reader (and everyone else) reads in place of the picture. */
  summary: string;
  /** Column headings of the table that carries the same figures as the chart. */
  timeHeading: string;
}

/**
 * A trend over time with its accessible alternative: the picture is hidden from assistive
 * technology, a summary sentence and a table give the same figures (WCAG 1.1.1).
 */
export function LazyTrendChart({ title, summary, timeHeading, ...chart }: Props) {
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      {/* The chart's own height is kept while its code loads, so the text below it does not jump. */}
      <Suspense
        fallback={
          <div className="h-56 w-full" data-testid="trend-chart-skeleton">
            <InlineLoading />
          </div>
        }
      >
        <Chart {...chart} />
      </Suspense>
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-800 dark:text-brand-100">{title}</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-1 pe-3 text-start font-medium">
                  {timeHeading}
                </th>
                {chart.series.map((line) => (
                  <th key={line.key} scope="col" className="py-1 pe-3 text-start font-medium">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...chart.points].reverse().map((point) => (
                <tr key={point.at} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="py-1 pe-3">{chart.formatTime(point.at)}</td>
                  {chart.series.map((line) => (
                    <td key={line.key} className="py-1 pe-3 tabular-nums">
                      {point[line.key] === undefined ? '–' : chart.formatValue(point[line.key] as number)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
