import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PublicStats } from '../../../../contracts/public-stats';
import { publicStatsQuery } from '../api/public-stats';
import { useAnimatedNumber } from '../lib/use-animated-number';

type Figure = 'activeUsers' | 'appointmentsToday' | 'diagnosesRecorded' | 'satisfaction';
const FIGURES: readonly Figure[] = ['activeUsers', 'appointmentsToday', 'diagnosesRecorded', 'satisfaction'];

function FigureValue({ figure, stats }: { figure: Figure; stats: PublicStats }) {
  const { t, i18n } = useTranslation('landing');
  const raw = stats[figure];
  const shown = useAnimatedNumber(raw ?? 0);
  if (raw === null) return <>{t('hero.notRatedYet')}</>;
  if (figure === 'satisfaction') {
    return (
      <>
        {new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(shown / 100)}
      </>
    );
  }
  return <>{new Intl.NumberFormat(i18n.language).format(Math.round(shown))}</>;
}

/** The hero's figures, counted by the server (GET /api/public/stats) instead of simulated. */
export function HeroFigures() {
  const { t } = useTranslation('landing');
  const stats = useQuery(publicStatsQuery);
  return (
    <div className="w-full">
      <h2 className="sr-only">{t('hero.figuresLabel')}</h2>
      <dl className="grid w-full grid-cols-2 gap-3 lg:grid-cols-4" data-testid="hero-figures">
        {FIGURES.map((figure) => (
          <div key={figure} className="rounded-xl bg-white/10 p-4 ring-1 ring-white/20 backdrop-blur-sm">
            <dt className="text-sm text-slate-100">{t(`hero.figures.${figure}`)}</dt>
            {/* Fixed height: the figure arriving must not move the page (no layout shift). */}
            <dd className="mt-1 h-8 text-2xl font-bold tabular-nums text-white" data-figure={figure}>
              {stats.data ? <FigureValue figure={figure} stats={stats.data} /> : stats.isError ? '–' : ''}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-200" role={stats.isError && !stats.data ? 'status' : undefined}>
        {stats.isError && !stats.data ? t('hero.figuresUnavailable') : t('hero.figuresUpdated')}
      </p>
    </div>
  );
}
