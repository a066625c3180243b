import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKING, bookingApi } from '../../../contracts/booking';
import { routeQuery } from '../../lib/api-routes';
import { addDays, groupByDay, wallClockOf } from '../../lib/slot-days';
import { Button } from '../ui/button';
import { InlineLoading, QueryError } from '../ui/query-states';

// Free times of one doctor, two weeks at a time, grouped by the days of one zone (the patient's own,
// or the clinic's at the front desk). Days and times are native radio groups: Tab reaches each
// group, the arrow keys move within it.

const WINDOW_DAYS = 14;

/** The doctor's free slots; the key starts with the URL, so a booking anywhere refreshes them. */
export function slotsQuery(doctorId: string, from: string, to: string, timeZone: string) {
  return routeQuery(bookingApi.slots, { params: { id: doctorId }, query: { from, to, timeZone } });
}

export interface PickedSlot {
  startsAt: string;
  date: string;
  time: string;
}

interface SlotPickerProps {
  doctorId: string;
  timeZone: string;
  value: PickedSlot | null;
  onChange: (slot: PickedSlot | null) => void;
  error?: string;
  /** For ids: one picker per form. */
  name: string;
}

export function SlotPicker({ doctorId, timeZone, value, onChange, error, name }: SlotPickerProps) {
  const { t, i18n } = useTranslation('booking');
  const today = wallClockOf(new Date().toISOString(), timeZone).date;
  const [from, setFrom] = useState(today);
  const to = addDays(from, WINDOW_DAYS - 1);
  const query = useQuery(slotsQuery(doctorId, from, to, timeZone));
  const days = useMemo(() => groupByDay(query.data?.data ?? [], timeZone), [query.data, timeZone]);
  const [chosenDay, setChosenDay] = useState<string | null>(value?.date ?? null);
  const day = days.find((d) => d.date === chosenDay) ?? days.find((d) => d.date === value?.date);
  const errorId = useId();

  const locale = i18n.resolvedLanguage ?? 'en';
  const dayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const longDayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const timeFormat = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  const asDate = (date: string) => new Date(`${date}T12:00:00Z`);
  const maxFrom = addDays(today, BOOKING.maxRangeDays * 3);

  const move = (days: number) => {
    setFrom(addDays(from, days));
    setChosenDay(null);
  };

  return (
    <div className="flex flex-col gap-3" data-testid={`${name}-slots`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="secondary" onClick={() => move(-WINDOW_DAYS)} disabled={from <= today}>
          <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          {t('slots.earlier')}
        </Button>
        <p className="text-sm font-medium" aria-live="polite">
          {t('slots.range', { from: dayFormat.format(asDate(from)), to: dayFormat.format(asDate(to)) })}
        </p>
        <Button variant="secondary" onClick={() => move(WINDOW_DAYS)} disabled={from >= maxFrom}>
          {t('slots.later')}
          <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
        </Button>
      </div>
      {query.isPending ? (
        <InlineLoading />
      ) : query.isError ? (
        <QueryError message={t('slots.loadFailed')} onRetry={() => void query.refetch()} />
      ) : days.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('slots.none')}</p>
      ) : (
        <>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">{t('slots.legendDay')}</legend>
            <div className="flex flex-wrap gap-2">
              {days.map((d) => (
                <label key={d.date} className={chipClasses}>
                  <input
                    type="radio"
                    name={`${name}-day`}
                    value={d.date}
                    checked={day?.date === d.date}
                    onChange={() => setChosenDay(d.date)}
                    className="sr-only"
                  />
                  {dayFormat.format(asDate(d.date))}
                </label>
              ))}
            </div>
          </fieldset>
          {day ? (
            <fieldset aria-describedby={error ? errorId : undefined}>
              <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
                {t('slots.legendTime', { day: longDayFormat.format(asDate(day.date)) })}
              </legend>
              <div className="flex flex-wrap gap-2">
                {day.slots.map((slot) => (
                  <label key={slot.startsAt} className={chipClasses} data-testid="slot">
                    <input
                      type="radio"
                      name={`${name}-time`}
                      value={slot.startsAt}
                      checked={value?.startsAt === slot.startsAt}
                      onChange={() => onChange({ startsAt: slot.startsAt, date: day.date, time: slot.time })}
                      className="sr-only"
                    />
                    <time dateTime={slot.startsAt}>{timeFormat.format(new Date(slot.startsAt))}</time>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('slots.pickDay')}</p>
          )}
        </>
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const chipClasses =
  'inline-flex min-h-10 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 hover:bg-slate-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-slate-900 dark:border-slate-600 dark:has-[:focus-visible]:outline-brand-200 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 dark:has-[:checked]:bg-brand-700';
