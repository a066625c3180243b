import { describe, expect, it } from 'vitest';
import { reportPdf } from './report-pdf';
import type { ReportTable } from './report-table';
import { pdfText } from '../../test-support/pdf-text';

// A report's PDF writes every script it is given: accented Latin, Arabic (shaped, right to left)
// and Chinese come out in the file's text layer as they went in, read back with pdf.js.

const HEADING = {
  title: 'Patient list',
  clinic: 'Clinique Sainte-Hélène',
  period: '2026-03-01 to 2026-03-14',
  generatedAt: '2026-03-15 08:00 UTC',
};

function table(names: [string, string][]): ReportTable {
  return {
    columns: [
      { label: 'First name', weight: 1.4 },
      { label: 'Last name', weight: 1.4 },
      { label: 'Doctor', weight: 2 },
    ],
    rows: names.map(([first, last]) => [first, last, 'Dr. 王小明']),
  };
}

describe('report PDFs', () => {
  it('hold accented Latin, Arabic and Chinese names in their text layer', async () => {
    const pdf = await reportPdf(
      { ...HEADING, title: 'تقرير المرضى 患者报告' },
      table([
        ['Zoë', 'Ångström'],
        ['مريم', 'الحسن'],
        ['小明', '王'],
      ]),
    );
    const text = await pdfText(pdf);
    expect(text).toContain('Zoë');
    expect(text).toContain('Ångström');
    expect(text).toContain('مريم');
    expect(text).toContain('الحسن');
    expect(text).toContain('小明');
    expect(text).toContain('王小明');
    expect(text).toContain('Clinique Sainte-Hélène');
    expect(text).toContain('患者报告');
  });

  it('writes a cell of two scripts, and a right-to-left name of two words, whole', async () => {
    const text = await pdfText(await reportPdf(HEADING, table([['Zoë 王', 'مريم الحسن']])));
    expect(text).toContain('Zoë 王');
    expect(text).toContain('Dr. 王小明');
    // pdf.js reads a right-to-left line back word by word; both words are in the cell's one line.
    const line = text.split('\n').find((candidate) => candidate.includes('Zoë'))!;
    expect(line).toContain('مريم');
    expect(line).toContain('الحسن');
  });
});

describe('column names', () => {
  it('go on in a second line of the header when wider than their column, never cut', async () => {
    const columns = Array.from({ length: 8 }, (_, i) => ({ label: i === 7 ? 'Quote Nichterscheinen (%)' : `Spalte ${i}` }));
    const text = await pdfText(await reportPdf(HEADING, { columns, rows: [columns.map((_, i) => i)] }));
    const lines = text.split('\n');
    const header = lines
      .slice(
        lines.findIndex((line) => line.startsWith('Spalte 0')),
        lines.findIndex((line) => line.startsWith('0 1')),
      )
      .join(' ');
    expect(header).toContain('Quote');
    expect(header).toContain('Nichterscheinen (%)');
    expect(text).not.toContain('…');
  });
});

describe('a long report', () => {
  it('lets the server turn to other work while its rows are laid out', async () => {
    const names = Array.from({ length: 1000 }, (_, i): [string, string] => [`Zoë ${i}`, i % 2 ? 'Ångström' : 'الحسن']);
    let turns = 0;
    let building = true;
    const tick = (): void => {
      if (!building) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const pdf = await reportPdf(HEADING, table(names));
    building = false;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A turn at least every 50 rows: written in one go, the thousand rows leave no turn in between.
    expect(turns).toBeGreaterThanOrEqual(1000 / 50 - 1);
  });
});
