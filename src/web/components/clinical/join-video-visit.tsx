import { Video } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VIDEO_VISIT_STATUSES, videoWindow } from '../../../contracts/video-visits';
import { buttonClasses } from '../ui/button';

// "Join video visit" on a video appointment, for its patient and its doctor: a link to the visit's
// page from ten minutes before the start until the visit's window closes; before that the button is
// there but disabled, saying from when it opens. Nothing for a visit in person, cancelled or done.

const TICK_MS = 30_000;
const LIVE: readonly string[] = VIDEO_VISIT_STATUSES;

interface VideoAppointment {
  id: string;
  type: string;
  status: string;
  startsAt: string;
  duration: number;
}

export function JoinVideoVisit({ appointment }: { appointment: VideoAppointment }) {
  const { t, i18n } = useTranslation('video');
  const reasonId = useId();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (appointment.type !== 'video' || !LIVE.includes(appointment.status)) return null;
  const { opensAt, closesAt } = videoWindow(new Date(appointment.startsAt), appointment.duration);
  if (now > closesAt.getTime()) return null;
  if (now < opensAt.getTime()) {
    const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(opensAt);
    return (
      <span className="flex flex-col gap-1">
        <button type="button" disabled aria-describedby={reasonId} className={buttonClasses('secondary')} data-testid="join-video-visit">
          <Video className="size-4" aria-hidden="true" />
          {t('joinVisit')}
        </button>
        <span id={reasonId} className="text-xs text-slate-700 dark:text-slate-300">
          {t('opensAt', { time })}
        </span>
      </span>
    );
  }
  return (
    <Link to={`/appointments/${appointment.id}/video`} className={buttonClasses('primary')} data-testid="join-video-visit">
      <Video className="size-4" aria-hidden="true" />
      {t('joinVisit')}
    </Link>
  );
}
