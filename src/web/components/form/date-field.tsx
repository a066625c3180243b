import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  asciiDigits,
  composeDate,
  dateLayout,
  PART_LENGTH,
  splitDate,
  type DatePart,
  type DatePartValues,
} from '../../lib/forms/date-parts';
import { inputClasses } from '../ui/field';
import { FieldNotes, fieldNoteIds } from './field-notes';

// One date field for every language: the browser's own date input writes mm/dd/yyyy for a German
// or Arabic reader whatever the page's language, so the field is three boxes (day, month, year) in
// the reader's order with the reader's separators. It is one labelled group for assistive
// technology, each box names its part, typing moves on when a box is full and Backspace in an
// empty box goes back. The value is always the ISO day (YYYY-MM-DD), or '' when empty; the
// contract's schema says whether it is a date and within its bounds.

export interface DateFieldProps {
  /** The value's path in its form: each box is named `<name>.day` and so on, so focus finds it. */
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Receives the first box (the form focuses it to show an error). */
  inputRef?: Ref<HTMLInputElement>;
  /** Already translated. */
  error?: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The birthday's parts for password managers and autofill (`bday`). */
  autoComplete?: 'bday';
  id?: string;
  className?: string;
  /** Shows only the boxes: the label is read out, not shown (a field inside a table row). */
  hideLabel?: boolean;
  /** Shown beside the label, outside it (a form's required marker). */
  marker?: ReactNode;
}

const AUTOCOMPLETE: Record<DatePart, string> = { day: 'bday-day', month: 'bday-month', year: 'bday-year' };
const BOX_WIDTH: Record<DatePart, string> = { day: '!w-14', month: '!w-14', year: '!w-20' };

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export function DateField({
  name,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  description,
  required,
  disabled,
  autoComplete,
  id,
  className = '',
  hideLabel = false,
  marker,
}: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const layout = dateLayout(i18n.resolvedLanguage ?? i18n.language);
  const generated = useId();
  const groupId = id ?? generated;
  const labelId = `${groupId}-label`;
  const { describedBy } = fieldNoteIds(groupId, description, error);

  // What is typed is kept as typed ("4" stays "4" until the month is left); the form's value
  // replaces it only when it changes from outside (a reset, a restored backup).
  const [parts, setParts] = useState<DatePartValues>(() => splitDate(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== composeDate(parts)) setParts(splitDate(value));
  }

  const boxes = useRef<Partial<Record<DatePart, HTMLInputElement | null>>>({});
  const focusPart = (index: number) => {
    const part = layout.order[index];
    const box = part ? boxes.current[part] : undefined;
    box?.focus();
    box?.select();
  };

  const change = (part: DatePart, index: number, typed: string) => {
    const digits = asciiDigits(typed).slice(0, PART_LENGTH[part]);
    const next = { ...parts, [part]: digits };
    setParts(next);
    const composed = composeDate(next);
    setSeen(composed);
    onChange(composed);
    if (digits.length === PART_LENGTH[part] && digits !== parts[part] && index < 2) focusPart(index + 1);
  };

  const keyDown = (part: DatePart, index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && parts[part] === '' && index > 0) {
      event.preventDefault();
      focusPart(index - 1);
    }
  };

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <div className={hideLabel ? 'sr-only' : 'flex items-baseline gap-1'}>
        <span id={labelId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </span>
        {marker}
      </div>
      <div
        role="group"
        id={groupId}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        className="flex items-center gap-1"
        data-testid={`${name}-date`}
      >
        {layout.order.map((part, index) => (
          <span key={part} className="flex items-center gap-1">
            <input
              ref={(element) => {
                boxes.current[part] = element;
                if (index === 0) assignRef(inputRef, element);
              }}
              name={`${name}.${part}`}
              type="text"
              inputMode="numeric"
              // Digits are written left to right in every language the app speaks.
              dir="ltr"
              autoComplete={autoComplete ? AUTOCOMPLETE[part] : 'off'}
              aria-label={t(`dateField.${part}`)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              aria-required={required || undefined}
              placeholder={t(`dateField.${part}Placeholder`)}
              maxLength={PART_LENGTH[part] * 2}
              value={parts[part]}
              disabled={disabled}
              onChange={(event) => change(part, index, event.target.value)}
              onKeyDown={(event) => keyDown(part, index, event)}
              onFocus={(event) => event.target.select()}
              onBlur={onBlur}
              className={inputClasses(Boolean(error), `${BOX_WIDTH[part]} text-center tabular-nums`)}
            />
            {index < 2 ? (
              <span aria-hidden="true" className="text-slate-600 dark:text-slate-400">
                {layout.separators[index as 0 | 1]}
              </span>
            ) : null}
          </span>
        ))}
      </div>
      <FieldNotes name={name} controlId={groupId} description={description} error={error} />
    </div>
  );
}
