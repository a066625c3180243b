import { BadgeCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { doctorInitials, type Doctor } from '../../../contracts/doctors';
import { Avatar } from '../ui/avatar';
import { useSpecialtyLabel } from './use-specialty-label';

/**
 * The top of a doctor card: avatar or initials, the name as a heading with the
 * verified mark, and the specialty in the reader's language. `title` replaces the plain name, e.g. with a link.
 */
export function DoctorSummary({
  doctor,
  name,
  heading: Heading,
  headingId,
  title = name,
}: {
  doctor: Doctor;
  name: string;
  heading: 'h2' | 'h3';
  headingId?: string;
  title?: ReactNode;
}) {
  const { t } = useTranslation('doctors');
  const specialtyLabel = useSpecialtyLabel();
  return (
    <div className="flex items-start gap-3">
      <Avatar src={doctor.avatar} initials={doctorInitials(doctor)} name={name} />
      <div className="min-w-0 flex-1">
        <Heading id={headingId} className="flex items-center gap-1 font-semibold wrap-anywhere">
          {title}
          {doctor.verified ? (
            <BadgeCheck className="size-4 shrink-0 text-brand-700 dark:text-brand-500" aria-label={t('card.verified')} role="img" />
          ) : null}
        </Heading>
        <p className="text-sm font-medium text-brand-800 dark:text-brand-100">{specialtyLabel(doctor.specialty)}</p>
      </div>
    </div>
  );
}

/** One line of a doctor card's facts list: an icon and the fact (hospital, experience, languages...). */
export function DoctorFact({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {children}
    </li>
  );
}
