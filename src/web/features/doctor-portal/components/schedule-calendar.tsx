import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addCalendarDays } from '../../../../contracts/dates';
import type { ScheduleItem } from '../../../../contracts/doctor-portal';
import { AppointmentConfirmedBadge, AppointmentStatusBadge } from '../../../components/clinical/appointment-item';
import { Button } from '../../../components/ui/button';
import { QueryStates } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { scheduleRangeQuery } from '../api/doctor-portal';
import { clinicDateOf, daysFrom, weekAround } from '../lib/clinic-days';
import { useClinicFormat } from '../lib/use-clinic-format';

// The doctor's appointments by day or by week (Monday to Sunday), on the clinic's calendar. Each
// day is a titled list, so a screen reader moves through it by headings and lists like any page;
// the toggle and the arrows are plain buttons.

type Mode = 'day' | 'week';

export function ScheduleCalendar({ today, timeZone }: { today: string; timeZone: string }) {
  const { t } = useTranslation('doctor-portal');
  const format = useClinicFormat(timeZone);
  const headingId = useId();
  const [mode, setMode] = useState<Mode>('week');
  const [anchor, setAnchor] = useState(today);
  const range = mode === 'week' ? weekAround(anchor) : { from: anchor, to: anchor };
  const query = useQuery(scheduleRangeQuery(range.from, range.to));
  const step = mode === 'week' ? 7 : 1;
  const label = mode === 'week' ? t('calendar.range', { from: format.day(range.from), to: format.day(range.to) }) : format.day(anchor);

  return (
    <section
      aria-labelledby={headingId}
      data-testid="doctor-calendar"
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('calendar.title')}
        </h2>
        <div role="group" aria-label={t('calendar.view')} className="inline-flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          {(['day', 'week'] as const).map((option) => (
            <Button
              key={option}
              variant={mode === option ? 'primary' : 'ghost'}
              className="min-h-9 px-3 py-1"
              aria-pressed={mode === option}
              onClick={() => setMode(option)}
            >
              {t(`calendar.${option}`)}
            </Button>
          ))}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          className="min-h-9 px-2 py-1"
          aria-label={mode === 'week' ? t('calendar.previousWeek') : t('calendar.previousDay')}
          onClick={() => setAnchor(addCalendarDays(anchor, -step))}
        >
          <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        </Button>
        <Button variant="secondary" className="min-h-9 px-3 py-1" onClick={() => setAnchor(today)} disabled={anchor === today}>
          {t('calendar.today')}
        </Button>
        <Button
          variant="secondary"
          className="min-h-9 px-2 py-1"
          aria-label={mode === 'week' ? t('calendar.nextWeek') : t('calendar.nextDay')}
          onClick={() => setAnchor(addCalendarDays(anchor, step))}
        >
          <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
        </Button>
        <p className="font-medium" aria-live="polite" data-testid="calendar-range">
          {label}
        </p>
      </div>
      <QueryStates
        query={query}
        errorText={errorText(t, query.error, t('calendar.loadFailed'))}
        emptyText={mode === 'week' ? t('calendar.emptyWeek') : t('calendar.emptyDay')}
        isEmpty={(answer) => answer.data.length === 0}
      >
        {(answer) => (
          <div className={mode === 'week' ? 'grid gap-3 md:grid-cols-2 xl:grid-cols-7' : 'flex flex-col'}>
            {daysFrom(answer.from, answer.to).map((day) => (
              <CalendarDay
                key={day}
                day={day}
                isToday={day === answer.today}
                items={answer.data.filter((item) => clinicDateOf(item.startsAt, answer.clinicTimeZone) === day)}
                timeZone={answer.clinicTimeZone}
                showHeading={mode === 'week'}
              />
            ))}
          </div>
        )}
      </QueryStates>
    </section>
  );
}

function CalendarDay({
  day,
  isToday,
  items,
  timeZone,
  showHeading,
}: {
  day: string;
  isToday: boolean;
  items: readonly ScheduleItem[];
  timeZone: string;
  showHeading: boolean;
}) {
  const { t } = useTranslation('doctor-portal');
  const nameOf = usePersonName();
  const format = useClinicFormat(timeZone);
  const headingId = useId();
  return (
    <section
      aria-labelledby={showHeading ? headingId : undefined}
      aria-label={showHeading ? undefined : format.day(day)}
      className={`flex min-w-0 flex-col gap-2 rounded-lg p-2 ${isToday ? 'bg-brand-50 dark:bg-brand-900/30' : 'bg-slate-50 dark:bg-slate-800/60'}`}
      data-testid={`calendar-day-${day}`}
    >
      {showHeading ? (
        <h3 id={headingId} className="text-sm font-semibold">
          {format.shortDay(day)}
          {isToday ? <span className="ms-1 font-normal">({t('calendar.today')})</span> : null}
        </h3>
      ) : null}
      {items.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('calendar.free')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.id} className="flex min-w-0 flex-col gap-1 rounded-md bg-white p-2 text-sm shadow-sm dark:bg-slate-900">
              <time dateTime={item.startsAt} className="font-medium tabular-nums">
                {format.time(item.startsAt)}
              </time>
              <span className="break-words">{nameOf(item.patient)}</span>
              <span className="flex flex-wrap items-center gap-1">
                <AppointmentStatusBadge status={item.status} />
                {item.confirmedAt ? <AppointmentConfirmedBadge confirmedAt={item.confirmedAt} timeZone={timeZone} /> : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
