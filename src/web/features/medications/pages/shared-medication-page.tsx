import { useQuery } from '@tanstack/react-query';
import { LinkIcon, Pill } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { ApiError } from '../../../lib/api-client';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { sharedMedicationQuery } from '../api/shared-medication';
import { useDoctorName } from '../../../lib/person-name';

/**
 * The one public view besides the landing page and sign-in: a patient's shared medication list, open without sign-in.
 * Every way a link can be unusable (unknown, expired, revoked) shows the same page, so the page
 * tells a visitor nothing about which links exist.
 */
export function SharedMedicationPage() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation('common');
  const doctorName = useDoctorName();
  const catalogue = useClinicalCatalogue();
  const query = useQuery(sharedMedicationQuery(token));

  if (query.isPending) return <DelayedLoading />;

  if (query.isError) {
    const unavailable = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center" aria-labelledby="shared-title">
        <LinkIcon className="size-10 text-slate-500" aria-hidden="true" />
        <h1 id="shared-title" className="text-2xl font-semibold">
          {unavailable ? t('sharedMedication.unavailableTitle') : t('sharedMedication.errorTitle')}
        </h1>
        <p className="text-slate-700 dark:text-slate-300">
          {unavailable ? t('sharedMedication.unavailableBody') : t('sharedMedication.errorBody')}
        </p>
        {unavailable ? null : <Button onClick={() => void query.refetch()}>{t('tryAgain')}</Button>}
      </section>
    );
  }

  const data = query.data;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="shared-title">
      <h1 id="shared-title" className="text-2xl font-semibold">
        {t('sharedMedication.title', { name: data.patientFirstName })}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {t('sharedMedication.asOf', { date: date.format(new Date(data.generatedAt)) })}
      </p>
      {data.medications.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">{t('sharedMedication.empty')}</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {data.medications.map((m, index) => (
            <li key={`${m.name}-${index}`} className="flex gap-3 p-4">
              <Pill className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden="true" />
              <div>
                <p className="font-medium">
                  {catalogue.drug(m)} · {m.dosage}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {catalogue.frequency(m.frequency)}
                  {m.route ? ` · ${m.route}` : ''}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {[
                    m.startDate ? t('sharedMedication.since', { date: date.format(new Date(m.startDate)) }) : null,
                    m.prescriber ? t('sharedMedication.prescribedBy', { name: doctorName(m.prescriber) }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
