import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PARKING_GRID, type ParkingSpot, type ParkingSpotStatus } from '../../../../contracts/parking';
import { spotName } from './spot-words';

// One level of the lot drawn from the spots' grid coordinates. Each spot is a focusable button
// named in words ("Spot A12, level 1, electric, available") and marked with its status letter and
// a type symbol, so colour is never the only signal; Enter or Space selects it for its actions.

const CELL = 20;
const SPOT = { width: 36, height: 56 };

const TONES: Record<ParkingSpotStatus, string> = {
  available: 'fill-emerald-100 stroke-emerald-700 dark:fill-emerald-950 dark:stroke-emerald-400',
  reserved: 'fill-amber-100 stroke-amber-700 dark:fill-amber-950 dark:stroke-amber-400',
  occupied: 'fill-rose-100 stroke-rose-700 dark:fill-rose-950 dark:stroke-rose-400',
  out_of_service: 'fill-slate-200 stroke-slate-500 dark:fill-slate-800 dark:stroke-slate-400',
};

const TYPE_SYMBOL = { regular: '', handicap: '♿', electric: '⚡' } as const;

export function ParkingMap({
  level,
  spots,
  selectedId,
  onSelect,
}: {
  level: number;
  spots: readonly ParkingSpot[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('parking');
  // The drawing ends a cell past the last spot, so a level with few spots is not drawn small.
  const rows = Math.min(PARKING_GRID.height, Math.max(0, ...spots.map((spot) => spot.y)) + 4);
  const columns = Math.min(PARKING_GRID.width, Math.max(0, ...spots.map((spot) => spot.x)) + 3);
  const keyDown = (event: KeyboardEvent, id: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(id);
    }
  };
  return (
    <svg
      viewBox={`0 0 ${columns * CELL} ${rows * CELL}`}
      className="h-auto w-full rounded-xl border border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900"
      role="group"
      aria-label={t('map.label', { level })}
      data-testid="parking-map"
    >
      {spots.map((spot) => {
        const x = spot.x * CELL;
        const y = spot.y * CELL;
        const selected = spot.id === selectedId;
        return (
          <g
            key={spot.id}
            role="button"
            tabIndex={0}
            aria-label={spotName(t, spot)}
            aria-pressed={selected}
            data-status={spot.status}
            onClick={() => onSelect(spot.id)}
            onKeyDown={(event) => keyDown(event, spot.id)}
            className="cursor-pointer outline-none focus-visible:[&>rect]:stroke-brand-700 focus-visible:[&>rect]:stroke-[4]"
          >
            <rect
              x={x}
              y={y}
              width={SPOT.width}
              height={SPOT.height}
              rx={4}
              strokeWidth={selected ? 4 : 1.5}
              className={`${TONES[spot.status]} ${selected ? 'stroke-brand-700 dark:stroke-brand-300' : ''}`}
            />
            <text
              x={x + SPOT.width / 2}
              y={y + 18}
              textAnchor="middle"
              aria-hidden="true"
              className="fill-slate-900 text-[11px] font-semibold dark:fill-slate-100"
            >
              {spot.number}
            </text>
            <text
              x={x + SPOT.width / 2}
              y={y + 36}
              textAnchor="middle"
              aria-hidden="true"
              className="fill-slate-900 text-[13px] font-bold dark:fill-slate-100"
            >
              {t(`letters.${spot.status}`)}
            </text>
            {TYPE_SYMBOL[spot.type] ? (
              <text x={x + SPOT.width / 2} y={y + 51} textAnchor="middle" aria-hidden="true" className="text-[11px]">
                {TYPE_SYMBOL[spot.type]}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
