import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CarFront, Pencil, Plus } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParkingCounts, ParkingLotResponse, ParkingSpot, ParkingVisit } from '../../../../contracts/parking';
import { Button } from '../../../components/ui/button';
import { FilterButtons } from '../../../components/ui/filter-buttons';
import { PageEmptyState } from '../../../components/ui/page-query-states';
import { PageSection } from '../../../components/ui/page-section';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { PermissionGuard } from '../../../lib/permissions/permission-guard';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { parkingLotQuery } from '../api/parking';
import { DayChooser } from '../components/day-chooser';
import { DayVisits } from '../components/day-visits';
import { ParkingMap } from '../components/parking-map';
import { SpotActions } from '../components/spot-actions';
import { SpotFormDialog, SpotLayoutActions } from '../components/spot-layout';
import { dayLabel, spotName, visitLabel } from '../components/spot-words';

// The clinic's car park for the desk, on a day of the clinic's calendar (today unless another is
// chosen): one level at a time as a map and, with the same spots and steps, as a table; the
// level's figures per type; and the day's visits in person with the parking they asked for.
// Colleagues' steps and bookings arrive live for the day on screen (api/reactions.ts). Whoever
// configures the clinic (system.config: the administrators) also gets an edit mode to add, edit
// and remove spots.

type Lot = ParkingLotResponse['data'];

export function ParkingPage() {
  return (
    <PermissionGuard roles={['staff', 'admin']} permissions={['appointments.view.all']}>
      <CarPark />
    </PermissionGuard>
  );
}

function CarPark() {
  const { t, i18n } = useTranslation('parking');
  // null: the clinic's today, as the server counts it. The previous day's lot stays on screen
  // (marked busy) while another day loads; the chooser shows the day chosen at once, and stays
  // even when a day cannot be loaded, so the desk can always go back.
  const [day, setDay] = useState<string | null>(null);
  const lot = useQuery({ ...parkingLotQuery(day ?? undefined), placeholderData: keepPreviousData });
  const [today, setToday] = useState<string | null>(null);
  if (lot.data && lot.data.today !== today) setToday(lot.data.today);
  const access = usePermissions();
  const mayEdit = access.can(['system.config']);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    document.title = t('title');
  }, [t]);
  const visits = lot.data ? (
    <PageSection title={t('visits.title', { day: dayLabel(lot.data.date, i18n.language) })} testId="parking-visits">
      <DayVisits visits={lot.data.visits} spots={lot.data.spots} />
    </PageSection>
  ) : null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('intro')}</p>
        {mayEdit ? (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button
              variant={editing ? 'primary' : 'secondary'}
              aria-pressed={editing}
              onClick={() => setEditing(!editing)}
              data-testid="edit-car-park"
            >
              <Pencil className="size-4" aria-hidden="true" />
              {t('layout.mode')}
            </Button>
            {editing ? (
              <>
                <Button variant="secondary" onClick={() => setAdding(true)} data-testid="add-spot">
                  <Plus className="size-4" aria-hidden="true" />
                  {t('layout.addTitle')}
                </Button>
                <p className="text-sm text-slate-700 dark:text-slate-300">{t('layout.hint')}</p>
              </>
            ) : null}
          </div>
        ) : null}
      </header>
      {adding ? <SpotFormDialog level={level ?? 1} onClose={() => setAdding(false)} /> : null}
      {today ? <DayChooser day={day ?? today} today={today} onChange={(chosen) => setDay(chosen === today ? null : chosen)} /> : null}
      {lot.isPending ? (
        <InlineLoading />
      ) : lot.isError || lot.data === undefined ? (
        <QueryError message={t('loadFailed')} onRetry={() => void lot.refetch()} />
      ) : (
        <div className="flex flex-col gap-6" aria-busy={lot.isPlaceholderData}>
          {lot.data.spots.length === 0 ? (
            <>
              <PageEmptyState icon={CarFront} title={t('empty.title')} body={t('empty.body')} />
              {visits}
            </>
          ) : (
            <Levels lot={lot.data} editing={editing} onLevel={setLevel}>
              {visits}
            </Levels>
          )}
        </div>
      )}
    </div>
  );
}

/** The levels with their map and table; `children` (the day's visits) sit between the two, near the map. */
function Levels({
  lot,
  editing,
  onLevel,
  children,
}: {
  lot: Lot;
  editing: boolean;
  onLevel: (level: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('parking');
  const access = usePermissions();
  const mayChange = access.can(['appointments.update']);
  const isToday = lot.date === lot.today;
  const levels = [...new Set(lot.spots.map((spot) => spot.level))].sort((a, b) => a - b);
  const [chosenLevel, setLevel] = useState(String(levels[0]));
  const level = levels.includes(Number(chosenLevel)) ? Number(chosenLevel) : levels[0]!;
  // A new spot starts on the level in view.
  useEffect(() => onLevel(level), [level, onLevel]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const spots = lot.spots.filter((spot) => spot.level === level);
  const selected = spots.find((spot) => spot.id === selectedId) ?? null;

  return (
    <>
      <FilterButtons
        values={levels.map(String)}
        value={String(level)}
        label={t('levels.label')}
        textOf={(value) => t('levels.level', { level: value })}
        onChange={(value) => {
          setLevel(value);
          setSelectedId(null);
        }}
        className="flex flex-wrap gap-2"
      />
      <Figures level={level} counts={lot.counts.filter((line) => line.level === level)} />
      <PageSection title={t('map.title', { level })} testId="parking-map-section">
        {isToday ? null : (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="parking-not-today">
            {t('notToday')}
          </p>
        )}
        <Legend />
        <ParkingMap level={level} spots={spots} selectedId={selected?.id ?? null} onSelect={setSelectedId} />
        <div aria-live="polite" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid="parking-selected">
          {selected ? (
            <div className="flex flex-col gap-3">
              <p className="font-medium">{spotName(t, selected)}</p>
              <HeldBy spot={selected} visits={lot.visits} />
              {editing ? (
                <SpotLayoutActions key={selected.id} spot={selected} />
              ) : (
                <SpotActions key={selected.id} spot={selected} visits={lot.visits} mayChange={mayChange} isToday={isToday} />
              )}
            </div>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('map.hint')}</p>
          )}
        </div>
      </PageSection>
      {children}
      <PageSection title={t('table.title', { level })} testId="parking-table">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{t('table.caption', { level })}</caption>
            <thead className="border-b border-slate-300 dark:border-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t('table.spot')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('table.section')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('table.type')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('table.status')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('table.visit')}
                </th>
                <th scope="col" className="py-2">
                  {t('table.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {spots.map((spot) => (
                <tr
                  key={spot.id}
                  className="border-b border-slate-200 align-top dark:border-slate-800"
                  data-testid={`parking-row-${spot.number}`}
                >
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {spot.number}
                  </th>
                  <td className="py-2 pr-3">{spot.section}</td>
                  <td className="py-2 pr-3">{t(`types.${spot.type}`)}</td>
                  <td className="py-2 pr-3">
                    <span aria-hidden="true" className="mr-1 font-bold">
                      {t(`letters.${spot.status}`)}
                    </span>
                    {t(`statuses.${spot.status}`)}
                  </td>
                  <td className="py-2 pr-3">
                    <HeldBy spot={spot} visits={lot.visits} />
                  </td>
                  <td className="py-2">
                    {editing ? (
                      <SpotLayoutActions spot={spot} />
                    ) : (
                      <SpotActions spot={spot} visits={lot.visits} mayChange={mayChange} isToday={isToday} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PageSection>
    </>
  );
}

function HeldBy({ spot, visits }: { spot: ParkingSpot; visits: readonly ParkingVisit[] }) {
  const { t, i18n } = useTranslation('parking');
  if (spot.status !== 'reserved' && spot.status !== 'occupied') return null;
  const visit = visits.find((candidate) => candidate.appointmentId === spot.appointmentId);
  return <span className="text-sm">{visit ? visitLabel(visit, i18n.language) : t('table.otherVisit')}</span>;
}

function Figures({ level, counts }: { level: number; counts: readonly ParkingCounts[] }) {
  const { t } = useTranslation('parking');
  const sum = (key: 'free' | 'reserved' | 'occupied') => counts.reduce((total, line) => total + line[key], 0);
  return (
    <section aria-label={t('figures.label', { level })} className="flex flex-col gap-2" data-testid="parking-figures">
      <dl className="grid grid-cols-3 gap-2">
        {(['free', 'reserved', 'occupied'] as const).map((key) => (
          <div key={key} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{t(`figures.${key}`)}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid={`parking-figure-${key}`}>
              {sum(key)}
            </dd>
          </div>
        ))}
      </dl>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        {counts.map((line) => (
          <li key={line.type}>
            {t('figures.byType', { type: t(`types.${line.type}`), free: line.free, reserved: line.reserved, occupied: line.occupied })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Legend() {
  const { t } = useTranslation('parking');
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t('legend.label')}>
      {(['available', 'reserved', 'occupied', 'out_of_service'] as const).map((status) => (
        <li key={status}>
          <span className="font-bold">{t(`letters.${status}`)}</span> {t(`statuses.${status}`)}
        </li>
      ))}
      <li>
        <span aria-hidden="true">♿</span> {t('types.handicap')}
      </li>
      <li>
        <span aria-hidden="true">⚡</span> {t('types.electric')}
      </li>
    </ul>
  );
}
