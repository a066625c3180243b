import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import land from 'world-atlas/land-110m.json';
import type { PublicClinic } from '../../../../contracts/public-config';

// The global impact map, drawn from bundled Natural Earth data (world-atlas) as
// inline SVG: no map tiles from the internet. A default export, so the landing page loads it (and
// its map data) lazily, outside its initial JavaScript. The list below the map is the same
// information for keyboard and screen-reader users.

const WIDTH = 960;
const HEIGHT = 500;

export interface ImpactMapProps {
  /** The organisation's clinics (GET /api/public/config). */
  clinics: readonly PublicClinic[];
  /** Patients seen today per clinic id (GET /api/public/stats); a clinic without a figure shows none. */
  patientsToday?: Readonly<Record<string, number>>;
}

const projection = geoNaturalEarth1().fitSize([WIDTH, HEIGHT], { type: 'Sphere' });
const path = geoPath(projection);

export default function ImpactMap({ clinics, patientsToday = {} }: ImpactMapProps) {
  const { t, i18n } = useTranslation('organisation');
  const number = new Intl.NumberFormat(i18n.language);
  const outline = useMemo(() => {
    const topology = land as unknown as Parameters<typeof feature>[0];
    return path(feature(topology, topology.objects.land!)) ?? '';
  }, []);
  const sphere = useMemo(() => path({ type: 'Sphere' }) ?? '', []);
  const largest = Math.max(1, ...clinics.map((clinic) => patientsToday[clinic.id] ?? 0));

  return (
    <figure className="flex flex-col gap-4" data-testid="impact-map">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby="impact-map-title">
        <title id="impact-map-title">{t('impactMap.title', { count: clinics.length })}</title>
        <path d={sphere} className="fill-sky-50 dark:fill-slate-900" />
        <path d={outline} className="fill-slate-300 stroke-white dark:fill-slate-700 dark:stroke-slate-900" strokeWidth={0.5} />
        {clinics.map((clinic) => {
          const point = projection([clinic.longitude, clinic.latitude]);
          if (!point) return null;
          const today = patientsToday[clinic.id];
          // Area grows with the day's patients, so a busy clinic stands out without hiding a quiet one.
          const radius = 5 + 10 * Math.sqrt((today ?? 0) / largest);
          return (
            <g key={clinic.id} transform={`translate(${point[0]} ${point[1]})`}>
              <circle r={radius} className="fill-brand-600/30 motion-safe:animate-pulse" />
              <circle r={4} className="fill-brand-700 stroke-white dark:fill-brand-300" strokeWidth={1.5} />
            </g>
          );
        })}
      </svg>
      <figcaption>
        <h3 className="sr-only">{t('impactMap.listTitle')}</h3>
        {clinics.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('impactMap.empty')}</p>
        ) : (
          <ul className="grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {clinics.map((clinic) => {
              const today = patientsToday[clinic.id];
              return (
                <li
                  key={clinic.id}
                  className="flex items-baseline justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800"
                >
                  <span className="font-medium">{clinic.name}</span>
                  {today === undefined ? null : (
                    <span className="text-slate-700 tabular-nums dark:text-slate-300">
                      {t('impactMap.patientsToday', { count: today, formatted: number.format(today) })}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </figcaption>
    </figure>
  );
}
