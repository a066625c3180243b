import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Times and days of the doctor's home in the reader's language and on the clinic's clock (the
// zone the server names), so a visit at 09:00 in the clinic reads 09:00 wherever the doctor is.

export interface ClinicFormat {
  /** An instant's time of day on the clinic's clock. */
  time(iso: string): string;
  /** A calendar day (YYYY-MM-DD) with its weekday, e.g. "Thursday, 26 November". */
  day(date: string): string;
  /** A calendar day, short, e.g. "Thu 26". */
  shortDay(date: string): string;
  /** A count. */
  number(value: number): string;
}

export function useClinicFormat(timeZone: string): ClinicFormat {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
    // Calendar days have no zone of their own: read them at UTC midnight, shown as that same day.
    const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    const shortDay = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(locale);
    const utc = (date: string) => new Date(`${date}T00:00:00Z`);
    return {
      time: (iso) => time.format(new Date(iso)),
      day: (date) => day.format(utc(date)),
      shortDay: (date) => shortDay.format(utc(date)),
      number: (value) => number.format(value),
    };
  }, [locale, timeZone]);
}

/** The current time, again every minute (a visit can be marked as a no-show once its start has passed). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
