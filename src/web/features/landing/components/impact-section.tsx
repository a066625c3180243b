import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/use-public-config';
import { publicStatsQuery } from '../api/public-stats';
import { LandingSection } from './landing-section';

/**
 * The clinics' activity map: the organisation's clinics (organisation settings, GET /api/public/config)
 * with their patients today (GET /api/public/stats). The list is also the map's text alternative.
 */
export function ImpactSection() {
  const { t, i18n } = useTranslation('landing');
  const config = usePublicConfig();
  const stats = useQuery(publicStatsQuery);
  const clinics = config.data?.clinics ?? [];
  const today = new Map(stats.data?.clinics.map((c) => [c.clinicId, c.patientsToday]));
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <LandingSection name="impact" title={t('impact.title')} subtitle={t('impact.subtitle')}>
      {config.isPending ? (
        <p>{t('impact.mapLoading')}</p>
      ) : clinics.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t('impact.noClinics')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="clinic-list">
          {clinics.map((clinic) => (
            <li key={clinic.id} className="flex items-start gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden="true" />
              <div>
                <p className="font-semibold">{clinic.name}</p>
                {clinic.address ? <p className="text-sm text-slate-700 dark:text-slate-300">{clinic.address}</p> : null}
                <p className="text-sm">
                  {t('impact.patientsToday', { count: today.get(clinic.id) ?? 0, formatted: number.format(today.get(clinic.id) ?? 0) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </LandingSection>
  );
}
