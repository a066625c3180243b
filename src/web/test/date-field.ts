import type { UserEvent } from '@testing-library/user-event';
import type { DatePart } from '../lib/forms/date-parts';

// The kit's date field is three boxes in the reader's order (components/form/date-field.tsx);
// tests find them by the part their name ends in, whatever the language.

/** The box of one part inside a date field's group. */
export function dateBox(group: HTMLElement, part: DatePart): HTMLInputElement {
  const box = group.querySelector<HTMLInputElement>(`input[name$=".${part}"]`);
  if (!box) throw new Error(`no ${part} box in the date field`);
  return box;
}

/** The ISO day the boxes show, read back as the parts are written. */
export function dateBoxesValue(group: HTMLElement): { day: string; month: string; year: string } {
  return { day: dateBox(group, 'day').value, month: dateBox(group, 'month').value, year: dateBox(group, 'year').value };
}

/** Types an ISO day (YYYY-MM-DD) into a date field's boxes, replacing what they held. */
export async function typeDate(user: UserEvent, group: HTMLElement, iso: string): Promise<void> {
  const [year = '', month = '', day = ''] = iso.split('-');
  for (const [part, text] of [
    ['year', year],
    ['month', month],
    ['day', day],
  ] as const) {
    const box = dateBox(group, part);
    await user.clear(box);
    if (text) await user.type(box, text);
  }
}
