import PDFDocument from 'pdfkit';
import { fontFiles, scriptRuns, type Weight } from './pdf-text';

// What every PDF the server draws shares (receipts, report exports, report cards): a PDFKit
// document with the Noto Sans fonts registered by script and weight, its bytes when ended, and
// text written in runs of one script each (pdf-text.ts says why).

export type PdfDoc = InstanceType<typeof PDFDocument>;

export interface OpenPdfOptions {
  size?: string;
  layout?: 'portrait' | 'landscape';
  margin: number;
  info: { Title: string; Author?: string };
}

/** A new document with the fonts registered, and the promise of its bytes once `end()`ed. */
export function openPdf(options: OpenPdfOptions): { doc: PdfDoc; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    layout: options.layout ?? 'portrait',
    margin: options.margin,
    bufferPages: true,
    info: { ...options.info, Producer: 'Mathema' },
  });
  const fonts = fontFiles();
  for (const script of ['greek', 'latin'] as const)
    for (const weight of ['regular', 'bold'] as const)
      doc.registerFont(`${script}-${weight}`, fonts[script][weight]);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

export interface WriteOptions {
  x?: number;
  y?: number;
  width?: number;
  size?: number;
  weight?: Weight;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

const INK = '#1f2933';

/** The width of `text` at a size and weight, summed over its script runs. */
export function textWidth(doc: PdfDoc, text: string, size: number, weight: Weight = 'regular') {
  doc.fontSize(size);
  return scriptRuns(text).reduce(
    (sum, run) => sum + doc.font(`${run.script}-${weight}`).widthOfString(run.text),
    0,
  );
}

/**
 * Writes text in runs of one script each. Left-aligned text flows (and wraps) through
 * PDFKit's continued text; right-aligned and centred text is one line, placed by the summed
 * width of its runs, since PDFKit aligns each continued run on its own.
 */
export function write(doc: PdfDoc, text: string, options: WriteOptions = {}) {
  const runs = scriptRuns(text);
  const weight = options.weight ?? 'regular';
  doc.fontSize(options.size ?? 10).fillColor(options.color ?? INK);
  if (options.align === 'right' || options.align === 'center') {
    const widths = runs.map((run) => doc.font(`${run.script}-${weight}`).widthOfString(run.text));
    const total = widths.reduce((sum, w) => sum + w, 0);
    const box = options.width ?? 0;
    let x = (options.x ?? doc.x) + (options.align === 'right' ? box - total : (box - total) / 2);
    const y = options.y ?? doc.y;
    runs.forEach((run, i) => {
      doc.font(`${run.script}-${weight}`).text(run.text, x, y, { lineBreak: false });
      x += widths[i]!;
    });
    doc.x = options.x ?? doc.x;
    return;
  }
  runs.forEach((run, i) => {
    doc.font(`${run.script}-${weight}`);
    const layout = { width: options.width, continued: i < runs.length - 1, lineGap: 2 };
    if (i === 0 && options.x !== undefined) doc.text(run.text, options.x, options.y, layout);
    else doc.text(run.text, layout);
  });
}

/**
 * Breaks text into lines no wider than `width` (words kept whole unless one alone is wider,
 * then cut by characters), so that a caller knows a cell's height before drawing it.
 */
export function wrapLines(
  doc: PdfDoc,
  text: string,
  width: number,
  size: number,
  weight: Weight = 'regular',
): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(doc, candidate, size, weight) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (textWidth(doc, rest, size, weight) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && textWidth(doc, rest.slice(0, cut), size, weight) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Cuts one line to `width` with an ellipsis when it does not fit. */
export function fitLine(
  doc: PdfDoc,
  text: string,
  width: number,
  size: number,
  weight: Weight = 'regular',
): string {
  if (textWidth(doc, text, size, weight) <= width) return text;
  let end = text.length;
  while (end > 0 && textWidth(doc, `${text.slice(0, end)}…`, size, weight) > width) end -= 1;
  return `${text.slice(0, end)}…`;
}
