import type { LabFlag } from '../../../contracts/health-records';
import { flagForResult, type CataloguePanel, type CatalogueTest } from '../../../contracts/order-catalogue';
import type { ImportPreview, ImportProblem } from '../../../contracts/result-import';
import type { FileLine } from './result-file';

// A results file's lines matched to the ordered panel: each of its tests once, with a number within
// what the test can measure, in the test's unit. A file's reference range is kept when it gives one
// (the lab's own), the catalogue's otherwise. The flag is the worse of the file's and the one worked
// out from that range, so an abnormal value is never saved as normal whichever of the two says so.

const SEVERITY: Record<LabFlag, number> = { normal: 0, low: 1, high: 1, critical: 2 };

/** HL7 table 0078 abnormal flags as ours; A (abnormal, no direction) takes its direction from the range; undefined for one we do not know. */
function fileFlag(flag: string, value: number, low: number | null): LabFlag | 'abnormal' | null | undefined {
  switch (flag.toUpperCase()) {
    case '':
    case 'N':
      return null;
    case 'L':
      return 'low';
    case 'H':
      return 'high';
    case 'LL':
    case 'HH':
    case 'AA':
    case '<':
    case '>':
      return 'critical';
    case 'A':
      return low !== null && value < low ? 'low' : 'abnormal';
    default:
      return undefined;
  }
}

/** `3.5-5.1`, `3.5 – 5.1`, `<5.1`, `<=5.1`, `>40`, `≥40`: the low and high ends; undefined when unreadable. */
function readRange(range: string): { low: number | null; high: number | null } | undefined {
  const text = range.replace(/\s+/g, '');
  const number = '(-?\\d+(?:\\.\\d+)?)';
  const between = new RegExp(`^${number}[-–]${number}$`).exec(text);
  if (between) {
    const low = Number(between[1]);
    const high = Number(between[2]);
    return low <= high ? { low, high } : undefined;
  }
  const below = new RegExp(`^(?:<|<=|≤)${number}$`).exec(text);
  if (below) return { low: null, high: Number(below[1]) };
  const above = new RegExp(`^(?:>|>=|≥)${number}$`).exec(text);
  if (above) return { low: Number(above[1]), high: null };
  return undefined;
}

/** Units compared as written by labs: case, spaces and UCUM's curly annotations aside, and µ as u. */
function sameUnit(given: string, expected: string): boolean {
  const plain = (unit: string) =>
    unit
      .replace(/\{[^}]*\}/g, '')
      .replace(/[µμ]/g, 'u')
      .replace(/\s+/g, '')
      .replace(/^10\^/, '10*')
      .toLowerCase();
  return plain(given) === plain(expected);
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

export function matchResults(panel: CataloguePanel, lines: readonly FileLine[]): Omit<ImportPreview, 'format' | 'patientInFile'> {
  const components: ImportPreview['components'] = [];
  const unmatched: ImportPreview['unmatched'] = [];
  const invalid: ImportPreview['invalid'] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const test: CatalogueTest | undefined = panel.tests.find((entry) => entry.loinc === line.code);
    if (!test) {
      unmatched.push({ line: line.line, code: line.code, name: line.name });
      continue;
    }
    const problem = (kind: ImportProblem, text: string) => invalid.push({ line: line.line, loincCode: test.loinc, problem: kind, text });
    if (seen.has(test.loinc)) {
      problem('duplicate', line.value);
      continue;
    }
    seen.add(test.loinc);
    // X: the result could not be obtained; D: deleted; W: wrong, withdrawn.
    if (['X', 'D', 'W'].includes(line.status)) {
      problem('status', line.status);
      continue;
    }
    if (!NUMBER.test(line.value.trim()) || (line.valueType !== null && !['NM', 'SN', ''].includes(line.valueType))) {
      problem('value', line.value);
      continue;
    }
    const value = Number(line.value.trim());
    if (value < test.min || value > test.max) {
      problem('outOfRange', line.value);
      continue;
    }
    if (line.unit !== '' && !sameUnit(line.unit, test.unit)) {
      problem('unit', line.unit);
      continue;
    }
    const range = line.range === '' ? { low: test.low, high: test.high } : readRange(line.range);
    if (!range) {
      problem('range', line.range);
      continue;
    }
    const given = fileFlag(line.flag, value, range.low);
    if (given === undefined) {
      problem('flag', line.flag);
      continue;
    }
    const worked = flagForResult(value, { ...range, criticalLow: test.criticalLow, criticalHigh: test.criticalHigh });
    // "Abnormal" for a value its range calls normal: which of the two is right is for a person to say.
    if (given === 'abnormal' && worked === 'normal') {
      problem('flag', line.flag);
      continue;
    }
    const stated: LabFlag | null = given === 'abnormal' ? worked : given;
    const flag = stated !== null && SEVERITY[stated] >= SEVERITY[worked] ? stated : worked;
    components.push({
      line: line.line,
      loincCode: test.loinc,
      name: test.name,
      value,
      unit: test.unit,
      referenceLow: range.low,
      referenceHigh: range.high,
      flag,
    });
  }
  const missing = panel.tests.filter((test) => !seen.has(test.loinc)).map((test) => test.loinc);
  const matched = new Set(components.map((component) => component.loincCode));
  const missingValues = panel.tests.filter((test) => seen.has(test.loinc) && !matched.has(test.loinc)).length;
  return { components, unmatched, invalid, missing, ready: invalid.length === 0 && missing.length === 0 && missingValues === 0 };
}
