import type { ReportLocale } from '../../../shared/api/reports';
import type { ReportColumnDeclaration, ReportRow } from '../../../shared/reports/declaration';
import { formatReportCell, formatReportDate } from '../../../shared/reports/format';
import { fitLine, openPdf, textWidth, write, type PdfDoc } from '../../pdf/pdf-document';
import { wordOf } from './words';

// A report as a printable table: the title, the filters it was run with, the columns (the
// heading repeated on every page), the rows in the language's number style and the totals,
// with "page n of m" under each page. Wide reports turn the page to landscape.

const MARGIN = 40;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const STRIPE = '#f5f7fa';
const HEAD = '#e4e7eb';
const SIZE = 8.5;
const ROW = 16;
/** Rows drawn between two progress notes. */
export const PDF_BATCH_ROWS = 200;

export interface ReportPdfInput {
  title: string;
  schoolName: string;
  /** "Label: value" of each filter that is set, in the reader's language. */
  filters: string[];
  columns: (ReportColumnDeclaration & { heading: string })[];
  rows: ReportRow[];
  /** The totals row's cells by column key (the first column says "Total" when not a figure). */
  totals: Record<string, number | null> | null;
  totalLabel: string;
  locale: ReportLocale;
  today: string;
  /** Called after each batch of rows with the share drawn (0–1). */
  onProgress?: (share: number) => Promise<void>;
}

const alignOf = (type: ReportColumnDeclaration['type']) => (type === 'text' ? 'left' : 'right');

/** Column widths: each column's widest text (sampled), scaled to the page, none too narrow. */
function columnWidths(doc: PdfDoc, input: ReportPdfInput, cells: string[][], width: number) {
  const natural = input.columns.map((column, i) => {
    const heading = textWidth(doc, column.heading, SIZE, 'bold');
    const widest = cells
      .slice(0, 400)
      .reduce((max, row) => Math.max(max, textWidth(doc, row[i] ?? '', SIZE)), 0);
    return Math.max(40, Math.min(220, Math.max(heading, widest) + 10));
  });
  const sum = natural.reduce((s, w) => s + w, 0);
  return natural.map((w) => (w * width) / sum);
}

/** The PDF of a report run, as bytes. */
export async function reportPdf(input: ReportPdfInput): Promise<Buffer> {
  const landscape = input.columns.length > 5;
  const { doc, bytes } = openPdf({
    margin: MARGIN,
    layout: landscape ? 'landscape' : 'portrait',
    info: { Title: input.title, Author: input.schoolName },
  });
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 24;
  const language = input.locale;
  const cells = input.rows.map((row) =>
    input.columns.map((c) => formatReportCell(row[c.key], c.type, language)),
  );
  const widths = columnWidths(doc, input, cells, width);
  const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));

  const drawRow = (texts: string[], y: number, weight: 'regular' | 'bold') => {
    texts.forEach((text, i) => {
      const column = input.columns[i]!;
      write(doc, fitLine(doc, text, widths[i]! - 8, SIZE, weight), {
        x: lefts[i]! + 4,
        y: y + 4,
        width: widths[i]! - 8,
        size: SIZE,
        weight,
        align: alignOf(column.type) === 'right' ? 'right' : undefined,
      });
    });
  };
  const drawHeading = (y: number) => {
    doc.rect(MARGIN, y, width, ROW + 2).fill(HEAD);
    drawRow(
      input.columns.map((c) => c.heading),
      y,
      'bold',
    );
    return y + ROW + 2;
  };

  // The title block.
  write(doc, input.schoolName, { x: MARGIN, y: MARGIN, size: 9, color: MUTED });
  write(doc, input.title, { x: MARGIN, y: doc.y + 2, size: 16, weight: 'bold' });
  for (const line of input.filters)
    write(doc, line, { x: MARGIN, y: doc.y + 1, size: 9, color: MUTED, width });
  write(doc, wordOf(language, 'printed', { date: formatReportDate(input.today, language) }), {
    x: MARGIN,
    y: doc.y + 1,
    size: 9,
    color: MUTED,
  });
  let y = drawHeading(doc.y + 12);

  if (cells.length === 0) {
    write(doc, wordOf(language, 'noRows'), { x: MARGIN + 4, y: y + 6, size: 10, color: MUTED });
    y += ROW + 8;
  }
  for (let start = 0; start < cells.length; start += PDF_BATCH_ROWS) {
    cells.slice(start, start + PDF_BATCH_ROWS).forEach((texts, offset) => {
      if (y + ROW > bottom) {
        doc.addPage();
        y = drawHeading(MARGIN);
      }
      if ((start + offset) % 2 === 1) doc.rect(MARGIN, y, width, ROW).fill(STRIPE);
      drawRow(texts, y, 'regular');
      y += ROW;
    });
    await input.onProgress?.(Math.min(cells.length, start + PDF_BATCH_ROWS) / cells.length);
  }

  if (input.totals) {
    if (y + ROW + 4 > bottom) {
      doc.addPage();
      y = drawHeading(MARGIN);
    }
    doc
      .moveTo(MARGIN, y + 1)
      .lineTo(MARGIN + width, y + 1)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
    const totals = input.totals;
    drawRow(
      input.columns.map((c, i) =>
        c.key in totals
          ? formatReportCell(totals[c.key] ?? null, c.type, language)
          : i === 0
            ? input.totalLabel
            : '',
      ),
      y + 2,
      'bold',
    );
  }

  // "Page n of m" under every page, once the number of pages is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing below the bottom margin would open a new page: lift it while the footer is drawn.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, doc.page.height - MARGIN - 14)
      .lineTo(MARGIN + width, doc.page.height - MARGIN - 14)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    write(doc, `${input.schoolName} · ${input.title}`, {
      x: MARGIN,
      y: doc.page.height - MARGIN - 8,
      size: 7,
      color: MUTED,
    });
    write(doc, wordOf(language, 'page', { page: i + 1, pages: range.count }), {
      x: MARGIN,
      y: doc.page.height - MARGIN - 8,
      width,
      size: 7,
      color: MUTED,
      align: 'right',
    });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return bytes;
}
