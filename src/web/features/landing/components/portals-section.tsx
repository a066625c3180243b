import { useTranslation } from 'react-i18next';
import { CheckList } from './check-list';
import { LandingSection } from './landing-section';
import { PORTALS } from './portal-icons';
import { textList } from '../lib/text-list';

/** The four portals, each with its title, subtitle, features and description. */
export function PortalsSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection name="portals" title={t('portals.title')} subtitle={t('portals.subtitle')}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {PORTALS.map(({ key, icon: Icon }) => {
          const features = t(`portals.${key}.features`, { returnObjects: true });
          return (
            <li key={key} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <div className="flex items-center gap-3">
                <Icon className="size-8 text-brand-700 dark:text-brand-500" aria-hidden="true" />
                <div>
                  <h3 className="text-lg font-semibold">{t(`portals.${key}.title`)}</h3>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{t(`portals.${key}.subtitle`)}</p>
                </div>
              </div>
              <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{t(`portals.${key}.description`)}</p>
              <CheckList className="mt-3 text-sm" points={textList(features)} />
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
