import { EDITOR_FONT_SIZE_MAX, EDITOR_FONT_SIZE_MIN } from '../constants';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Spec §5: a colour is applied only when written as #RRGGBB. */
export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

/** A whole number of pixels within the editor's font sizes, else null. */
export function fontSizeFromText(value: string): number | null {
  if (!/^\d{1,3}$/.test(value.trim())) return null;
  const size = Number(value.trim());
  return size >= EDITOR_FONT_SIZE_MIN && size <= EDITOR_FONT_SIZE_MAX ? size : null;
}

export interface TextStyle {
  fontSize?: number;
  color?: string;
}

/**
 * Reads the two declarations the editor writes (`font-size: Npx`, `color: #RRGGBB`) out of an
 * inline style and ignores every other one, so that a stored style can never carry `url()`,
 * `expression()`, positioning or anything else a browser would act on.
 */
export function readTextStyle(style: unknown): TextStyle {
  const result: TextStyle = {};
  if (typeof style !== 'string' || style.length > 1_000) return result;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (property === 'font-size') {
      const match = /^(\d{1,3})px$/i.exec(value);
      const size = match ? fontSizeFromText(match[1]!) : null;
      if (size !== null) result.fontSize = size;
    } else if (property === 'color' && isHexColour(value)) {
      result.color = value.toLowerCase();
    }
  }
  return result;
}

/** The inline style text for the allowed declarations (empty when there are none). */
export function writeTextStyle(style: TextStyle): string {
  const parts: string[] = [];
  if (style.fontSize !== undefined) parts.push(`font-size: ${style.fontSize}px`);
  if (style.color !== undefined) parts.push(`color: ${style.color}`);
  return parts.join('; ');
}

/** Keeps only the allowed declarations of an inline style. */
export function sanitizeStyle(style: unknown): string {
  return writeTextStyle(readTextStyle(style));
}
