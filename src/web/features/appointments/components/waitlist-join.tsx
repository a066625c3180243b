import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppointmentType } from '../../../../contracts/appointments';
import { appointmentDateSchema } from '../../../../contracts/dates';
import { pathForView } from '../../../../contracts/views';
import { DateField } from '../../../components/form/date-field';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { fieldErrorText } from '../../../lib/forms/field-error-text';
import { useJoinWaitlist } from '../api/waitlist';

// On the booking page, when no free time suits the patient: wait for an earlier one with the
// chosen doctor, optionally no later than a day. The kind of visit and the reason come from the
// booking form above (an offer books with them), so this is its own small form beside it, not a
// second form nested in it.

export interface WaitlistVisit {
  type: AppointmentType;
  reason: string;
}

export function WaitlistJoin({
  doctorId,
  visit,
  placeErrors,
}: {
  doctorId: string;
  /** Checks the booking form's kind of visit and reason; null when one needs fixing (it is marked and focused). */
  visit: () => Promise<WaitlistVisit | null>;
  /** Puts a refusal's field errors on the booking form's fields; returns how many it placed. */
  placeErrors: (error: unknown) => number;
}) {
  const { t, i18n } = useTranslation(['booking', 'validation']);
  const join = useJoinWaitlist();
  const [latestDate, setLatestDate] = useState('');
  const [dateError, setDateError] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);

  const refuse = (text: string, focusAlert: boolean) => {
    setOutcome({ tone: 'error', text });
    if (focusAlert) alertRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    // The day is checked like the server will (an optional day within the appointment window).
    const checked = latestDate === '' ? null : appointmentDateSchema().safeParse(latestDate);
    const badDate = checked && !checked.success ? fieldErrorText(t, checked.error.issues[0]?.message) : undefined;
    setDateError(badDate);
    const chosen = await visit();
    if (!chosen || badDate) {
      // The booking form has already focused its first marked field; otherwise the day takes focus.
      if (chosen) dateRef.current?.focus();
      refuse(t('book.fixFields'), false);
      return;
    }
    try {
      await join.mutateAsync({ doctorId, type: chosen.type, reason: chosen.reason, ...(latestDate ? { latestDate } : {}) });
      const day = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeZone: 'UTC' });
      setOutcome({
        tone: 'success',
        text: latestDate ? t('waitlistJoin.joinedUntil', { date: day.format(new Date(`${latestDate}T00:00:00Z`)) }) : t('waitlist.joined'),
      });
    } catch (failure) {
      // Field refusals go beside their fields (the date here, the reason above); the rest is one
      // sentence by its code. What was typed and chosen stays.
      const dateRefusal = failure instanceof ApiError ? failure.fields?.latestDate : undefined;
      if (dateRefusal) setDateError(fieldErrorText(t, dateRefusal));
      const placed = placeErrors(failure);
      if (dateRefusal && placed === 0) dateRef.current?.focus();
      if (dateRefusal || placed > 0) refuse(t('book.fixFields'), false);
      else refuse(errorText(t, failure, t('waitlist.joinFailed')), true);
    }
  };

  return (
    <section
      aria-labelledby="waitlist-join-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      data-testid="waitlist-join"
    >
      <h2 id="waitlist-join-title" className="text-lg font-semibold">
        {t('waitlistJoin.title')}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('waitlistJoin.intro')}</p>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        <DateField
          name="latestDate"
          label={t('waitlistJoin.latestDate')}
          description={t('waitlistJoin.latestDateHint')}
          value={latestDate}
          onChange={(value) => {
            setDateError(undefined);
            setLatestDate(value);
          }}
          inputRef={dateRef}
          error={dateError}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={join.isPending} data-testid="waitlist-join-submit">
            {join.isPending ? t('waitlistJoin.joining') : t('waitlist.join')}
          </Button>
        </div>
      </form>
      <div ref={alertRef} tabIndex={-1} className="outline-none">
        {outcome ? (
          <FormAlert tone={outcome.tone} testId="waitlist-join-result">
            {outcome.text}
            {outcome.tone === 'success' ? (
              <>
                {' '}
                <Link to={`${pathForView('appointments')}#waitlist`} className="font-medium underline">
                  {t('waitlistJoin.seeWaitlist')}
                </Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
      </div>
    </section>
  );
}
