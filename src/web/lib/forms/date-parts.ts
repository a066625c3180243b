// How a calendar day is written in a language: which of day, month and year comes first and what
// stands between them, as Intl formats a sample day there (en 11/23/2001, de 23.11.2001,
// zh 2001/11/23, ar 23/11/2001 read right to left). The date field lays out its three boxes in
// that order; the value it yields is always the ISO day, YYYY-MM-DD.

export type DatePart = 'day' | 'month' | 'year';

export interface DateLayout {
  /** The three parts in the order the language writes them. */
  order: [DatePart, DatePart, DatePart];
  /** What is written after each of the first two parts. */
  separators: [string, string];
}

export interface DatePartValues {
  day: string;
  month: string;
  year: string;
}

const FALLBACK: DateLayout = { order: ['year', 'month', 'day'], separators: ['-', '-'] };
// Direction marks Intl puts around separators (Arabic) are the page's business, not the field's.
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

const layouts = new Map<string, DateLayout>();

export function dateLayout(locale: string): DateLayout {
  const known = layouts.get(locale);
  if (known) return known;
  let layout = FALLBACK;
  try {
    const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(
      Date.UTC(2001, 10, 23),
    );
    const order: DatePart[] = [];
    const separators: string[] = [];
    for (const part of parts) {
      if (part.type === 'day' || part.type === 'month' || part.type === 'year') order.push(part.type);
      else if (part.type === 'literal' && order.length > 0 && order.length < 3) {
        separators[order.length - 1] = part.value.replace(BIDI_MARKS, '').trim() || ' ';
      }
    }
    if (order.length === 3 && new Set(order).size === 3) {
      layout = { order: order as DateLayout['order'], separators: [separators[0] ?? '/', separators[1] ?? '/'] };
    }
  } catch {
    // An unknown locale keeps the ISO order.
  }
  layouts.set(locale, layout);
  return layout;
}

/** The longest each part may be typed. */
export const PART_LENGTH: Record<DatePart, number> = { day: 2, month: 2, year: 4 };

/** Digits as typed in any of the app's scripts (Arabic-Indic and Persian digits too), as ASCII; nothing else. */
export function asciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\D/g, '');
}

/**
 * The value the parts make: empty when nothing is typed, the ISO day when all three are, and
 * otherwise a text the date rules refuse as not a date (so half a date is never taken for none).
 */
export function composeDate({ day, month, year }: DatePartValues): string {
  if (!day && !month && !year) return '';
  const pad = (text: string) => (text.length === 1 ? `0${text}` : text);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The parts of a value: an ISO day split, anything else as typed where it can be read. */
export function splitDate(value: string | null | undefined): DatePartValues {
  const match = /^(\d{0,4})-(\d{0,2})-(\d{0,2})$/.exec(value ?? '');
  if (!match) return { day: '', month: '', year: '' };
  return { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' };
}
