import { fontFile, fontName, isRightToLeft, scriptRuns, type FontFamily, type FontStyle, type TextRun } from './pdf-fonts';
import type { ReportTable } from './report-table';
import { reportWords, type PdfWords } from './report-words';

// A report as a PDF: a heading (title, clinic, period, when it was made) and the table, which goes
// on over as many pages as it needs with its header row repeated, and "page n of m" at the foot.
// Names, titles and cells may be in any script: every text is written in runs, each with the Noto
// font of its script (pdf-fonts.ts), so the file shows them and its text layer holds them.

const MARGIN = 40;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8;
const HEADER_FILL = '#e8eef5';

export interface PdfHeading {
  title: string;
  clinic: string;
  period: string;
  generatedAt: string;
  /** A sentence shown under the title, in bold: that the row cap cut the report. */
  note?: string | null;
}

/** Rows laid out between two turns of the event loop: a long report must not hold up other requests. */
const ROWS_PER_TURN = 50;

/** `words`: the heading's and footer's lines in the requester's language (English unless given). */
export async function reportPdf(heading: PdfHeading, table: ReportTable, words: PdfWords = reportWords('en').pdf): Promise<Buffer> {
  // Loaded on the first report, not at start-up: the library is a large share of what a start loads.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: table.columns.length > 6 ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: heading.title, Author: heading.clinic, Creator: 'Caredeck' },
  });
  for (const family of ['latin', 'arabic', 'cjk'] as FontFamily[]) {
    for (const style of ['regular', 'bold', 'italic'] as FontStyle[]) doc.registerFont(fontName(family, style), fontFile(family, style));
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const weights = table.columns.map((column) => column.weight ?? 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const widths = weights.map((weight) => (width * weight) / total);
  const bottom = () => doc.page.height - MARGIN - ROW_HEIGHT;

  /**
   * Writes a text at (x, y) in runs of one script each: right-to-left texts put their runs in
   * reading order from the right. A left-to-right text of one script wider than `width` ends with
   * an ellipsis; any other is clipped at the edge. Arabic is never given to pdfkit's line wrapper,
   * which lays it out word by word in the wrong order and drops the spaces: each run is laid out
   * whole, so fontkit shapes it and orders it right to left.
   */
  const write = (text: string, x: number, top: number, size: number, style: FontStyle, options: { width: number; align?: 'center' }) => {
    const runs = scriptRuns(text);
    if (runs.length === 0) return;
    doc.fontSize(size);
    if (runs.length === 1 && runs[0]!.family !== 'arabic') {
      doc.font(fontName(runs[0]!.family, style)).text(runs[0]!.text, x, top, { ...options, lineBreak: false, ellipsis: true });
      return;
    }
    const ordered: TextRun[] = isRightToLeft(runs) ? [...runs].reverse() : runs;
    const widths = ordered.map((run) => doc.font(fontName(run.family, style)).widthOfString(run.text));
    const total = widths.reduce((sum, w) => sum + w, 0);
    let at = options.align === 'center' && total < options.width ? x + (options.width - total) / 2 : x;
    const clipped = total > options.width;
    if (clipped)
      doc
        .save()
        .rect(x, top - size, options.width, size * 3)
        .clip();
    ordered.forEach((run, i) => {
      doc.font(fontName(run.family, style)).text(run.text, at, top, { lineBreak: false });
      at += widths[i]!;
    });
    if (clipped) doc.restore();
  };

  let y = doc.y;
  const line = (text: string, size: number, style: FontStyle) => {
    write(text, MARGIN, y, size, style, { width });
    y += size * 1.5;
  };
  line(heading.title, 16, 'bold');
  y += 2;
  if (heading.note) line(heading.note, 10, 'bold');
  line(heading.clinic, 10, 'regular');
  line(words.period(heading.period), 10, 'regular');
  line(words.generated(heading.generatedAt), 10, 'regular');
  line(words.rows(table.rows.length, table.total !== undefined && table.total > table.rows.length ? table.total : null), 10, 'regular');
  y += 10;

  const row = (cells: readonly string[]) => {
    let x = MARGIN;
    cells.forEach((cell, i) => {
      write(cell, x + 2, y + 4, FONT_SIZE, 'regular', { width: widths[i]! - 4 });
      x += widths[i]!;
    });
    y += ROW_HEIGHT;
  };

  /** How wide a text is once written in runs of its scripts' fonts. */
  const measure = (text: string, style: FontStyle) => {
    doc.fontSize(FONT_SIZE);
    return scriptRuns(text).reduce((sum, run) => sum + doc.font(fontName(run.family, style)).widthOfString(run.text), 0);
  };
  /**
   * A column name in one line, or in two where it is wider than its column: many languages' names
   * are longer than the English ones, and a cut name cannot be read. The first line takes as many
   * words as fit; a second line still too wide is cut at the column's edge.
   */
  const headerLines = (label: string, room: number): string[] => {
    if (measure(label, 'bold') <= room) return [label];
    const words = label.split(' ');
    for (let end = words.length - 1; end > 0; end -= 1) {
      const first = words.slice(0, end).join(' ');
      if (measure(first, 'bold') <= room) return [first, words.slice(end).join(' ')];
    }
    return [label];
  };
  const LINE_STEP = FONT_SIZE + 2;
  const header = () => {
    const labels = table.columns.map((column, i) => headerLines(column.label, widths[i]! - 4));
    const height = ROW_HEIGHT + (Math.max(...labels.map((lines) => lines.length)) - 1) * LINE_STEP;
    doc.rect(MARGIN, y, width, height).fill(HEADER_FILL).fillColor('black');
    let x = MARGIN;
    labels.forEach((lines, i) => {
      lines.forEach((text, n) => write(text, x + 2, y + 4 + n * LINE_STEP, FONT_SIZE, 'bold', { width: widths[i]! - 4 }));
      x += widths[i]!;
    });
    y += height;
  };

  header();
  if (table.rows.length === 0) {
    write(words.noRows, MARGIN, y + 4, FONT_SIZE, 'italic', { width });
  }
  for (const [index, cells] of table.rows.entries()) {
    // Laying out a row in the embedded fonts takes about a millisecond; 5,000 at once held the
    // server for seconds. Other requests are served between batches.
    if (index > 0 && index % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    if (y > bottom()) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    row(cells.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    // Writing below the bottom margin would make pdfkit start a new page: lift it for the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fillColor('#555555');
    write(words.page(heading.title, i + 1, range.count), MARGIN, doc.page.height - MARGIN / 2 - FONT_SIZE, FONT_SIZE, 'regular', {
      width,
      align: 'center',
    });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
