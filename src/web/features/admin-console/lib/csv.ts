import { saveFile } from '../../../lib/files/save-file';

// The CSV downloads of the analytics view: built in the browser from the figures already on screen,
// so a download says exactly what the chart and the table say.

/**
 * One cell: quoted when it holds a separator, a quote or a line break; a text a spreadsheet would
 * run as a formula (=, +, -, @ first) is written with a leading apostrophe.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Offers `csv` to the browser as a file called `name`. */
export function downloadCsv(name: string, csv: string): void {
  // A byte-order mark, so spreadsheet programs read accented names and other scripts as UTF-8.
  saveFile(name, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
