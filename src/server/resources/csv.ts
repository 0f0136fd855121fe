/**
 * Reads CSV (RFC 4180): quoted fields, doubled quotes, CRLF; the delimiter is , or ; (Excel
 * in Greek). Stops after `maxRows` rows, so that an oversized file is not read to its end.
 */
export function parseCsv(text: string, maxRows = Infinity): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const delimiter =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((value) => value.trim() !== '')) rows.push(row);
      if (rows.length >= maxRows) return rows;
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    if (row.some((value) => value.trim() !== '')) rows.push(row);
  }
  return rows;
}

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection"): a cell starting with
 * = + - @, a tab or a carriage return. Such a cell is exported with a leading single quote,
 * which spreadsheets show as text. Numbers stay numbers: a negative amount is a JavaScript
 * number here, not text, and is written as it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutraliseFormula = (value: unknown): unknown =>
  typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;

const quote = (value: unknown) => {
  const safe = neutraliseFormula(value);
  const text = safe === null || safe === undefined ? '' : String(safe);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Writes CSV with a byte-order mark, so that Excel opens Greek text correctly. */
export const toCsv = (rows: unknown[][]): string =>
  `\uFEFF${rows.map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
