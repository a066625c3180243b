import PDFDocument from 'pdfkit';
import type { ReportTable } from './report-table';

// A report as a PDF: a heading (title, clinic, period, when it was made) and the table, which goes
// on over as many pages as it needs with its header row repeated, and "page n of m" at the foot.
// pdfkit's built-in Helvetica needs no font files; it writes Latin text only, which the server's
// report texts are (English, like its mail).

const MARGIN = 40;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8;
const HEADER_FILL = '#e8eef5';

export interface PdfHeading {
  title: string;
  clinic: string;
  period: string;
  generatedAt: string;
}

export function reportPdf(heading: PdfHeading, table: ReportTable): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: table.columns.length > 6 ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: heading.title, Author: heading.clinic, Creator: 'Caredeck' },
  });
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

  doc.font('Helvetica-Bold').fontSize(16).text(heading.title);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(heading.clinic);
  doc.text(`Period: ${heading.period}`);
  doc.text(`Generated: ${heading.generatedAt}`);
  doc.text(`Rows: ${table.rows.length}`);
  doc.moveDown(0.8);

  let y = doc.y;
  const row = (cells: readonly string[], bold: boolean) => {
    if (bold) doc.rect(MARGIN, y, width, ROW_HEIGHT).fill(HEADER_FILL).fillColor('black');
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc.text(cell, x + 2, y + 4, { width: widths[i]! - 4, height: ROW_HEIGHT - 4, lineBreak: false, ellipsis: true });
      x += widths[i]!;
    });
    y += ROW_HEIGHT;
  };
  const header = () =>
    row(
      table.columns.map((column) => column.label),
      true,
    );

  header();
  if (table.rows.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(FONT_SIZE)
      .text('No rows for this period.', MARGIN, y + 4);
  }
  for (const cells of table.rows) {
    if (y > bottom()) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    row(
      cells.map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
      false,
    );
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    // Writing below the bottom margin would make pdfkit start a new page: lift it for the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(FONT_SIZE)
      .fillColor('#555555')
      .text(`${heading.title} - page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN / 2 - FONT_SIZE, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
