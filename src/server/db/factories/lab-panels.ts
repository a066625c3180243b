import type { LabFlag } from '../../../contracts/health-records';
import type { NewLabOrderRow, NewLabResultComponentRow } from '../schema';
import type { Random } from './random';

// The common lab panels with real LOINC codes, units and adult reference ranges, and a builder
// that draws believable values around a patient's tendencies (a diabetic's glucose runs high).

export interface ComponentDefinition {
  loinc: string;
  name: string;
  unit: string;
  low: number | null;
  high: number | null;
  /** Beyond these the result is critical, not just high or low. */
  criticalLow?: number;
  criticalHigh?: number;
  /** Typical value and spread for a healthy adult, and how many decimals the lab reports. */
  typical: number;
  spread: number;
  decimals: number;
}

export interface PanelDefinition {
  key: 'cbc' | 'cmp' | 'lipid' | 'hba1c';
  loinc: string;
  name: string;
  components: readonly ComponentDefinition[];
}

export const LAB_PANELS: readonly PanelDefinition[] = [
  {
    key: 'cbc',
    loinc: '58410-2',
    name: 'Complete blood count (CBC) panel',
    components: [
      {
        loinc: '6690-2',
        name: 'White blood cells',
        unit: '10*3/uL',
        low: 4.5,
        high: 11,
        criticalLow: 2,
        criticalHigh: 30,
        typical: 7,
        spread: 1.5,
        decimals: 1,
      },
      { loinc: '789-8', name: 'Red blood cells', unit: '10*6/uL', low: 4.2, high: 5.9, typical: 4.9, spread: 0.35, decimals: 2 },
      {
        loinc: '718-7',
        name: 'Hemoglobin',
        unit: 'g/dL',
        low: 12,
        high: 17.5,
        criticalLow: 7,
        criticalHigh: 20,
        typical: 14.2,
        spread: 1,
        decimals: 1,
      },
      { loinc: '4544-3', name: 'Hematocrit', unit: '%', low: 36, high: 52, typical: 43, spread: 3, decimals: 1 },
      { loinc: '787-2', name: 'MCV', unit: 'fL', low: 80, high: 100, typical: 89, spread: 4, decimals: 0 },
      {
        loinc: '777-3',
        name: 'Platelets',
        unit: '10*3/uL',
        low: 150,
        high: 400,
        criticalLow: 50,
        criticalHigh: 1000,
        typical: 260,
        spread: 55,
        decimals: 0,
      },
    ],
  },
  {
    key: 'cmp',
    loinc: '24323-8',
    name: 'Comprehensive metabolic panel (CMP)',
    components: [
      {
        loinc: '2345-7',
        name: 'Glucose',
        unit: 'mg/dL',
        low: 70,
        high: 99,
        criticalLow: 50,
        criticalHigh: 400,
        typical: 88,
        spread: 8,
        decimals: 0,
      },
      { loinc: '3094-0', name: 'Urea nitrogen (BUN)', unit: 'mg/dL', low: 7, high: 20, typical: 14, spread: 3, decimals: 0 },
      { loinc: '2160-0', name: 'Creatinine', unit: 'mg/dL', low: 0.6, high: 1.3, typical: 0.95, spread: 0.15, decimals: 2 },
      {
        loinc: '2951-2',
        name: 'Sodium',
        unit: 'mmol/L',
        low: 135,
        high: 145,
        criticalLow: 120,
        criticalHigh: 160,
        typical: 140,
        spread: 2,
        decimals: 0,
      },
      {
        loinc: '2823-3',
        name: 'Potassium',
        unit: 'mmol/L',
        low: 3.5,
        high: 5.1,
        criticalLow: 2.8,
        criticalHigh: 6.2,
        typical: 4.2,
        spread: 0.3,
        decimals: 1,
      },
      { loinc: '2075-0', name: 'Chloride', unit: 'mmol/L', low: 98, high: 107, typical: 102, spread: 2, decimals: 0 },
      { loinc: '2028-9', name: 'Carbon dioxide', unit: 'mmol/L', low: 22, high: 29, typical: 25, spread: 1.5, decimals: 0 },
      {
        loinc: '17861-6',
        name: 'Calcium',
        unit: 'mg/dL',
        low: 8.5,
        high: 10.5,
        criticalLow: 6.5,
        criticalHigh: 13,
        typical: 9.5,
        spread: 0.35,
        decimals: 1,
      },
      { loinc: '1751-7', name: 'Albumin', unit: 'g/dL', low: 3.5, high: 5, typical: 4.3, spread: 0.3, decimals: 1 },
      { loinc: '1975-2', name: 'Bilirubin, total', unit: 'mg/dL', low: 0.1, high: 1.2, typical: 0.6, spread: 0.2, decimals: 1 },
      { loinc: '1742-6', name: 'ALT', unit: 'U/L', low: 7, high: 56, typical: 24, spread: 8, decimals: 0 },
      { loinc: '1920-8', name: 'AST', unit: 'U/L', low: 10, high: 40, typical: 22, spread: 6, decimals: 0 },
    ],
  },
  {
    key: 'lipid',
    loinc: '57698-3',
    name: 'Lipid panel',
    components: [
      { loinc: '2093-3', name: 'Cholesterol, total', unit: 'mg/dL', low: null, high: 200, typical: 180, spread: 18, decimals: 0 },
      { loinc: '2085-9', name: 'HDL cholesterol', unit: 'mg/dL', low: 40, high: null, typical: 55, spread: 9, decimals: 0 },
      { loinc: '13457-7', name: 'LDL cholesterol (calculated)', unit: 'mg/dL', low: null, high: 100, typical: 92, spread: 14, decimals: 0 },
      { loinc: '2571-8', name: 'Triglycerides', unit: 'mg/dL', low: null, high: 150, typical: 115, spread: 25, decimals: 0 },
    ],
  },
  {
    key: 'hba1c',
    loinc: '4548-4',
    name: 'Hemoglobin A1c',
    components: [{ loinc: '4548-4', name: 'Hemoglobin A1c', unit: '%', low: 4, high: 5.6, typical: 5.2, spread: 0.2, decimals: 1 }],
  },
];

export function panel(key: PanelDefinition['key']): PanelDefinition {
  return LAB_PANELS.find((p) => p.key === key)!;
}

export function flagFor(value: number, def: Pick<ComponentDefinition, 'low' | 'high' | 'criticalLow' | 'criticalHigh'>): LabFlag {
  if ((def.criticalLow !== undefined && value < def.criticalLow) || (def.criticalHigh !== undefined && value > def.criticalHigh)) {
    return 'critical';
  }
  if (def.high !== null && value > def.high) return 'high';
  if (def.low !== null && value < def.low) return 'low';
  return 'normal';
}

/** Shifts of the typical value for a patient's conditions, by LOINC code (added to the typical value). */
export type LabTendencies = Partial<Record<string, number>>;

export interface LabOrderWithComponents {
  order: NewLabOrderRow & { id: string };
  components: NewLabResultComponentRow[];
}

export function buildLabOrder(
  random: Random,
  options: {
    patientId: string;
    panel: PanelDefinition;
    orderedAt: Date;
    orderedBy?: string | null;
    /** Released results are visible to the patient; unreleased ones only to clinicians. */
    released?: boolean;
    tendencies?: LabTendencies;
  },
): LabOrderWithComponents {
  const id = random.uuid();
  const collectedAt = new Date(options.orderedAt.getTime() + random.int(1, 48) * 3_600_000);
  const released = options.released ?? true;
  const resultedAt = new Date(collectedAt.getTime() + random.int(2, 6) * 3_600_000);
  const releasedAt = released ? new Date(resultedAt.getTime() + random.int(4, 54) * 3_600_000) : null;
  const components = options.panel.components.map((def) => {
    // Roughly normal around the typical value (sum of uniforms), shifted by the patient's tendency.
    const noise = (random.next() + random.next() + random.next() - 1.5) * 2 * def.spread;
    const raw = Math.max(0, def.typical + (options.tendencies?.[def.loinc] ?? 0) + noise);
    const value = Number(raw.toFixed(def.decimals));
    return {
      orderId: id,
      patientId: options.patientId,
      loincCode: def.loinc,
      name: def.name,
      value,
      unit: def.unit,
      referenceLow: def.low,
      referenceHigh: def.high,
      flag: flagFor(value, def),
    };
  });
  return {
    order: {
      id,
      patientId: options.patientId,
      panelCode: options.panel.loinc,
      panelName: options.panel.name,
      status: released ? 'reviewed' : 'resulted',
      orderedBy: options.orderedBy ?? null,
      orderedAt: options.orderedAt,
      collectedAt,
      resultedAt,
      reviewedAt: releasedAt,
      reviewedBy: releasedAt ? (options.orderedBy ?? null) : null,
      releasedAt,
      reason: 'Routine monitoring',
    },
    components,
  };
}
