import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { WAITING_ROOM_PAGE_PATH, type WaitingRoomDoctor, type WaitingRoomTicket } from '../../../../contracts/waiting-room';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { useDoctorName } from '../../../lib/person-name';
import { PermissionGuard } from '../../../lib/permissions/permission-guard';
import { useSession } from '../../../lib/session/use-session';
import { waitingRoomQuery } from '../api/waiting-room';

// The screen in the waiting room, read from across the room at 1920×1080: per doctor, the ticket
// being seen now and the tickets next, each with the patient's initials and the estimated wait.
// Nobody is named. It fills the screen (no portal frame), follows the queues live and keeps its
// clock current; a sign-in is needed, and the display account or staff who run the day may open it.

const MINUTE = 60_000;

export function WaitingRoomPage() {
  const { status } = useSession();
  if (status === 'loading') return <DelayedLoading />;
  if (status === 'anonymous') return <Navigate to={`/login?next=${encodeURIComponent(WAITING_ROOM_PAGE_PATH)}`} replace />;
  return (
    <PermissionGuard roles={['staff', 'admin']} permissions={['appointments.queue.display', 'appointments.view.all']}>
      <Board />
    </PermissionGuard>
  );
}

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE / 4);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Board() {
  const { t, i18n } = useTranslation('waiting-room');
  const board = useQuery(waitingRoomQuery());
  const now = useClock();
  useEffect(() => {
    document.title = t('title');
  }, [t]);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(now);

  return (
    <main className="flex min-h-screen flex-col gap-8 bg-slate-950 px-12 py-10 text-white" data-testid="waiting-room">
      <header className="flex items-baseline justify-between gap-6">
        <h1 className="text-6xl font-bold tracking-tight">{t('title')}</h1>
        <time className="text-5xl font-semibold tabular-nums" dateTime={now.toISOString()}>
          {time}
        </time>
      </header>
      {board.isPending ? (
        <DelayedLoading />
      ) : board.data === undefined ? (
        // Whatever went wrong, the room reads the same sentence; the board asks again on its own
        // (after a failed refresh the last board stays up instead).
        <p role="alert" className="text-4xl text-amber-200">
          {t('loadFailed')}
        </p>
      ) : board.data.doctors.length === 0 ? (
        <p className="text-5xl text-slate-200" data-testid="waiting-room-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fit,minmax(26rem,1fr))] gap-8" aria-live="polite">
          {board.data.doctors.map((doctor) => (
            <DoctorColumn key={doctor.letter} doctor={doctor} />
          ))}
        </ul>
      )}
      <p className="mt-auto text-3xl text-slate-300">{t('hint')}</p>
    </main>
  );
}

function DoctorColumn({ doctor }: { doctor: WaitingRoomDoctor }) {
  const { t } = useTranslation('waiting-room');
  const doctorName = useDoctorName();
  return (
    <li
      className="flex flex-col gap-6 rounded-3xl border-2 border-slate-700 bg-slate-900 p-8"
      data-testid={`waiting-room-doctor-${doctor.letter}`}
    >
      <h2 className="text-5xl font-bold break-words">
        <span className="me-4 inline-block rounded-xl bg-brand-700 px-4 text-white">{doctor.letter}</span>
        {doctorName(doctor.doctor)}
      </h2>
      <section aria-label={t('nowSeeing')} className="flex flex-col gap-3">
        <h3 className="text-3xl font-semibold tracking-wide text-emerald-300 uppercase">{t('nowSeeing')}</h3>
        {doctor.nowSeeing.length === 0 ? (
          <p className="text-4xl text-slate-300">{t('nobodyNow')}</p>
        ) : (
          doctor.nowSeeing.map((ticket) => <Ticket key={ticket.ticket} ticket={ticket} now />)
        )}
      </section>
      <section aria-label={t('next')} className="flex flex-col gap-3">
        <h3 className="text-3xl font-semibold tracking-wide text-sky-300 uppercase">{t('next')}</h3>
        {doctor.next.length === 0 ? (
          <p className="text-4xl text-slate-300">{t('nobodyWaiting')}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {doctor.next.map((ticket) => (
              <li key={ticket.ticket}>
                <Ticket ticket={ticket} />
              </li>
            ))}
          </ol>
        )}
        {doctor.moreWaiting > 0 ? <p className="text-3xl text-slate-200">{t('moreWaiting', { count: doctor.moreWaiting })}</p> : null}
      </section>
    </li>
  );
}

function Ticket({ ticket, now = false }: { ticket: WaitingRoomTicket; now?: boolean }) {
  const { t } = useTranslation('waiting-room');
  return (
    <div
      className={`flex items-baseline justify-between gap-6 rounded-2xl px-6 py-4 ${now ? 'bg-emerald-900' : 'bg-slate-800'}`}
      data-testid="waiting-room-ticket"
    >
      <span className="text-6xl font-bold tabular-nums">{ticket.ticket}</span>
      <span className="text-5xl font-semibold">{ticket.initials}</span>
      {now ? null : <span className="text-4xl text-slate-100 tabular-nums">{t('wait', { count: ticket.waitMinutes })}</span>}
    </div>
  );
}
