import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CLINIC_HOURS_STEP_MINUTES } from '../../../../contracts/system-settings';
import { CheckboxInput, TextInput } from '../../../components/form/fields';

/** Monday first, as a week is read; the form counts weekdays from Sunday (0), as the contract does. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/** A weekday's name in the reader's language: 2023-01-01 was a Sunday. */
function weekdayName(language: string, weekday: number): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + weekday)));
}

/**
 * The clinic's opening hours, one row per weekday: closed, or the times it opens and closes in the
 * clinic's zone. Native time inputs on a five-minute step, each labelled with its day for a
 * screen reader; a closed day hides its times (kept for when it opens again).
 */
export function ClinicHoursTable({ source }: { source: string }) {
  const { t, i18n } = useTranslation('system-settings');
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="flex flex-col gap-2">
      <h3 id="clinic-hours-title" className="text-sm font-medium">
        {t('hours.legend')}
      </h3>
      <p id="clinic-hours-hint" className="text-xs text-slate-600 dark:text-slate-400">
        {t('hours.hint', { step: CLINIC_HOURS_STEP_MINUTES })} {t('hours.from', { source })}
      </p>
      <table className="w-full text-sm" aria-labelledby="clinic-hours-title" aria-describedby="clinic-hours-hint">
        <thead>
          <tr className="text-start text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-1 text-start font-medium">
              {t('hours.day')}
            </th>
            <th scope="col" className="py-1 text-start font-medium">
              {t('hours.closed')}
            </th>
            <th scope="col" className="py-1 text-start font-medium">
              {t('hours.opens')}
            </th>
            <th scope="col" className="py-1 text-start font-medium">
              {t('hours.closes')}
            </th>
          </tr>
        </thead>
        <tbody>
          {WEEK.map((weekday) => (
            <ClinicDayRow key={weekday} weekday={weekday} name={weekdayName(language, weekday)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ClinicDayRow({ weekday, name }: { weekday: number; name: string }) {
  const { t } = useTranslation('system-settings');
  const closed = useWatch({ name: `clinicHours.${weekday}.closed` }) as boolean;
  const hidden = (text: string) => (
    <>
      <span className="sr-only">{name}: </span>
      {text}
    </>
  );
  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-800" data-testid={`clinic-day-${weekday}`}>
      <th scope="row" className="py-2 pe-3 text-start font-medium">
        {name}
      </th>
      <td className="py-2 pe-3">
        <CheckboxInput name={`clinicHours.${weekday}.closed`} label={hidden(t('hours.closed'))} />
      </td>
      {closed ? (
        <td colSpan={2} className="py-2 text-slate-600 dark:text-slate-400">
          {t('hours.closedAllDay')}
        </td>
      ) : (
        <>
          <td className="py-2 pe-3">
            <TextInput
              name={`clinicHours.${weekday}.open`}
              type="time"
              step={CLINIC_HOURS_STEP_MINUTES * 60}
              label={<span className="sr-only">{t('hours.opensOn', { day: name })}</span>}
            />
          </td>
          <td className="py-2">
            <TextInput
              name={`clinicHours.${weekday}.close`}
              type="time"
              step={CLINIC_HOURS_STEP_MINUTES * 60}
              label={<span className="sr-only">{t('hours.closesOn', { day: name })}</span>}
            />
          </td>
        </>
      )}
    </tr>
  );
}
