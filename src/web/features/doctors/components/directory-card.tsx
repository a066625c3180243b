import { usePersonName } from '../../../lib/person-name';
import { Building2, Languages, Star, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFee, formatRating, type Doctor } from '../../../../contracts/doctors';
import { DoctorFact, DoctorSummary } from '../../../components/doctor/doctor-summary';

/** One doctor in the directory: who, where, what it costs, and the way to the full profile. */
export function DirectoryCard({ doctor }: { doctor: Doctor }) {
  const { t, i18n } = useTranslation('doctors');
  const nameOf = usePersonName();
  const name = t('card.name', { name: nameOf(doctor) });

  return (
    <article
      className="relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-700 hover:border-brand-700 dark:border-slate-800 dark:bg-slate-900"
      data-testid="directory-card"
    >
      <DoctorSummary
        doctor={doctor}
        name={name}
        heading="h2"
        title={
          // The whole card is the link's target area; the name is its accessible text.
          <Link to={`/doctors/${doctor.id}`} className="after:absolute after:inset-0 focus:outline-none">
            {name}
          </Link>
        }
      />
      <ul className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
        <DoctorFact icon={Building2}>
          <span className="wrap-anywhere">{doctor.hospital}</span>
        </DoctorFact>
        <li className="flex items-center gap-2">
          <Star className="size-4 shrink-0 fill-amber-400 text-amber-500" aria-hidden="true" />
          <span>{t('card.rating', { rating: formatRating(doctor.rating, i18n.language) })}</span>
          <span>{t('card.reviews', { count: doctor.reviewCount })}</span>
        </li>
        <DoctorFact icon={Languages}>
          <span>{doctor.languages.map((language) => t(`languages.${language}`, language)).join(', ')}</span>
        </DoctorFact>
        {doctor.telemedicineEnabled ? (
          <DoctorFact icon={Video}>
            <span>{t('directory.offersVideo')}</span>
          </DoctorFact>
        ) : null}
      </ul>
      <p className="mt-auto text-sm">
        {t('card.fee')} <span className="font-semibold">{formatFee(doctor.consultationFee, i18n.language)}</span>
      </p>
    </article>
  );
}
