import type { TFunction } from 'i18next';
import type { ParkingSpot, ParkingVisit } from '../../../../contracts/parking';
import { personName } from '../../../lib/person-name';

// How a spot and a visit are said, the same on the map, in the table and in the toasts.

/** "Spot A12, level 1, electric, available": the spot's accessible name. */
export function spotName(t: TFunction, spot: ParkingSpot): string {
  return t('parking:spot.name', {
    number: spot.number,
    level: spot.level,
    type: t(`parking:types.${spot.type}`),
    status: t(`parking:statuses.${spot.status}`),
  });
}

/** "09:30 · Ingrid Solberg · AB 123": a visit as the desk picks it, the patient's name in the reader's order. */
export function visitLabel(visit: ParkingVisit, language: string): string {
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(visit.startsAt));
  return [time, personName(visit.patient, language), visit.licensePlate].filter(Boolean).join(' · ');
}

/** "Tuesday, 3 March 2026": a calendar day of the clinic, in the reader's language. */
export function dayLabel(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
