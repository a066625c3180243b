import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { publicStatsQuery } from '../api/public-stats';
import { LandingSection } from './landing-section';

const MAX_SAMPLES = 24;

/** The readings of active users taken while this page is open, newest last. */
function useActiveUserSamples(): number[] {
  const { data } = useQuery(publicStatsQuery);
  const [samples, setSamples] = useState<{ at: string; value: number }[]>([]);
  // A new reading is added while rendering (React's "adjusting state on a prop change"), not in an effect.
  if (data && samples.at(-1)?.at !== data.generatedAt) {
    setSamples([...samples, { at: data.generatedAt, value: data.activeUsers }].slice(-MAX_SAMPLES));
  }
  return samples.map((s) => s.value);
}

function Sparkline({ values, label }: { values: number[]; label: string }) {
  const width = 320;
  const height = 80;
  const min = Math.min(...values);
  const span = Math.max(1, Math.max(...values) - min);
  const points = values
    .map((value, i) => `${(i / Math.max(1, values.length - 1)) * width},${height - 8 - ((value - min) / span) * (height - 16)}`)
    .join(' ');
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label} className="h-20 w-full">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The landing page's analytics dashboard preview, made of real data: the live figures as dashboard tiles and
 * the trend of active users sampled while the visitor watches.
 */
export function AnalyticsPreviewSection() {
  const { t, i18n } = useTranslation('landing');
  const { data } = useQuery(publicStatsQuery);
  const samples = useActiveUserSamples();
  const number = new Intl.NumberFormat(i18n.language);
  const tiles = [
    ['activeUsers', data?.activeUsers],
    ['appointmentsToday', data?.appointmentsToday],
    ['diagnosesRecorded', data?.diagnosesRecorded],
  ] as const;

  return (
    <LandingSection name="analytics" title={t('analytics.title')} subtitle={t('analytics.subtitle')} tone="tinted">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <dl className="grid gap-3 sm:grid-cols-3">
          {tiles.map(([key, value]) => (
            <div key={key} className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800">
              <dt className="text-sm text-slate-700 dark:text-slate-300">{t(`hero.figures.${key}`)}</dt>
              <dd className="h-8 text-2xl font-bold tabular-nums">{value === undefined ? '' : number.format(value)}</dd>
            </div>
          ))}
        </dl>
        <figure className="mt-5 text-brand-700 dark:text-brand-500">
          <figcaption className="text-sm text-slate-700 dark:text-slate-300">
            {t('analytics.trendLabel')} · {t('analytics.samples', { count: samples.length })}
          </figcaption>
          {samples.length >= 2 ? (
            <Sparkline values={samples} label={t('analytics.trendLabel')} />
          ) : (
            <p className="flex h-20 items-center text-sm text-slate-700 dark:text-slate-300">{t('analytics.trendWaiting')}</p>
          )}
        </figure>
      </div>
    </LandingSection>
  );
}
