import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BOOKING } from '../../../contracts/booking';
import { CheckboxInput, TextInput } from '../form/fields';

// The parking request of a booking, the same for a patient booking for themself and for the desk
// booking on their behalf: a box to tick and, once ticked, the plate and the times around the visit.
// It lives in a form whose values hold `parkingOn` and `parking` (contracts/booking.ts
// parkingFormFields); the form shows it only for a visit in person.

export interface ParkingFormValues {
  parkingOn: boolean;
  parking: { licensePlate: string; arrivalTime: string; departureTime: string };
}

export function ParkingFields({ testId }: { testId?: string }) {
  const { t } = useTranslation('booking');
  const { control } = useFormContext<ParkingFormValues>();
  const parkingOn = useWatch({ control, name: 'parkingOn' });
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid={testId}>
      <legend className="px-1 text-sm font-medium">{t('parking.legend')}</legend>
      <CheckboxInput name="parkingOn" label={t('parking.reserve')} />
      {parkingOn ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextInput name="parking.licensePlate" label={t('parking.licensePlate')} autoComplete="off" />
          <TextInput name="parking.arrivalTime" label={t('parking.arrival')} type="time" />
          <TextInput name="parking.departureTime" label={t('parking.departure')} type="time" />
          <p className="text-xs text-slate-600 sm:col-span-3 dark:text-slate-400">
            {t('parking.hint', { count: BOOKING.parkingWindowHours })}
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}

/** The parking lines of a form before anything is typed. */
export const NO_PARKING: ParkingFormValues = { parkingOn: false, parking: { licensePlate: '', arrivalTime: '', departureTime: '' } };

/** A parking window around a chosen start ("HH:mm"), which the person booking may change. */
export function parkingWindowAround(time: string): { arrivalTime: string; departureTime: string } {
  return { arrivalTime: shiftTime(time, -15), departureTime: shiftTime(time, BOOKING.slotMinutes + 15) };
}

/** "HH:mm" moved by some minutes, kept within the day. */
function shiftTime(time: string, minutes: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = Math.min(23 * 60 + 59, Math.max(0, h * 60 + m + minutes));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
