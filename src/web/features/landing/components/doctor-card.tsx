import { usePersonName } from '../../../lib/person-name';
import { Briefcase, Building2, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatFee, formatRating, splitQualifications, type Doctor } from '../../../../contracts/doctors';
import { DoctorFact, DoctorSummary } from '../../../components/doctor/doctor-summary';

/**
 * The doctor card (docs/product.md, Landing page): avatar or initials, name, specialty, hospital, years of experience,
 * rating to 1 decimal, review count, fee with 2 decimals, at most 2 qualifications then "+N more",
 * the bio clamped to 3 lines and the verified mark.
 */
export function DoctorCard({ doctor }: { doctor: Doctor }) {
  const { t, i18n } = useTranslation('doctors');
  const nameOf = usePersonName();
  const name = t('card.name', { name: nameOf(doctor) });
  const { shown, more } = splitQualifications(doctor.qualifications);

  return (
    <article
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="doctor-card"
      aria-labelledby={`doctor-${doctor.id}-name`}
    >
      <DoctorSummary doctor={doctor} name={name} heading="h3" headingId={`doctor-${doctor.id}-name`} />
      <ul className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
        <DoctorFact icon={Building2}>
          <span className="wrap-anywhere">{doctor.hospital}</span>
        </DoctorFact>
        <DoctorFact icon={Briefcase}>
          <span>{t('card.experience', { count: doctor.experience })}</span>
        </DoctorFact>
        <li className="flex flex-wrap items-center gap-2">
          <Star className="size-4 shrink-0 fill-amber-400 text-amber-500" aria-hidden="true" />
          <span data-testid="doctor-rating">{t('card.rating', { rating: formatRating(doctor.rating, i18n.language) })}</span>
          <span className="text-slate-600 dark:text-slate-400">{t('card.reviews', { count: doctor.reviewCount })}</span>
        </li>
      </ul>
      <p className="text-sm">
        <span className="text-slate-700 dark:text-slate-300">{t('card.fee')} </span>
        <span className="font-semibold" data-testid="doctor-fee">
          {formatFee(doctor.consultationFee, i18n.language)}
        </span>
      </p>
      {shown.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label={t('card.qualifications')} data-testid="doctor-qualifications">
          {shown.map((qualification) => (
            <li
              key={qualification}
              className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200"
            >
              {qualification}
            </li>
          ))}
          {more > 0 ? (
            <li className="rounded-full px-2 py-0.5 text-xs text-slate-700 dark:text-slate-300" data-testid="doctor-more-qualifications">
              {t('card.more', { count: more })}
            </li>
          ) : null}
        </ul>
      ) : null}
      {doctor.bio ? (
        <p className="line-clamp-3 text-sm text-slate-700 dark:text-slate-300" data-testid="doctor-bio">
          {doctor.bio}
        </p>
      ) : null}
    </article>
  );
}

/** One column on phones, two on tablets, three on wide screens. */
export function DoctorGrid({ doctors }: { doctors: readonly Doctor[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="doctor-grid">
      {doctors.map((doctor) => (
        <li key={doctor.id}>
          <DoctorCard doctor={doctor} />
        </li>
      ))}
    </ul>
  );
}
