import { describe, expect, it } from 'vitest';
import { readResultFile } from './result-file';

// The file reader on its own: separators as the message names them, escapes, the LOINC triplet
// wherever it stands, and CSV quoting.

describe('reading a results file', () => {
  it('reads HL7 with carriage returns, its own separators, escapes and an alternate LOINC triplet', () => {
    const message = [
      'MSH#*~\\&#LIS#LAB#CD#CL#20261120##ORU*R01#1#P#2.5',
      'PID#1##MRN7***MR~LAB-3##O\\S\\BRIEN*SEAN',
      'OBX#1#NM#GLU*Glucose*L*2345-7*Glucose*LN##92#mg/dL#70\\T\\99#N###F',
    ].join('\r');
    const read = readResultFile(message);
    expect(read).toEqual({
      ok: true,
      format: 'hl7',
      patientInFile: 'O*BRIEN, SEAN',
      recordNumbersInFile: ['MRN7', 'LAB-3'],
      lines: [
        {
          line: 3,
          code: '2345-7',
          name: 'Glucose',
          value: '92',
          valueType: 'NM',
          unit: 'mg/dL',
          range: '70&99',
          flag: 'N',
          status: 'F',
        },
      ],
    });
  });

  it('keeps a structured numeric that is a comparison as text, so it is not taken as a number', () => {
    const read = readResultFile('MSH|^~\\&|A|B|C|D|E||ORU^R01|1|P|2.5\nOBX|1|SN|2823-3^K^LN||<^2.0|mmol/L');
    expect(read.ok && read.lines[0]!.value).toBe('<^2.0');
  });

  it('reads CSV with quotes and tabs, without a header, and refuses text that is no CSV of results', () => {
    const read = readResultFile('"2345-7"\t"9""2"\tmg/dL\n3094-0\t14\tmg/dL\t7-20\tN');
    expect(read.ok && read.lines.map((line) => [line.code, line.value, line.range, line.flag])).toEqual([
      ['2345-7', '9"2', '', ''],
      ['3094-0', '14', '7-20', 'N'],
    ]);
    expect(readResultFile('Hello, doctor')).toEqual({ ok: false, reason: 'unrecognised' });
    expect(readResultFile('no separators at all')).toEqual({ ok: false, reason: 'unrecognised' });
  });
});
