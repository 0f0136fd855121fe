import { createRequire } from 'node:module';
import path from 'node:path';

// Noto Sans for the PDFs the server draws (receipts, report exports, report cards), embedded
// from @fontsource/noto-sans. That package ships each script as its own subset (a Greek file
// without Latin letters or digits, a Latin one without Greek), and PDFKit has no font
// fallback, so text is cut into runs by script and each run is drawn with the font that has
// its glyphs.

export type Weight = 'regular' | 'bold';
export interface FontFiles {
  greek: Record<Weight, string>;
  latin: Record<Weight, string>;
}

let files: FontFiles | null = null;

export function fontFiles(): FontFiles {
  if (files) return files;
  // The package exports only CSS; its folder holds the font files beside it.
  const folder = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans')),
    'files',
  );
  const file = (script: string, weight: number) =>
    path.join(folder, `noto-sans-${script}-${weight}-normal.woff`);
  files = {
    greek: { regular: file('greek', 400), bold: file('greek', 700) },
    latin: { regular: file('latin', 400), bold: file('latin', 700) },
  };
  return files;
}

/** Greek and Coptic, and Greek Extended: the ranges of the Greek subset. */
const isGreek = (codePoint: number) =>
  (codePoint >= 0x370 && codePoint <= 0x3ff) || (codePoint >= 0x1f00 && codePoint <= 0x1fff);

export interface TextRun {
  script: 'greek' | 'latin';
  text: string;
}

/** Cuts text into runs of one script each (digits go with Latin; both fonts have spaces). */
export function scriptRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const last = runs[runs.length - 1];
    const script =
      char === ' ' && last ? last.script : isGreek(char.codePointAt(0)!) ? 'greek' : 'latin';
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}
