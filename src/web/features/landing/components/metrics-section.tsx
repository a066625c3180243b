import { useTranslation } from 'react-i18next';
import { LandingSection } from './landing-section';

// Performance metrics, limited to facts about the product that stay true for every
// deployment; live figures are in the hero.
const METRICS = ['specialties', 'languages', 'portals', 'timeout'] as const;

export function MetricsSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection name="metrics" title={t('metrics.title')} subtitle={t('metrics.subtitle')} tone="tinted">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {METRICS.map((key) => (
          <div key={key} className="flex flex-col-reverse rounded-xl bg-white p-5 shadow-sm dark:bg-slate-900">
            <dt className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(`metrics.items.${key}.label`)}</dt>
            <dd className="text-3xl font-bold text-brand-800 dark:text-brand-100">{t(`metrics.items.${key}.value`)}</dd>
          </div>
        ))}
      </dl>
    </LandingSection>
  );
}
