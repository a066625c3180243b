import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('analytics CSV', () => {
  it('writes numbers as they are, empty cells for missing rates, and quotes what needs quoting', () => {
    expect(
      toCsv(
        ['doctor', 'rate'],
        [
          ['Chen, Sarah', 0.25],
          ['Dr "Bo"', null],
        ],
      ),
    ).toBe('doctor,rate\r\n"Chen, Sarah",0.25\r\n"Dr ""Bo""",\r\n');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell(-1)).toBe('-1');
  });
});
