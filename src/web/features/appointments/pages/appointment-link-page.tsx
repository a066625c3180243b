import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { UsedAppointmentLink } from '../../../../contracts/appointment-links';
import { pathForView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useDoctorName } from '../../../lib/person-name';
import { appointmentLinkQuery, useAppointmentLink } from '../api/waitlist';

/**
 * A reminder's one-click link, open without sign-in: the appointment in brief (when, with whom)
 * and the one button that confirms, cancels or opens a new time for it. Opening the page changes
 * nothing (mail scanners follow links); a used or expired link says so, and an unknown one says
 * only that it is not available.
 */
export function AppointmentLinkPage() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation('booking');
  const doctorName = useDoctorName();
  const navigate = useNavigate();
  const query = useQuery(appointmentLinkQuery(token));
  const use = useAppointmentLink(token);
  const [done, setDone] = useState<UsedAppointmentLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'full', timeStyle: 'short' });

  if (query.isPending) return <DelayedLoading />;

  if (query.isError) {
    const code = query.error instanceof ApiError ? query.error.code : undefined;
    const known = code === 'LINK_USED' || code === 'LINK_EXPIRED' || code === 'NOT_FOUND';
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center" aria-labelledby="link-title">
        <LinkIcon className="size-10 text-slate-500" aria-hidden="true" />
        <h1 id="link-title" className="text-2xl font-semibold">
          {code === 'LINK_USED'
            ? t('link.usedTitle')
            : code === 'LINK_EXPIRED'
              ? t('link.expiredTitle')
              : known
                ? t('link.unavailableTitle')
                : t('link.errorTitle')}
        </h1>
        <p className="text-slate-700 dark:text-slate-300">
          {code === 'LINK_USED'
            ? t('link.usedBody')
            : code === 'LINK_EXPIRED'
              ? t('link.expiredBody')
              : known
                ? t('link.unavailableBody')
                : t('link.errorBody')}
        </p>
        {known ? null : <Button onClick={() => void query.refetch()}>{t('link.tryAgain')}</Button>}
      </section>
    );
  }

  const link = query.data;
  const when = format.format(new Date(link.startsAt));
  const press = async () => {
    setError(null);
    try {
      const used = await use.mutateAsync(link.action);
      if (used.action === 'reschedule') {
        // Choosing a new time needs the portal: sign-in first when needed, then the appointment's dialog.
        void navigate(`${pathForView('appointments')}?reschedule=${used.appointmentId}`);
        return;
      }
      setDone(used);
    } catch (failure) {
      setError(errorText(t, failure, t('link.failed')));
    }
  };

  return (
    <section className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-16" aria-labelledby="link-title">
      <CalendarCheck className="size-10 text-brand-700 dark:text-brand-500" aria-hidden="true" />
      <h1 id="link-title" className="text-2xl font-semibold">
        {t(`link.title.${link.action}`)}
      </h1>
      <p className="text-slate-700 dark:text-slate-300" data-testid="link-appointment">
        {t(link.type === 'video' ? 'link.appointmentVideo' : 'link.appointment', { when, name: doctorName(link.doctor) })}
      </p>
      {done ? (
        <FormAlert tone="success" testId="link-done">
          {t(`link.done.${done.action}`, { when })}
        </FormAlert>
      ) : (
        <div>
          <Button onClick={() => void press()} disabled={use.isPending} data-testid="link-action">
            {t(`link.button.${link.action}`)}
          </Button>
        </div>
      )}
      {error ? <FormAlert testId="link-error">{error}</FormAlert> : null}
    </section>
  );
}
