import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../../contracts/appointments';
import { appointmentQueueQuery } from '../../lib/clinical/queries';

// On the day of a visit the patient sees how many of the doctor's visits come first and about how
// long they will wait; on any other day there is nothing to show (and nothing is asked).

const WAITING = ['requested', 'scheduled', 'checked-in'];

function localDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function isWaitingToday(appointment: Appointment, now: Date = new Date()): boolean {
  return WAITING.includes(appointment.status) && localDate(new Date(appointment.startsAt)) === localDate(now);
}

export function AppointmentQueue({ appointment }: { appointment: Appointment }) {
  if (!isWaitingToday(appointment)) return null;
  return <QueueLine appointmentId={appointment.id} />;
}

function QueueLine({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation('booking');
  const query = useQuery(appointmentQueueQuery(appointmentId));
  if (!query.data) return null;
  return (
    <p className="flex items-center gap-2 text-sm font-medium text-brand-900 dark:text-brand-100" data-testid="queue-info">
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      {t('queue.position', { position: query.data.queuePosition })}
      {' · '}
      {query.data.estimatedWaitTime > 0 ? t('queue.wait', { count: query.data.estimatedWaitTime }) : t('queue.noWait')}
    </p>
  );
}
