import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// Dates, times and numbers of the clinical views, in the user's language (Intl) and the browser's
// time zone (UTC on the wire, shown in the user's time zone: docs/architecture.md, Conventions).

/**
 * A number and its unit as one piece of text that keeps its own direction inside a sentence:
 * "73 /min" stays "73 /min" inside Arabic, where it would otherwise be laid out back to front.
 * The first-strong isolate (U+2068 … U+2069) takes the direction of the unit's own script, so an
 * Arabic unit reads right to left; the no-break space keeps the two on one line.
 */
export function quantity(value: string, unit: string): string {
  return unit ? `\u2068${value}\u00a0${unit}\u2069` : `\u2068${value}\u2069`;
}

export interface ClinicalFormat {
  locale: string;
  /** An instant with date and time, e.g. "12 Mar 2026, 14:30". */
  dateTime(iso: string): string;
  /** An instant's date only. */
  date(iso: string): string;
  /** A calendar date (YYYY-MM-DD) that has no time zone: shown as that same day everywhere. */
  calendarDate(isoDate: string): string;
  /** A short date for chart axes. */
  shortDate(iso: string): string;
  number(value: number): string;
}

export function clinicalFormat(locale: string, timeZone?: string): ClinicalFormat {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const calendar = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return {
    locale,
    dateTime: (iso) => dateTime.format(new Date(iso)),
    date: (iso) => date.format(new Date(iso)),
    calendarDate: (isoDate) => {
      const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
      return calendar.format(new Date(Date.UTC(year, month - 1, day)));
    },
    shortDate: (iso) => short.format(new Date(iso)),
    number: (value) => number.format(value),
  };
}

export function useClinicalFormat(): ClinicalFormat {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => clinicalFormat(locale), [locale]);
}
