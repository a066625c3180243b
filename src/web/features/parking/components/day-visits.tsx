import { useTranslation } from 'react-i18next';
import type { ParkingSpot, ParkingVisit } from '../../../../contracts/parking';
import { EmptyState } from '../../../components/ui/query-states';
import { personName } from '../../../lib/person-name';

// The day's visits in person as a list: when, who, the plate given with the booking (the parking
// asked for) and the spot the visit holds. On a day ahead this is where the desk sees the parking
// that patients and colleagues reserved with their bookings.

export function DayVisits({ visits, spots }: { visits: readonly ParkingVisit[]; spots: readonly ParkingSpot[] }) {
  const { t, i18n } = useTranslation('parking');
  if (visits.length === 0) return <EmptyState>{t('visits.empty')}</EmptyState>;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const asked = visits.filter((visit) => visit.licensePlate !== null).length;
  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="parking-visits-count">
        {t('visits.count', { visits: visits.length, asked })}
      </p>
      <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
        {visits.map((visit) => {
          const spot = visit.spotId ? spots.find((candidate) => candidate.id === visit.spotId) : undefined;
          return (
            <li
              key={visit.appointmentId}
              className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3 text-sm"
              data-testid="parking-visit"
            >
              <time dateTime={visit.startsAt} className="font-semibold tabular-nums">
                {time.format(new Date(visit.startsAt))}
              </time>
              <span className="font-medium">{personName(visit.patient, i18n.language)}</span>
              <span>{visit.licensePlate ? t('visits.plate', { plate: visit.licensePlate }) : t('visits.noParking')}</span>
              <span className="text-slate-700 dark:text-slate-300">
                {spot ? t('visits.spot', { number: spot.number, level: spot.level }) : t('visits.noSpot')}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
