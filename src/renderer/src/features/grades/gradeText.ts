import type { TFunction } from 'i18next';
import { gradeValueIssue, type GradeValueIssue } from '../../../../shared/grades/value';

// Grades as typed and as shown: a decimal comma or point (Greek keyboards type a comma), at
// most two decimals, in the user's language.

export type ParsedGrade =
  { kind: 'empty' } | { kind: 'number'; value: number } | { kind: 'invalid' };

/** What a teacher typed or pasted into a cell. */
export function parseGradeText(text: string): ParsedGrade {
  const trimmed = text.trim().replace(/\s+/g, '');
  if (trimmed === '') return { kind: 'empty' };
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return { kind: 'invalid' };
  return { kind: 'number', value: Number(trimmed.replace(',', '.')) };
}

// One formatter per language: making one costs more than the grid's whole cell, and the grid
// formats every cell in view on every move.
const formatters = new Map<string, Intl.NumberFormat>();

/** A value on an item's points, in the user's language (17.5 is "17,5" in Greek). */
export function formatGrade(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '';
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    formatters.set(language, format);
  }
  return format.format(value);
}

export function gradeIssueText(t: TFunction, issue: GradeValueIssue | 'not_a_number'): string {
  if (issue === 'not_a_number') return t('Enter a number.');
  if (issue.code === 'value_out_of_scale')
    return t('Enter a value from 0 to {{max}}.', { max: issue.params.max });
  return t('Enter at most two decimals.');
}

/** The typed text as a value to save, or the reason it cannot be saved (in words). */
export function checkGradeText(
  t: TFunction,
  text: string,
  max: number,
): { ok: true; value: number | null } | { ok: false; message: string } {
  const parsed = parseGradeText(text);
  if (parsed.kind === 'invalid') return { ok: false, message: gradeIssueText(t, 'not_a_number') };
  const value = parsed.kind === 'empty' ? null : parsed.value;
  const issue = gradeValueIssue(value, max);
  return issue ? { ok: false, message: gradeIssueText(t, issue) } : { ok: true, value };
}

/**
 * A block copied from a spreadsheet: rows by line, cells by tab. The trailing line break that
 * Excel and LibreOffice add is not a row.
 */
export function parsePastedBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}
