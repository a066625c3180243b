import { useQuery } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AppointmentItem } from '../../../components/clinical/appointment-item';
import { buttonClasses } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { QueryStates } from '../../../components/ui/query-states';
import { patientAppointmentsQuery, type AppointmentWhen } from '../../../lib/clinical/queries';
import { useSession } from '../../../lib/session/use-session';
import { AppointmentExtras } from '../components/appointment-actions';
import { JoinVideoVisit } from '../../../components/clinical/join-video-visit';
import { WaitlistSection } from '../components/waitlist-section';
import type { BookedNotice } from './book-appointment-page';

const TABS: readonly AppointmentWhen[] = ['upcoming', 'past'];

/** The patient's appointments, upcoming (soonest first) and past (newest first); booking and changes start here. */
export function AppointmentsPage() {
  const { t, i18n } = useTranslation(['health', 'booking']);
  const location = useLocation();
  const booked = (location.state as BookedNotice | null)?.booked;
  const [notice, setNotice] = useState<string | null>(null);
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: AppointmentWhen = params.get('tab') === 'past' ? 'past' : 'upcoming';
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  if (!user) return null;
  const bookedText = booked
    ? t(booked.status === 'requested' ? 'booking:book.requestSent' : 'booking:book.success', {
        when: new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(booked.startsAt),
        ),
      })
    : null;

  const select = (next: AppointmentWhen) => {
    setParams(next === 'upcoming' ? {} : { tab: next }, { replace: true });
    tabRefs.current[next]?.focus();
  };
  // WAI-ARIA tabs: arrow keys move between tabs (mirrored under right-to-left).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const index = TABS.indexOf(tab);
    select(TABS[(index + 1) % TABS.length] ?? 'upcoming');
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{t('appointments.title')}</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{t('appointments.intro', { timeZone })}</p>
        </div>
        <Link to="/appointments/book" className={buttonClasses('primary')} data-testid="book-appointment">
          <CalendarPlus className="size-4" aria-hidden="true" />
          {t('booking:book.action')}
        </Link>
      </header>
      {(notice ?? bookedText) ? (
        <FormAlert tone="success" testId="appointments-notice">
          {notice ?? bookedText}
        </FormAlert>
      ) : null}
      <div
        role="tablist"
        aria-label={t('appointments.tabs')}
        className="flex gap-2 border-b border-slate-200 dark:border-slate-800"
        onKeyDown={onKeyDown}
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`appointments-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="appointments-panel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => select(name)}
            className={`-mb-px min-h-10 border-b-2 px-4 py-2 text-sm font-medium ${
              tab === name
                ? 'border-brand-700 text-brand-800 dark:border-brand-500 dark:text-brand-100'
                : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
            }`}
          >
            {t(`appointments.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="appointments-panel" aria-labelledby={`appointments-tab-${tab}`}>
        <AppointmentTab patientId={user.id} when={tab} onNotice={setNotice} rescheduling={params.get('reschedule')} />
      </div>
      <WaitlistSection onNotice={setNotice} />
    </div>
  );
}

function AppointmentTab({
  patientId,
  when,
  onNotice,
  rescheduling,
}: {
  patientId: string;
  when: AppointmentWhen;
  onNotice: (text: string) => void;
  /** The appointment whose new time to choose at once (from a reminder's link). */
  rescheduling: string | null;
}) {
  const { t } = useTranslation('health');
  const query = useQuery(patientAppointmentsQuery(patientId, when));
  return (
    <QueryStates
      query={query}
      errorText={t('errors.appointments')}
      emptyText={when === 'upcoming' ? t('appointments.noUpcoming') : t('appointments.noPast')}
      isEmpty={(answer) => answer.data.length === 0}
    >
      {(answer) => (
        <ul className="flex flex-col gap-3">
          {answer.data.map((appointment) => (
            <li
              key={appointment.id}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <AppointmentItem appointment={appointment} detailed />
              {/* A video visit can still be joined a while after its start, when it is listed as past. */}
              {when === 'past' ? (
                <div className="mt-3">
                  <JoinVideoVisit appointment={appointment} />
                </div>
              ) : null}
              {when === 'upcoming' ? (
                <AppointmentExtras
                  appointment={appointment}
                  onNotice={onNotice}
                  opening={appointment.id === rescheduling ? 'reschedule' : null}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </QueryStates>
  );
}
