import { BadgeCheck, Building2, Languages, Star, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { doctorInitials, formatFee, formatRating, type Doctor } from '../../../../contracts/doctors';
import { Avatar } from '../../../components/ui/avatar';
import { useSpecialtyLabel } from './use-specialty-label';

/** One doctor in the directory: who, where, what it costs, and the way to the full profile. */
export function DirectoryCard({ doctor }: { doctor: Doctor }) {
  const { t, i18n } = useTranslation('doctors');
  const specialtyLabel = useSpecialtyLabel();
  const name = t('card.name', { firstName: doctor.firstName, lastName: doctor.lastName });

  return (
    <article
      className="relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-700 hover:border-brand-700 dark:border-slate-800 dark:bg-slate-900"
      data-testid="directory-card"
    >
      <div className="flex items-start gap-3">
        <Avatar src={doctor.avatar} initials={doctorInitials(doctor)} name={name} />
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-1 font-semibold wrap-anywhere">
            {/* The whole card is the link's target area; the name is its accessible text. */}
            <Link to={`/doctors/${doctor.id}`} className="after:absolute after:inset-0 focus:outline-none">
              {name}
            </Link>
            {doctor.verified ? (
              <BadgeCheck className="size-4 shrink-0 text-brand-700 dark:text-brand-500" aria-label={t('card.verified')} role="img" />
            ) : null}
          </h2>
          <p className="text-sm font-medium text-brand-800 dark:text-brand-100">{specialtyLabel(doctor.specialty)}</p>
        </div>
      </div>
      <ul className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
        <li className="flex items-center gap-2">
          <Building2 className="size-4 shrink-0" aria-hidden="true" />
          <span className="wrap-anywhere">{doctor.hospital}</span>
        </li>
        <li className="flex items-center gap-2">
          <Star className="size-4 shrink-0 fill-amber-400 text-amber-500" aria-hidden="true" />
          <span>{t('card.rating', { rating: formatRating(doctor.rating, i18n.language) })}</span>
          <span>{t('card.reviews', { count: doctor.reviewCount })}</span>
        </li>
        <li className="flex items-center gap-2">
          <Languages className="size-4 shrink-0" aria-hidden="true" />
          <span>{doctor.languages.map((language) => t(`languages.${language}`, language)).join(', ')}</span>
        </li>
        {doctor.telemedicineEnabled ? (
          <li className="flex items-center gap-2">
            <Video className="size-4 shrink-0" aria-hidden="true" />
            <span>{t('directory.offersVideo')}</span>
          </li>
        ) : null}
      </ul>
      <p className="mt-auto text-sm">
        {t('card.fee')} <span className="font-semibold">{formatFee(doctor.consultationFee, i18n.language)}</span>
      </p>
    </article>
  );
}
