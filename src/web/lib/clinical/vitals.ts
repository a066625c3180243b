import type { Vital, VitalType } from '../../../contracts/health-records';

// The measures a person reads: blood pressure is one measure of two readings (systolic over
// diastolic), every other vital type is a measure of its own.

export type MeasureKey = 'blood-pressure' | Exclude<VitalType, 'blood-pressure-systolic' | 'blood-pressure-diastolic'>;

export const MEASURES: readonly { key: MeasureKey; types: readonly VitalType[] }[] = [
  { key: 'blood-pressure', types: ['blood-pressure-systolic', 'blood-pressure-diastolic'] },
  { key: 'heart-rate', types: ['heart-rate'] },
  { key: 'oxygen-saturation', types: ['oxygen-saturation'] },
  { key: 'temperature', types: ['temperature'] },
  { key: 'respiratory-rate', types: ['respiratory-rate'] },
  { key: 'glucose', types: ['glucose'] },
  { key: 'weight', types: ['weight'] },
  { key: 'height', types: ['height'] },
  { key: 'bmi', types: ['bmi'] },
];

export interface MeasureSeries {
  key: MeasureKey;
  types: readonly VitalType[];
  unit: string;
  /** Oldest first; readings taken at the same moment share a point. */
  points: { at: number; values: Partial<Record<VitalType, number>> }[];
  latest: { at: number; values: Partial<Record<VitalType, number>> };
}

/** Groups vitals (any order) into the measures that have at least one reading. */
export function measureSeries(vitals: readonly Vital[]): MeasureSeries[] {
  const result: MeasureSeries[] = [];
  for (const measure of MEASURES) {
    const readings = vitals.filter((vital) => measure.types.includes(vital.type));
    if (readings.length === 0) continue;
    const byTime = new Map<number, Partial<Record<VitalType, number>>>();
    for (const reading of readings) {
      const at = Date.parse(reading.measuredAt);
      byTime.set(at, { ...byTime.get(at), [reading.type]: reading.value });
    }
    const points = [...byTime.entries()].sort(([a], [b]) => a - b).map(([at, values]) => ({ at, values }));
    const latest = points[points.length - 1];
    if (!latest) continue;
    result.push({ key: measure.key, types: measure.types, unit: readings[0]?.unit ?? '', points, latest });
  }
  return result;
}
