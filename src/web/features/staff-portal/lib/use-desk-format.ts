import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Times of the staff home in the reader's language on the clinic's clock (the zone the server
// names), so a visit at 09:00 in the clinic reads 09:00 at the desk whatever the browser's zone.

export interface DeskFormat {
  /** An instant's time of day, for reading. */
  time(iso: string): string;
  /** An instant's day and time, for reading. */
  dateTime(iso: string): string;
  /** A calendar day (YYYY-MM-DD), for reading. */
  day(date: string): string;
  /** An instant's calendar day on the clinic's clock, YYYY-MM-DD (a form's value). */
  date(iso: string): string;
  /** An instant's time on the clinic's clock, HH:mm (a form's value). */
  clockTime(iso: string): string;
  number(value: number): string;
}

export function useDeskFormat(timeZone: string): DeskFormat {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const number = new Intl.NumberFormat(locale);
    const part = (iso: string, type: string) => parts.formatToParts(new Date(iso)).find((p) => p.type === type)?.value ?? '';
    return {
      time: (iso) => time.format(new Date(iso)),
      dateTime: (iso) => dateTime.format(new Date(iso)),
      day: (date) => day.format(new Date(`${date}T00:00:00Z`)),
      date: (iso) => `${part(iso, 'year')}-${part(iso, 'month')}-${part(iso, 'day')}`,
      clockTime: (iso) => `${part(iso, 'hour')}:${part(iso, 'minute')}`,
      number: (value) => number.format(value),
    };
  }, [locale, timeZone]);
}

/** The current time, again every minute (arrivals within the hour, no-shows after the start). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
