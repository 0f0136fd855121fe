import {
  EDITOR_FONT_SIZE_DEFAULT,
  EDITOR_FONT_SIZE_MAX,
  EDITOR_FONT_SIZE_MIN,
} from '../../../../shared/constants';
import { EDITOR_TABLE_MAX_COLUMNS, EDITOR_TABLE_MAX_ROWS } from '../../../../shared/editor';

/**
 * Keys a number field refuses (spec §5): a browser's number input accepts them for exponents
 * and signs, which a font size or a row count never has.
 */
export function isRefusedNumberKey(key: string): boolean {
  return key === 'e' || key === 'E' || key === '+' || key === '-';
}

/** The digits of a typed or pasted value, so that a refused character never lands in the field. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/**
 * The next size for the smaller/larger buttons. Steps grow with the size (spec §9 "step rules
 * vary with size"): one point where a point shows, larger jumps for headings.
 */
export function nextFontSize(current: number, direction: 1 | -1): number {
  const size = Number.isFinite(current) ? current : EDITOR_FONT_SIZE_DEFAULT;
  const stepFrom = direction === 1 ? size : size - 1;
  const step = stepFrom < 12 ? 1 : stepFrom < 20 ? 2 : stepFrom < 36 ? 4 : 12;
  const next = size + direction * step;
  return Math.min(EDITOR_FONT_SIZE_MAX, Math.max(EDITOR_FONT_SIZE_MIN, next));
}

/** Rows and columns from the table dialog, or null when either is not a usable whole number. */
export function tableSize(rows: string, columns: string): { rows: number; columns: number } | null {
  const read = (text: string, max: number) => {
    if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
    const value = Number(text);
    return value >= 1 && value <= max ? value : null;
  };
  const rowCount = read(rows, EDITOR_TABLE_MAX_ROWS);
  const columnCount = read(columns, EDITOR_TABLE_MAX_COLUMNS);
  return rowCount && columnCount ? { rows: rowCount, columns: columnCount } : null;
}
