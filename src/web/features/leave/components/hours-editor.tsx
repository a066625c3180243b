import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { updateAvailabilitySchema, SCHEDULE_LIMITS, type Availability, type UpdateAvailability } from '../../../../contracts/leave';
import { DateInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { FormAlert } from '../../../components/ui/field';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { useSaveAvailability } from '../api/leave';

const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/** A weekday's name in the reader's language (7 January 2024 was a Sunday). */
function weekdayName(language: string, dayOfWeek: number): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + dayOfWeek)));
}

function valuesOf(availability: Availability): UpdateAvailability {
  return {
    weekly: availability.weekly.map((range) => ({ dayOfWeek: range.dayOfWeek, startTime: range.startTime, endTime: range.endTime })),
    timeOff: availability.timeOff
      .filter((entry) => entry.leaveRequestId === null)
      .map((entry) => ({ startDate: entry.startDate, endDate: entry.endDate, reason: entry.reason ?? '' })),
  };
}

/**
 * The doctor's weekly hours (several ranges a day) and own time off, saved together: booking offers
 * slots from them at once. Time off an approved leave made is shown, not edited here.
 */
export function HoursEditor({ availability }: { availability: Availability }) {
  const { t, i18n } = useTranslation('leave');
  const format = useClinicalFormat();
  const save = useSaveAvailability();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm({ schema: updateAvailabilitySchema, defaultValues: valuesOf(availability) });
  const weekly = useFieldArray({ control: form.control, name: 'weekly' });
  const timeOff = useFieldArray({ control: form.control, name: 'timeOff' });
  const fromLeave = availability.timeOff.filter((entry) => entry.leaveRequestId !== null);
  const language = i18n.resolvedLanguage ?? 'en';

  const onSubmit = async (values: UpdateAvailability) => {
    setFailure(null);
    const saved = await save.mutateAsync(values);
    form.reset(valuesOf(saved));
    toast.success(t('hours.saved'));
  };

  return (
    <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-6">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('hours.zone', { zone: availability.clinicTimeZone })}</p>
      <div className="flex flex-col gap-4">
        {WEEK.map((day) => {
          const ranges = weekly.fields.map((field, index) => ({ field, index })).filter(({ field }) => field.dayOfWeek === day);
          const name = weekdayName(language, day);
          return (
            <fieldset key={day} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800" data-testid={`hours-day-${day}`}>
              <legend className="px-1 font-medium">{name}</legend>
              {ranges.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t('hours.off')}</p> : null}
              <ul className="flex flex-col gap-3">
                {ranges.map(({ field, index }) => (
                  <li key={field.id} className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
                    <TextInput type="time" name={`weekly.${index}.startTime`} label={t('hours.from')} />
                    <TextInput type="time" name={`weekly.${index}.endTime`} label={t('hours.to')} />
                    <FormButton variant="ghost" onClick={() => weekly.remove(index)}>
                      <span aria-label={t('hours.removeFor', { day: name })}>{t('hours.remove')}</span>
                    </FormButton>
                  </li>
                ))}
              </ul>
              {ranges.length < SCHEDULE_LIMITS.rangesPerDay ? (
                <div className="mt-2">
                  <FormButton onClick={() => weekly.append({ dayOfWeek: day, startTime: '09:00', endTime: '12:00' })}>
                    <span aria-label={t('hours.addFor', { day: name })}>{t('hours.add')}</span>
                  </FormButton>
                </div>
              ) : null}
            </fieldset>
          );
        })}
      </div>

      <section aria-labelledby="time-off-title" className="flex flex-col gap-3">
        <h3 id="time-off-title" className="text-lg font-semibold">
          {t('timeOff.title')}
        </h3>
        {timeOff.fields.length === 0 && fromLeave.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('timeOff.none')}</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {fromLeave.map((entry) => (
            <li key={entry.id} className="text-sm" data-testid="time-off-leave">
              {t('timeOff.fromLeave', { from: format.calendarDate(entry.startDate), to: format.calendarDate(entry.endDate) })}
            </li>
          ))}
          {timeOff.fields.map((field, index) => (
            <li key={field.id} className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)_auto]">
              <DateInput name={`timeOff.${index}.startDate`} label={t('timeOff.from')} />
              <DateInput name={`timeOff.${index}.endDate`} label={t('timeOff.to')} />
              <TextInput name={`timeOff.${index}.reason`} label={t('timeOff.reason')} maxLength={SCHEDULE_LIMITS.reasonMax} />
              <FormButton variant="ghost" onClick={() => timeOff.remove(index)}>
                {t('timeOff.remove')}
              </FormButton>
            </li>
          ))}
        </ul>
        {timeOff.fields.length < SCHEDULE_LIMITS.timeOffEntries ? (
          <div>
            <FormButton onClick={() => timeOff.append({ startDate: '', endDate: '', reason: '' })}>{t('timeOff.add')}</FormButton>
          </div>
        ) : null}
      </section>

      {failure ? <FormAlert testId="hours-error">{errorText(t, failure, t('hours.failed'))}</FormAlert> : null}
      <div>
        <SubmitButton pending={t('hours.saving')} testId="save-hours">
          {t('hours.save')}
        </SubmitButton>
      </div>
    </Form>
  );
}
