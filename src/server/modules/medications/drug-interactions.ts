import type { DrugCode } from '../../../contracts/drug-catalogue';
import type { InteractionEffect } from '../../../contracts/prescribing';

// A small table of well-known serious interactions between drugs of the curated list
// (contracts/drug-catalogue.ts). It is not a complete interaction database: it catches the pairs a
// prescriber must never miss, and every pair here names the effect the web words for the reader.

export const INTERACTIONS_SOURCE =
  'Drug-interaction sections of the US FDA prescribing information (DailyMed) of each drug named, and the WHO Model Formulary 2008, Appendix 1 (Interactions).';

export interface Interaction {
  between: readonly [readonly DrugCode[], readonly DrugCode[]];
  severity: 'contraindicated' | 'major' | 'moderate';
  effect: InteractionEffect;
}

const NSAIDS: readonly DrugCode[] = ['ibuprofen', 'naproxen', 'aspirin'];
const ACE_INHIBITORS: readonly DrugCode[] = ['lisinopril', 'ramipril'];
const SSRIS: readonly DrugCode[] = ['sertraline', 'fluoxetine'];

export const INTERACTIONS: readonly Interaction[] = [
  { between: [['warfarin'], NSAIDS], severity: 'major', effect: 'bleeding' },
  { between: [['warfarin'], ['clopidogrel']], severity: 'major', effect: 'bleeding' },
  { between: [['warfarin'], ['sulfamethoxazole-trimethoprim']], severity: 'major', effect: 'bleeding' },
  { between: [['warfarin'], SSRIS], severity: 'moderate', effect: 'bleeding' },
  { between: [['sildenafil'], ['nitroglycerin']], severity: 'contraindicated', effect: 'hypotension' },
  { between: [['simvastatin'], ['clarithromycin']], severity: 'contraindicated', effect: 'myopathy' },
  { between: [['atorvastatin'], ['clarithromycin']], severity: 'major', effect: 'myopathy' },
  { between: [ACE_INHIBITORS, ['spironolactone']], severity: 'major', effect: 'hyperkalaemia' },
  { between: [ACE_INHIBITORS, ['sulfamethoxazole-trimethoprim']], severity: 'moderate', effect: 'hyperkalaemia' },
  { between: [SSRIS, ['tramadol']], severity: 'major', effect: 'serotonin-syndrome' },
  { between: [['clopidogrel'], ['omeprazole']], severity: 'moderate', effect: 'reduced-antiplatelet-effect' },
];

/** The interaction between two drugs of the list, if the table has one (in either order). */
export function interactionBetween(a: DrugCode, b: DrugCode): Interaction | undefined {
  return INTERACTIONS.find(
    ({ between: [left, right] }) => (left.includes(a) && right.includes(b)) || (left.includes(b) && right.includes(a)),
  );
}
