import { z } from 'zod';
import { LAB_FLAGS } from './health-records';

// Lab results imported from a file instead of typed: an HL7 v2 ORU^R01 message (its OBX segments) or
// a simple CSV (code, value, unit, range, flag). The file's text travels as JSON; the server reads it,
// matches each line to a test of the ordered panel and answers a preview. Nothing is saved until the
// same text is sent again to be imported, and then only when every test of the panel has one good
// value. Lines whose code is not in the panel are listed and left out.

/** Longest file taken, in characters: a panel's message is a few kilobytes. */
export const RESULT_FILE_MAX_CHARS = 64 * 1024;
/** Most lines (segments or rows) read from one file. */
export const RESULT_FILE_MAX_LINES = 500;
export const RESULT_FILE_ACCEPT = '.hl7,.txt,.csv,text/plain,text/csv';

export const RESULT_FILE_FORMATS = ['hl7', 'csv'] as const;
export type ResultFileFormat = (typeof RESULT_FILE_FORMATS)[number];

/** Why a line that names a test of the panel cannot be taken. */
export const IMPORT_PROBLEMS = ['value', 'outOfRange', 'unit', 'range', 'flag', 'duplicate', 'status'] as const;
export type ImportProblem = (typeof IMPORT_PROBLEMS)[number];

/** Why a whole file cannot be read (the validation key under `file`). */
export const RESULT_FILE_REFUSALS = {
  unrecognised: 'resultFile.unrecognised',
  'not-oru': 'resultFile.notOru',
  empty: 'resultFile.empty',
  'too-many-lines': 'resultFile.tooManyLines',
  'other-patient': 'resultFile.otherPatient',
} as const;
export type ResultFileRefusal = keyof typeof RESULT_FILE_REFUSALS;

const version = z.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(1_000_000, 'choice.invalid');

export const importResultsSchema = z
  .object({
    version,
    content: z.string('resultFile.empty').min(1, 'resultFile.empty').max(RESULT_FILE_MAX_CHARS, 'resultFile.tooLarge'),
  })
  .strict();
export type ImportResults = z.infer<typeof importResultsSchema>;

export const importPreviewSchema = z.object({
  format: z.enum(RESULT_FILE_FORMATS),
  /** The patient the file names (an HL7 message's PID), to compare with the order's; null when it names none. */
  patientInFile: z.string().nullable(),
  /** The tests of the panel found in the file, as they would be saved. */
  components: z.array(
    z.object({
      line: z.number().int(),
      loincCode: z.string(),
      name: z.string(),
      value: z.number(),
      unit: z.string(),
      referenceLow: z.number().nullable(),
      referenceHigh: z.number().nullable(),
      flag: z.enum(LAB_FLAGS),
    }),
  ),
  /** Lines naming a code that is not a test of the panel: left out. */
  unmatched: z.array(z.object({ line: z.number().int(), code: z.string(), name: z.string().nullable() })),
  /** Lines naming a test of the panel that cannot be taken as they are. */
  invalid: z.array(z.object({ line: z.number().int(), loincCode: z.string(), problem: z.enum(IMPORT_PROBLEMS), text: z.string() })),
  /** Tests of the panel the file gives no value for (their LOINC codes). */
  missing: z.array(z.string()),
  /** Whether importing would save: nothing invalid, nothing missing. */
  ready: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const importPreviewResponseSchema = z.object({ data: importPreviewSchema });
