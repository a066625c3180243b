import { DRUG_CATALOGUE, drugForName, knownDrugCode, type DrugCode } from '../../../contracts/drug-catalogue';
import type { PrescriptionWarning } from '../../../contracts/prescribing';
import { interactionBetween } from './drug-interactions';

// What a new prescription runs into: the patient's active allergies, duplicate therapy with a
// current medicine (the same drug, or another of its therapeutic group) and the interactions of the
// table in drug-interactions.ts. A drug typed as free text is matched by its name alone.

export interface DrugToCheck {
  code: DrugCode | null;
  name: string;
}

export interface ActiveAllergy {
  id: string;
  allergen: string;
  severity: string;
  reaction: string | null;
}

export interface CurrentMedication {
  id: string;
  name: string;
  drugCode: string | null;
}

/** The first word of a drug's name, lower case: how two free-text names are compared. */
function stem(name: string): string {
  return (
    name
      .trim()
      .toLowerCase()
      .split(/[\s,/]+/)[0] ?? ''
  ).replace(/[^\p{L}\p{N}-]/gu, '');
}

function codeOf(medication: CurrentMedication): DrugCode | null {
  return knownDrugCode(medication.drugCode) ?? drugForName(medication.name);
}

function allergyMatches(drug: DrugToCheck, allergen: string): boolean {
  const text = allergen.trim().toLowerCase();
  if (text.length < 3) return false;
  const code = drug.code ?? drugForName(drug.name);
  if (code) {
    const entry = DRUG_CATALOGUE[code];
    return [...entry.allergyTerms, entry.name.toLowerCase()].some((term) => text.includes(term));
  }
  const word = stem(drug.name);
  return drug.name.toLowerCase().includes(text) || (word.length >= 4 && text.includes(word));
}

export function prescriptionWarnings(
  drug: DrugToCheck,
  allergies: readonly ActiveAllergy[],
  current: readonly CurrentMedication[],
): PrescriptionWarning[] {
  const warnings: PrescriptionWarning[] = [];
  for (const allergy of allergies) {
    if (allergyMatches(drug, allergy.allergen))
      warnings.push({
        kind: 'allergy',
        allergyId: allergy.id,
        allergen: allergy.allergen,
        severity: allergy.severity,
        reaction: allergy.reaction,
      });
  }
  const code = drug.code ?? drugForName(drug.name);
  for (const medication of current) {
    const other = codeOf(medication);
    if (code && other) {
      if (DRUG_CATALOGUE[code].group === DRUG_CATALOGUE[other].group)
        warnings.push({
          kind: 'duplicate',
          medicationId: medication.id,
          medicationName: medication.name,
          group: DRUG_CATALOGUE[code].group,
        });
      const interaction = interactionBetween(code, other);
      if (interaction)
        warnings.push({
          kind: 'interaction',
          medicationId: medication.id,
          medicationName: medication.name,
          severity: interaction.severity,
          effect: interaction.effect,
        });
    } else if (stem(drug.name).length >= 3 && stem(drug.name) === stem(medication.name)) {
      warnings.push({ kind: 'duplicate', medicationId: medication.id, medicationName: medication.name, group: null });
    }
  }
  return warnings;
}
