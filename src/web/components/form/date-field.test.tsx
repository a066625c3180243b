import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { boundedDateSchema } from '../../../contracts/dates';
import { clearFormBackups } from '../../lib/forms/form-backup';
import { dateLayout } from '../../lib/forms/date-parts';
import { i18next, initI18n } from '../../lib/i18n';
import { dateBox, dateBoxesValue, typeDate } from '../../test/date-field';
import { DateInput } from './fields';
import { Form, SubmitButton } from './form';
import { useSchemaForm } from './use-schema-form';

// The kit's date field in four languages: its boxes in the reader's order, one labelled group,
// the ISO day as its value, and the contract's bounds said in the reader's language.

const schema = z.object({ day: boundedDateSchema() });
type Values = z.input<typeof schema>;

function Sample({ onSubmit, initial = '' }: { onSubmit: (values: Values) => void; initial?: string }) {
  const form = useSchemaForm({ schema, defaultValues: { day: initial } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <DateInput name="day" label="Visit day" />
      <SubmitButton>Send</SubmitButton>
    </Form>
  );
}

const group = () => screen.getByRole('group', { name: 'Visit day' });
/** The parts as the boxes stand on screen, in order. */
const shownOrder = () =>
  within(group())
    .getAllByRole('textbox')
    .map((box) => box.getAttribute('name')?.split('.')[1]);

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  clearFormBackups();
  await i18next.changeLanguage('en');
});

describe('date layout from Intl', () => {
  it('puts day, month and year in each language’s order with its separators', () => {
    expect(dateLayout('en')).toEqual({ order: ['month', 'day', 'year'], separators: ['/', '/'] });
    expect(dateLayout('de')).toEqual({ order: ['day', 'month', 'year'], separators: ['.', '.'] });
    expect(dateLayout('zh')).toEqual({ order: ['year', 'month', 'day'], separators: ['/', '/'] });
    expect(dateLayout('ar').order).toEqual(['day', 'month', 'year']);
    expect(dateLayout('ar').separators.join('')).not.toMatch(/[\u200e\u200f\u061c]/);
  });
});

describe.each([
  { lang: 'en', order: ['month', 'day', 'year'] },
  { lang: 'de', order: ['day', 'month', 'year'] },
  { lang: 'zh', order: ['year', 'month', 'day'] },
  { lang: 'ar', order: ['day', 'month', 'year'] },
])('the date field in $lang', ({ lang, order }) => {
  it('shows its boxes in the reader’s order, each named in the reader’s language, and yields the ISO day', async () => {
    await i18next.changeLanguage(lang);
    const onSubmit = vi.fn();
    render(<Sample onSubmit={onSubmit} />);
    expect(shownOrder()).toEqual(order);
    expect(within(group()).getByRole('textbox', { name: i18next.t('common:dateField.day') })).toBe(dateBox(group(), 'day'));
    expect(within(group()).getByRole('textbox', { name: i18next.t('common:dateField.year') })).toBe(dateBox(group(), 'year'));

    const user = userEvent.setup();
    await typeDate(user, group(), '1988-04-07');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ day: '1988-04-07' });
  });

  it('refuses a day outside 1900–2200 and half a date in the reader’s language, keeping what was typed', async () => {
    await i18next.changeLanguage(lang);
    const onSubmit = vi.fn();
    render(<Sample onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await typeDate(user, group(), '1850-01-02');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const error = await screen.findByTestId('day-error');
    expect(error).toHaveTextContent(i18next.t('validation:date.outOfRange'));
    if (lang !== 'en') expect(error).not.toHaveTextContent('Please enter a date between 1900 and 2200');
    expect(group().getAttribute('aria-describedby')).toContain(error.id);
    expect(dateBox(group(), 'year')).toHaveAttribute('aria-invalid', 'true');
    expect(dateBoxesValue(group())).toEqual({ day: '02', month: '01', year: '1850' });
    // The first box in the reader's order takes focus.
    expect(dateBox(group(), order[0] as 'day')).toHaveFocus();

    // Editing clears the message; a day with no month is not a date.
    await user.clear(dateBox(group(), 'month'));
    expect(screen.queryByTestId('day-error')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('day-error')).toHaveTextContent(i18next.t('validation:date.invalid'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('typing in the date field', () => {
  it('moves on when a box is full, goes back with Backspace in an empty box, and reads Arabic-Indic digits', async () => {
    await i18next.changeLanguage('de');
    const onSubmit = vi.fn();
    render(<Sample onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(dateBox(group(), 'day'));
    await user.keyboard('07');
    expect(dateBox(group(), 'month')).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(dateBox(group(), 'day')).toHaveFocus();
    await user.click(dateBox(group(), 'month'));
    await user.keyboard('٠٤');
    expect(dateBox(group(), 'month')).toHaveValue('04');
    expect(dateBox(group(), 'year')).toHaveFocus();
    await user.keyboard('١٩٨٨');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ day: '1988-04-07' });
  });

  it('shows a value the form already holds, and an empty field is empty', async () => {
    render(<Sample onSubmit={vi.fn()} initial="2026-11-26" />);
    expect(dateBoxesValue(group())).toEqual({ day: '26', month: '11', year: '2026' });
  });
});
