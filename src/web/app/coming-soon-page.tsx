import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';

/** Any view name the app does not have shows "This feature is coming soon!". */
export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center" aria-labelledby="coming-soon-title">
      <Construction className="size-12 text-brand-700 dark:text-brand-500" aria-hidden="true" />
      <h1 id="coming-soon-title" className="text-2xl font-semibold">
        {t('comingSoon.title')}
      </h1>
      <p className="text-slate-700 dark:text-slate-300">{t('comingSoon.body')}</p>
      <Link to="/" className={buttonClasses('primary')}>
        {t('goHome')}
      </Link>
    </section>
  );
}
