import type { TFunction } from 'i18next';
import { BOOKING } from '../../../../contracts/booking';
import { ApiError } from '../../../lib/api-client';
import { validationKeyOf } from '../../../lib/validation-text';

// The server's booking refusals, told apart by their codes (contracts/booking.ts `bookingApi`) and
// shown in the reader's language.

export type BookingFailure = 'slot-taken' | 'too-late' | 'other';

export function failureOf(error: unknown): BookingFailure {
  if (!(error instanceof ApiError)) return 'other';
  if (error.code === 'SLOT_TAKEN') return 'slot-taken';
  if (error.code === 'CHANGE_TOO_LATE') return 'too-late';
  return 'other';
}

export function tooLateText(t: TFunction, phone: string | null | undefined): string {
  return phone
    ? t('booking:manage.tooLatePhone', { count: BOOKING.changeCutoffHours, phone })
    : t('booking:manage.tooLate', { count: BOOKING.changeCutoffHours });
}

/** Field errors of a 400 answer, translated, by field path ("reason", "parking.licensePlate"). */
export function fieldErrorsOf(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([field, message]) => {
      const key = validationKeyOf(message);
      return [field, key ? t(`validation:${key}`) : message];
    }),
  );
}
