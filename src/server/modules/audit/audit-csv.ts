// CSV for the audit export (RFC 4180): fields with a comma, quote or line break are quoted and
// their quotes doubled. A cell a spreadsheet would read as a formula (= + - @, or a leading tab or
// carriage return) is prefixed with an apostrophe, so an actor's user agent or a resource id
// cannot run as a formula on an auditor's machine (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
