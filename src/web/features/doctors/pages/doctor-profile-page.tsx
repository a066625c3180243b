import { usePersonName } from '../../../lib/person-name';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BadgeCheck, Briefcase, Building2, CalendarPlus, Languages, Star, UserX, Video } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { doctorInitials, formatFee, formatRating, type AvailabilitySlot } from '../../../../contracts/doctors';
import { pathForView } from '../../../../contracts/views';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { doctorProfileQuery } from '../api/doctors';
import { useSpecialtyLabel } from '../../../components/doctor/use-specialty-label';

/** Monday first, Sunday last, as a working week reads; dayOfWeek is 0 = Sunday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

function useWeekFormat(locale: string) {
  return useMemo(() => {
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    return {
      // 7 January 2024 was a Sunday.
      day: (dayOfWeek: number) => weekday.format(new Date(Date.UTC(2024, 0, 7 + dayOfWeek))),
      time: (hhmm: string) => {
        const [hours, minutes] = hhmm.split(':').map(Number);
        return time.format(new Date(Date.UTC(1970, 0, 1, hours ?? 0, minutes ?? 0)));
      },
    };
  }, [locale]);
}

/** A doctor's profile: qualifications, languages, weekly availability, and for patients the way to book. */
export function DoctorProfilePage() {
  const { t, i18n } = useTranslation('doctors');
  const nameOf = usePersonName();
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = useQuery(doctorProfileQuery(id));
  const specialtyLabel = useSpecialtyLabel();
  const format = useWeekFormat(i18n.language);

  const back = (
    <Link
      to={pathForView('doctors')}
      className="inline-flex items-center gap-2 text-sm font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-100"
    >
      <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
      {t('profile.back')}
    </Link>
  );

  if (query.isPending) return <DelayedLoading />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
        {back}
        <div
          role="alert"
          className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700"
        >
          <UserX className="size-10 text-slate-500" aria-hidden="true" />
          <h1 className="text-xl font-semibold">{missing ? t('profile.notFoundTitle') : t('profile.loadFailed')}</h1>
          {missing ? <p className="text-sm text-slate-700 dark:text-slate-300">{t('profile.notFoundBody')}</p> : null}
        </div>
      </div>
    );
  }

  const doctor = query.data;
  const name = t('card.name', { name: nameOf(doctor) });
  const slotsByDay = new Map<number, AvailabilitySlot[]>();
  for (const slot of doctor.availability) slotsByDay.set(slot.dayOfWeek, [...(slotsByDay.get(slot.dayOfWeek) ?? []), slot]);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      {back}
      <header className="flex flex-wrap items-start gap-4">
        <Avatar src={doctor.avatar} initials={doctorInitials(doctor)} name={name} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold wrap-anywhere">
            {name}
            {doctor.verified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900 dark:bg-brand-900/50 dark:text-brand-100">
                <BadgeCheck className="size-4" aria-hidden="true" />
                {t('card.verified')}
              </span>
            ) : null}
          </h1>
          <p className="font-medium text-brand-800 dark:text-brand-100">{specialtyLabel(doctor.specialty)}</p>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
            <li className="flex items-center gap-1">
              <Building2 className="size-4" aria-hidden="true" />
              {doctor.hospital}
            </li>
            <li className="flex items-center gap-1">
              <Briefcase className="size-4" aria-hidden="true" />
              {t('card.experience', { count: doctor.experience })}
            </li>
            <li className="flex items-center gap-1">
              <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
              {t('card.rating', { rating: formatRating(doctor.rating, i18n.language) })} ·{' '}
              {t('card.reviews', { count: doctor.reviewCount })}
            </li>
          </ul>
        </div>
        {user?.role === 'patient' ? (
          // Booking itself belongs to the appointments view; the doctor travels in the URL, not in storage.
          <Link
            to={`${pathForView('appointments')}/book?doctorId=${encodeURIComponent(doctor.id)}`}
            className={buttonClasses('primary')}
            data-testid="book-appointment"
          >
            <CalendarPlus className="size-4" aria-hidden="true" />
            {t('profile.book')}
          </Link>
        ) : null}
      </header>

      {doctor.bio ? <p className="text-slate-800 dark:text-slate-200">{doctor.bio}</p> : null}

      <div className="grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="profile-details"
          className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
        >
          <h2 id="profile-details" className="text-lg font-semibold">
            {t('profile.details')}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium">{t('card.fee')}</dt>
            <dd>{formatFee(doctor.consultationFee, i18n.language)}</dd>
            {doctor.department ? (
              <>
                <dt className="font-medium">{t('profile.department')}</dt>
                <dd>{doctor.department}</dd>
              </>
            ) : null}
            <dt className="flex items-center gap-1 font-medium">
              <Languages className="size-4" aria-hidden="true" />
              {t('profile.languages')}
            </dt>
            <dd data-testid="profile-languages">{doctor.languages.map((language) => t(`languages.${language}`, language)).join(', ')}</dd>
            <dt className="flex items-center gap-1 font-medium">
              <Video className="size-4" aria-hidden="true" />
              {t('profile.telemedicine')}
            </dt>
            <dd>{doctor.telemedicineEnabled ? t('profile.telemedicineYes') : t('profile.telemedicineNo')}</dd>
          </dl>
          <h3 className="font-semibold">{t('card.qualifications')}</h3>
          <ul className="list-disc ps-5 text-sm" data-testid="profile-qualifications">
            {doctor.qualifications.map((qualification) => (
              <li key={qualification}>{qualification}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="profile-availability" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <h2 id="profile-availability" className="text-lg font-semibold">
            {t('profile.availability')}
          </h2>
          <table className="mt-3 w-full text-sm" data-testid="profile-availability">
            <caption className="sr-only">{t('profile.availabilityCaption', { name })}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">{t('profile.day')}</th>
                <th scope="col">{t('profile.hours')}</th>
              </tr>
            </thead>
            <tbody>
              {WEEK.map((day) => {
                const open = (slotsByDay.get(day) ?? []).filter((slot) => slot.isAvailable);
                return (
                  <tr key={day} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                    <th scope="row" className="py-2 text-start font-medium">
                      {format.day(day)}
                    </th>
                    <td className="py-2 text-end">
                      {open.length === 0 ? (
                        <span className="text-slate-600 dark:text-slate-400">{t('profile.unavailable')}</span>
                      ) : (
                        open.map((slot) => (
                          <span key={slot.startTime} className="block">
                            {t('profile.slot', { start: format.time(slot.startTime), end: format.time(slot.endTime) })}
                          </span>
                        ))
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}
