import { RESULT_FILE_MAX_LINES, type ResultFileFormat, type ResultFileRefusal } from '../../../contracts/result-import';

// Reading a results file into lines of (code, value, unit, range, flag), before anything is matched
// against the ordered panel (result-import.ts). Two formats:
//
// - HL7 v2 ORU^R01: segments separated by carriage returns (or any line break); the MSH segment
//   names the separators; each OBX segment is one observation: OBX-3 its code (the LOINC code when
//   the coding system is LN, in the first or the alternate triplet), OBX-5 its value, OBX-6 units,
//   OBX-7 the reference range, OBX-8 abnormal flags, OBX-11 the result status.
// - CSV: one result a row, `code,value,unit,range,flag`, with or without a header row naming those
//   columns (in any order); commas, semicolons or tabs; double quotes as usual.
//
// Only the handful of HL7 rules OBX needs are read here, so no parser library is needed for them
// (the maintained npm ones need a newer Node than ours or did not install); the rest of the message
// is passed over.

export interface FileLine {
  /** 1-based line (segment or row) of the file, for the preview. */
  line: number;
  code: string;
  name: string | null;
  value: string;
  /** HL7's value type (NM, SN, ST…); null for CSV. */
  valueType: string | null;
  unit: string;
  range: string;
  flag: string;
  /** HL7's result status (F, C, P, X…); empty for CSV. */
  status: string;
}

export type ReadFile =
  | {
      ok: true;
      format: ResultFileFormat;
      patientInFile: string | null;
      /** The patient's identifiers the file gives (HL7 PID-3, each repetition's ID); none for CSV. */
      recordNumbersInFile: string[];
      lines: FileLine[];
    }
  | { ok: false; reason: ResultFileRefusal };

export function readResultFile(content: string): ReadFile {
  const text = content.replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > RESULT_FILE_MAX_LINES) return { ok: false, reason: 'too-many-lines' };
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first === -1) return { ok: false, reason: 'empty' };
  if (/^MSH./.test(lines[first]!.trimStart())) return readHl7(lines);
  return readCsv(lines);
}

function readHl7(lines: string[]): ReadFile {
  const msh = lines.find((line) => line.trimStart().startsWith('MSH'))!.trimStart();
  const field = msh[3]!;
  const encoding = msh.slice(4, 8);
  const component = encoding[0] ?? '^';
  const repetition = encoding[1] ?? '~';
  const escape = encoding[2] ?? '\\';
  const subcomponent = encoding[3] ?? '&';
  if ([component, repetition, escape, subcomponent].includes(field)) return { ok: false, reason: 'unrecognised' };
  // MSH-1 is the separator itself, so MSH-n is split index n - 1.
  const mshFields = msh.split(field);
  const [type = '', trigger = ''] = (mshFields[8] ?? '').split(component);
  if (type.trim().toUpperCase() !== 'ORU' || (trigger.trim() !== '' && trigger.trim().toUpperCase() !== 'R01')) {
    return { ok: false, reason: 'not-oru' };
  }

  const unescape = (value: string) =>
    value.replace(new RegExp(`${escapeRegExp(escape)}([FSTRE])${escapeRegExp(escape)}`, 'g'), (_, code: string) => {
      const map: Record<string, string> = { F: field, S: component, T: subcomponent, R: repetition, E: escape };
      return map[code] ?? '';
    });
  const parts = (value: string | undefined) => (value ?? '').split(repetition)[0]!.split(component).map(unescape);

  let patientInFile: string | null = null;
  let recordNumbersInFile: string[] = [];
  const found: FileLine[] = [];
  lines.forEach((raw, index) => {
    const segment = raw.trimStart();
    const fields = segment.split(field);
    if (fields[0] === 'PID' && patientInFile === null) {
      const [family = '', given = ''] = parts(fields[5]);
      const name = [family.trim(), given.trim()].filter(Boolean).join(', ');
      patientInFile = name === '' ? null : name;
      recordNumbersInFile = (fields[3] ?? '')
        .split(repetition)
        .map((identifier) => unescape(identifier.split(component)[0] ?? '').trim())
        .filter(Boolean);
    }
    if (fields[0] !== 'OBX') return;
    const identifier = parts(fields[3]);
    // The LOINC code is the triplet whose coding system is LN; a message without a system names it by the first code.
    const loincAt = [0, 3].find((at) => /^(LN|LOINC)$/i.test((identifier[at + 2] ?? '').trim()));
    const at = loincAt ?? 0;
    const valueType = (fields[2] ?? '').trim().toUpperCase();
    const rawValue = (fields[5] ?? '').split(repetition)[0]!;
    found.push({
      line: index + 1,
      code: (identifier[at] ?? '').trim(),
      name: (identifier[at + 1] ?? '').trim() || null,
      // A structured numeric keeps its components apart until it is read as one number.
      value: valueType === 'SN' ? snValue(rawValue.split(component).map(unescape)) : unescape(rawValue),
      valueType,
      unit: (parts(fields[6])[0] ?? '').trim(),
      range: unescape((fields[7] ?? '').trim()),
      flag: (fields[8] ?? '').split(repetition)[0]!.trim(),
      status: (fields[11] ?? '').trim().toUpperCase(),
    });
  });
  if (found.length === 0) return { ok: false, reason: 'empty' };
  return { ok: true, format: 'hl7', patientInFile, recordNumbersInFile, lines: found };
}

/** A structured numeric (SN) value: `^7.2` or `=^7.2` is 7.2; a comparison or a ratio is not one number. */
function snValue(components: string[]): string {
  const [comparator = '', number = '', separator = '', second = ''] = components.map((part) => part.trim());
  if ((comparator === '' || comparator === '=') && separator === '' && second === '') return number;
  return components.join('^');
}

const CSV_COLUMNS = {
  code: ['code', 'loinc', 'loinc code', 'test code'],
  value: ['value', 'result'],
  unit: ['unit', 'units'],
  range: ['range', 'reference range', 'reference', 'ref range'],
  flag: ['flag', 'flags', 'abnormal flag'],
} as const;
type CsvColumn = keyof typeof CSV_COLUMNS;

function readCsv(lines: string[]): ReadFile {
  const firstIndex = lines.findIndex((line) => line.trim() !== '');
  const first = lines[firstIndex]!;
  const delimiter = [',', ';', '\t'].reduce((best, candidate) => (count(first, candidate) > count(first, best) ? candidate : best), ',');
  if (count(first, delimiter) === 0) return { ok: false, reason: 'unrecognised' };
  const header = splitCsv(first, delimiter).map((cell) => cell.trim().toLowerCase());
  const named = (Object.keys(CSV_COLUMNS) as CsvColumn[]).map((column) =>
    header.findIndex((cell) => (CSV_COLUMNS[column] as readonly string[]).includes(cell)),
  );
  const hasHeader = named[0]! >= 0 && named[1]! >= 0;
  const at: Record<CsvColumn, number> = hasHeader
    ? { code: named[0]!, value: named[1]!, unit: named[2]!, range: named[3]!, flag: named[4]! }
    : { code: 0, value: 1, unit: 2, range: 3, flag: 4 };
  const found: FileLine[] = [];
  lines.forEach((raw, index) => {
    if (raw.trim() === '' || (hasHeader && index === firstIndex)) return;
    const cells = splitCsv(raw, delimiter);
    const cell = (column: CsvColumn) => (at[column] >= 0 ? (cells[at[column]] ?? '').trim() : '');
    found.push({
      line: index + 1,
      code: cell('code'),
      name: null,
      // A decimal comma is a decimal point when commas do not separate the columns.
      value: delimiter === ',' ? cell('value') : cell('value').replace(',', '.'),
      valueType: null,
      unit: cell('unit'),
      range: delimiter === ',' ? cell('range') : cell('range').replace(/,/g, '.'),
      flag: cell('flag'),
      status: '',
    });
  });
  if (found.length === 0) return { ok: false, reason: 'empty' };
  // Without a header, a file is taken as results only when some row starts with a LOINC code: a
  // letter with a comma in it is not a CSV of results.
  if (!hasHeader && !found.some((line) => LOINC.test(line.code))) return { ok: false, reason: 'unrecognised' };
  return { ok: true, format: 'csv', patientInFile: null, recordNumbersInFile: [], lines: found };
}

const LOINC = /^\d{1,7}-\d$/;

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** One CSV row's cells: a quoted cell may hold the delimiter, and "" inside it is one quote. */
function splitCsv(row: string, delimiter: string): string[] {
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < row.length; index += 1) {
    const character = row[index]!;
    if (quoted) {
      if (character === '"' && row[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else current += character;
    } else if (character === '"' && current.trim() === '') {
      quoted = true;
      current = '';
    } else if (character === delimiter) {
      cells.push(current);
      current = '';
    } else current += character;
  }
  cells.push(current);
  return cells;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
