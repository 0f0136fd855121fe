import readXlsxFile from 'read-excel-file/node';
import { hasControlCharacters } from '../http/control-characters';
import { parseCsv } from './csv';
import { inspectZip, readZipEntry, ZipProblem } from './zip-inspect';

// Reading an uploaded import file into rows of text. It runs in a worker thread
// (import-worker.ts): even a bounded file takes long enough to parse that the event loop,
// and every other request, would wait for it.

export interface ImportLimits {
  /** Data rows (below the header) accepted in one import. */
  maxRows: number;
  /** What an .xlsx may unpack to, all its parts together. */
  maxUnpackedBytes: number;
  maxEntries: number;
}

export type ParseOutcome =
  { ok: true; rows: string[][] } | { ok: false; code: 'validation' | 'too_large'; message: string };

const tooManyRows = (limits: ImportLimits): ParseOutcome => ({
  ok: false,
  code: 'too_large',
  message: `Import at most ${limits.maxRows} rows at a time.`,
});

// A row element of a worksheet, with or without a namespace prefix.
const ROW_TAG = /<(?:\w+:)?row[\s>]/g;

function countRows(xml: string, stopAt: number): number {
  ROW_TAG.lastIndex = 0;
  let count = 0;
  while (ROW_TAG.exec(xml) && count <= stopAt) count++;
  return count;
}

async function xlsxRows(file: Buffer, limits: ImportLimits): Promise<ParseOutcome> {
  const entries = inspectZip(file, limits);
  // The rows are counted in the sheet's XML before the spreadsheet is parsed, so that a sheet
  // of 300,000 rows is refused without building 300,000 rows first.
  for (const entry of entries) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(entry.name)) continue;
    const xml = readZipEntry(file, entry).toString('utf8');
    if (countRows(xml, limits.maxRows + 1) > limits.maxRows + 1) return tooManyRows(limits);
  }
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(file);
  } catch {
    throw new ZipProblem('damaged', 'The file is damaged or is not an Excel (.xlsx) file.');
  }
  const rows = (sheets[0]?.data ?? []).map((row) =>
    row.map((cell) =>
      cell === null || cell === undefined
        ? ''
        : cell instanceof Date
          ? cell.toISOString().slice(0, 10)
          : String(cell),
    ),
  );
  return { ok: true, rows };
}

/** Reads a .csv or .xlsx upload into rows (the header first), within the limits. */
export async function parseImportFile(
  file: Buffer,
  filename: string,
  limits: ImportLimits,
): Promise<ParseOutcome> {
  let outcome: ParseOutcome;
  try {
    if (/\.xlsx$/i.test(filename)) outcome = await xlsxRows(file, limits);
    else if (/\.csv$/i.test(filename))
      outcome = { ok: true, rows: parseCsv(file.toString('utf8'), limits.maxRows + 2) };
    else return { ok: false, code: 'validation', message: 'Choose a .csv or .xlsx file.' };
  } catch (error) {
    if (error instanceof ZipProblem)
      return {
        ok: false,
        code: error.kind === 'too_large' ? 'too_large' : 'validation',
        message: error.message,
      };
    throw error;
  }
  if (!outcome.ok) return outcome;
  if (outcome.rows.length > limits.maxRows + 1) return tooManyRows(limits);
  const bad = outcome.rows.findIndex((row) => row.some(hasControlCharacters));
  if (bad >= 0)
    return {
      ok: false,
      code: 'validation',
      message: `Row ${bad + 1} contains control characters; remove them and import again.`,
    };
  return outcome;
}
