// Tables as CSV for a station's spreadsheet (issue 46, docs/decisions/listeners.md "Downloads (CSV)"):
// RFC 4180 (a header row, CRLF line ends, a field holding a comma, a quote, CR or LF in quotes with
// its quotes doubled), and no formula injection: a text field a spreadsheet would read as a formula
// (starting with =, +, -, @, tab or CR) gets a leading single quote (OWASP, "CSV Injection").
// Numeric columns are written as numbers, never prefixed. Pure.

export type CsvValue = string | number | null;

export interface CsvColumn<Row> {
  name: string;
  /** Written as a number: never prefixed, so -3 stays a number. */
  numeric?: boolean;
  value(row: Row): CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field as a CSV file holds it. */
export function csvField(value: CsvValue, numeric = false): string {
  if (value === null) return '';
  let text = String(value);
  if (!numeric && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as a CSV file: the columns' names, then a line a row, each line ending in CRLF. */
export function csvTable<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  const lines = [columns.map((c) => csvField(c.name)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row), c.numeric)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A name safe in a content-disposition filename: letters, digits, dot, hyphen and underscore, the rest one hyphen. */
export function fileNamePart(text: string): string {
  const safe = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return safe.slice(0, 80) || 'player';
}
