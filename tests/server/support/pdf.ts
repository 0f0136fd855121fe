import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Reads a PDF the server drew back as a reader would: its pages' text (PDF.js, the
// browsers' reader) and, where poppler's pdftoppm is installed, a page as a PNG.

/** The text of each page, its items joined by spaces in reading order. */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    // A line drawn in runs (Greek and Latin are separate fonts) joins without a gap where one
    // run ends at the next one's start.
    let text = '';
    let end: { x: number; y: number } | null = null;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const [x, y] = [item.transform[4] as number, item.transform[5] as number];
      const touching = end !== null && Math.abs(end.y - y) < 0.5 && Math.abs(end.x - x) < 0.5;
      text += (text && !touching ? ' ' : '') + item.str;
      end = { x: x + item.width, y };
    }
    pages.push(text.replace(/\s+/g, ' ').trim());
  }
  await pdf.cleanup();
  return pages;
}

/** Whether poppler's pdftoppm is on this machine (the tests draw a page only then). */
export function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Renders one page to a PNG file (pdftoppm) and answers its path. */
export function renderPage(bytes: Buffer, page: number, outFile: string, dpi = 80): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-pdf-'));
  const input = path.join(dir, 'in.pdf');
  fs.writeFileSync(input, bytes);
  const prefix = outFile.replace(/\.png$/, '');
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    input,
    prefix,
  ]);
  fs.rmSync(dir, { recursive: true, force: true });
  return `${prefix}.png`;
}
