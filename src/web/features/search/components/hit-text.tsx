import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../contracts/roles';
import { useDoctorName, usePersonName } from '../../../lib/person-name';
import { Highlight } from '../lib/highlight';
import type { SearchHit } from '../lib/result-routes';
import { FeatureIcon } from './feature-icon';

/** One result as a line: what it is (the matched parts marked) and a detail that tells it apart. */
export function HitText({ hit, words, role }: { hit: SearchHit; words: readonly string[]; role: Role }) {
  const { t, i18n } = useTranslation('search');
  const nameOf = usePersonName();
  const doctorName = useDoctorName();
  const day = (value: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  let title: string;
  let detail: string;
  let icon = null;
  switch (hit.group) {
    case 'patients':
      title = nameOf(hit.item);
      detail = [hit.item.medicalRecordNumber, hit.item.dateOfBirth ? t('born', { date: day(hit.item.dateOfBirth) }) : null]
        .filter(Boolean)
        .join(' · ');
      break;
    case 'doctors':
      title = doctorName(hit.item);
      detail = [hit.item.specialty, hit.item.department].filter(Boolean).join(' · ');
      break;
    case 'staff':
      title = nameOf(hit.item);
      detail = hit.item.position ?? t(`staffRole.${hit.item.role === 'admin' ? 'admin' : 'staff'}`);
      break;
    case 'features':
      title = t(hit.item.name);
      detail = t(hit.item.description);
      icon = <FeatureIcon name={hit.item.icon} className="size-4 shrink-0 text-brand-700 dark:text-brand-400" />;
      break;
    case 'appointments':
      title = t('appointmentWith', {
        type: t(`types.${hit.item.type}`),
        name: role === 'patient' ? doctorName(hit.item.doctor) : nameOf(hit.item.patient),
      });
      detail = [
        new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(hit.item.startsAt),
        ),
        t(`statuses.${hit.item.status}`),
      ].join(' · ');
      break;
  }
  return (
    <span className="flex min-w-0 items-start gap-2">
      {icon}
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">
          <Highlight text={title} words={words} />
        </span>
        <span className="truncate text-xs text-slate-600 dark:text-slate-400">
          <Highlight text={detail} words={words} />
        </span>
      </span>
    </span>
  );
}
