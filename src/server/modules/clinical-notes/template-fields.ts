import { TEMPLATE_FIELDS, templateFieldToken, type TemplateField } from '../../../contracts/clinical-notes';
import type { VitalType } from '../../../contracts/health-records';
import type { RecordExtract } from './clinical-notes.repository';

// A template's named fields, filled from the patient's record when a note starts from it. The note
// is clinical documentation in the organisation's working language, so the lines are in English,
// as the rest of what the server writes into records.

const VITAL_LABELS: Record<VitalType, string> = {
  'blood-pressure-systolic': 'Blood pressure (systolic)',
  'blood-pressure-diastolic': 'Blood pressure (diastolic)',
  'heart-rate': 'Heart rate',
  temperature: 'Temperature',
  'respiratory-rate': 'Respiratory rate',
  'oxygen-saturation': 'Oxygen saturation',
  weight: 'Weight',
  height: 'Height',
  bmi: 'BMI',
  glucose: 'Glucose',
};

const NONE = 'None recorded';

function lines(items: readonly string[]): string {
  return items.length === 0 ? NONE : items.map((item) => `- ${item}`).join('\n');
}

export function fieldText(field: TemplateField, record: RecordExtract): string {
  switch (field) {
    case 'vitals':
      return lines(
        record.vitals.map(
          (v) => `${VITAL_LABELS[v.type as VitalType] ?? v.type}: ${v.value} ${v.unit} (${v.measuredAt.toISOString().slice(0, 10)})`,
        ),
      );
    case 'problems':
      return lines(record.problems.map((p) => `${p.description} (${p.icd10Code})`));
    case 'medications':
      return lines(record.medications.map((m) => `${m.name} ${m.dosage}, ${m.frequency}`));
    case 'allergies':
      return lines(record.allergies.map((a) => `${a.allergen} (${a.severity})${a.reaction ? `: ${a.reaction}` : ''}`));
  }
}

/** The fields a text names. */
export function fieldsIn(text: string): TemplateField[] {
  return TEMPLATE_FIELDS.filter((field) => text.includes(templateFieldToken(field)));
}

/** `text` with every named field replaced by the record's lines. */
export function expandFields(text: string, record: RecordExtract): string {
  return TEMPLATE_FIELDS.reduce((out, field) => out.split(templateFieldToken(field)).join(fieldText(field, record)), text);
}
