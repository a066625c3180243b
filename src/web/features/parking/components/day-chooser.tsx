import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addCalendarDays, isCalendarDate } from '../../../../contracts/dates';
import { PARKING_DAYS } from '../../../../contracts/parking';
import { DateField } from '../../../components/form/date-field';
import { Button } from '../../../components/ui/button';
import { dayLabel } from './spot-words';

// Which day of the clinic's calendar the car park shows: a date field, the day before and after,
// and a way back to today. The window is counted from the clinic's today as the server sent it
// (never the browser's clock), a day inside the server's own window at both ends. A day typed
// outside it, or not yet whole, is said beside the field once it is left; the shown day stays.

/** The first and last day the desk may look at, around the clinic's `today`. */
export function dayWindow(today: string): { first: string; last: string } {
  return { first: addCalendarDays(today, -(PARKING_DAYS.behind - 1)), last: addCalendarDays(today, PARKING_DAYS.ahead - 1) };
}

export function DayChooser({ day, today, onChange }: { day: string; today: string; onChange: (day: string) => void }) {
  const { t, i18n } = useTranslation('parking');
  const { first, last } = dayWindow(today);
  const [draft, setDraft] = useState(day);
  const [seen, setSeen] = useState(day);
  const [error, setError] = useState<string | undefined>();
  // A day chosen by the buttons replaces what was typed.
  if (day !== seen) {
    setSeen(day);
    setDraft(day);
    setError(undefined);
  }
  const fits = (value: string) => isCalendarDate(value) && value >= first && value <= last;
  const go = (value: string) => {
    setError(undefined);
    onChange(value);
  };
  const check = () => {
    if (fits(draft)) return;
    setError(
      isCalendarDate(draft)
        ? t('day.outside', { first: dayLabel(first, i18n.language), last: dayLabel(last, i18n.language) })
        : t('day.invalid'),
    );
  };

  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="parking-day">
      {/* Checked when focus leaves the field, not when it moves between its boxes. */}
      <div
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) check();
        }}
      >
        <DateField
          name="parkingDay"
          label={t('day.label')}
          description={t('day.hint')}
          value={draft}
          error={error}
          onChange={(value) => {
            setDraft(value);
            if (fits(value)) go(value);
          }}
        />
      </div>
      <div className="flex flex-wrap gap-2 pb-1">
        <Button
          variant="secondary"
          className="min-h-10 px-2 py-1"
          aria-label={t('day.previous')}
          onClick={() => go(addCalendarDays(day, -1))}
          disabled={day <= first}
        >
          <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        </Button>
        <Button variant="secondary" className="min-h-10 px-3 py-1" onClick={() => go(today)} disabled={day === today}>
          {t('day.today')}
        </Button>
        <Button
          variant="secondary"
          className="min-h-10 px-2 py-1"
          aria-label={t('day.next')}
          onClick={() => go(addCalendarDays(day, 1))}
          disabled={day >= last}
        >
          <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
        </Button>
      </div>
      <p className="w-full font-medium" aria-live="polite" data-testid="parking-day-shown">
        {day === today
          ? t('day.showingToday', { day: dayLabel(day, i18n.language) })
          : t('day.showing', { day: dayLabel(day, i18n.language) })}
      </p>
    </div>
  );
}
