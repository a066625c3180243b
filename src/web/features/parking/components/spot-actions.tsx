import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ParkingSpot, ParkingVisit } from '../../../../contracts/parking';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { useSpotStep, type SpotStep } from '../api/parking';
import { visitLabel } from './spot-words';

// The steps a spot allows now: a free spot is given to one of today's visits without a spot (none
// on another day shown: spots are given on the visit's day); a held one is marked
// parked or freed; a parked one is freed. The server decides again; a refusal (a colleague was
// quicker) is said in words and the lot refreshes.

export function SpotActions({
  spot,
  visits,
  mayChange,
  isToday,
}: {
  spot: ParkingSpot;
  visits: readonly ParkingVisit[];
  mayChange: boolean;
  isToday: boolean;
}) {
  const { t, i18n } = useTranslation('parking');
  const step = useSpotStep();
  const selectId = useId();
  const waiting = visits.filter((visit) => visit.spotId === null);
  const [chosen, setChosen] = useState('');
  const appointmentId = waiting.some((visit) => visit.appointmentId === chosen) ? chosen : (waiting[0]?.appointmentId ?? '');

  if (!mayChange || spot.status === 'out_of_service') return null;

  const run = (action: SpotStep) =>
    step.mutate(
      { step: action, spotId: spot.id, appointmentId: action === 'assign' ? appointmentId : undefined },
      {
        onSuccess: () => toast.success(t(`done.${action}`, { number: spot.number })),
        onError: (error) => toast.error(errorText(t, error, t('failed'))),
      },
    );

  if (spot.status === 'available') {
    // The page says once, above the map, that spots are given on the visit's day.
    if (!isToday) return null;
    if (waiting.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-300">{t('noVisits')}</p>;
    return (
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium">
            {t('actions.visit', { number: spot.number })}
          </label>
          <select
            id={selectId}
            value={appointmentId}
            onChange={(event) => setChosen(event.target.value)}
            className="min-h-10 max-w-full rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          >
            {waiting.map((visit) => (
              <option key={visit.appointmentId} value={visit.appointmentId}>
                {visitLabel(visit, i18n.language)}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => run('assign')} disabled={step.isPending || !appointmentId}>
          {t('actions.assign', { number: spot.number })}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {spot.status === 'reserved' ? (
        <Button onClick={() => run('occupy')} disabled={step.isPending}>
          {t('actions.occupy', { number: spot.number })}
        </Button>
      ) : null}
      <Button variant="secondary" onClick={() => run('release')} disabled={step.isPending}>
        {t('actions.release', { number: spot.number })}
      </Button>
    </div>
  );
}
