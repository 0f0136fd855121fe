import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  isRefusedNumberKey,
  nextFontSize,
  tableSize,
} from '../../../src/renderer/src/components/editor/fieldRules';
import { fontSizeFromText, isHexColour } from '../../../src/shared/editor';

describe('editor fields', () => {
  it('refuses e, E, + and - in number fields, and keeps digits only', () => {
    expect(['e', 'E', '+', '-'].every(isRefusedNumberKey)).toBe(true);
    expect(['1', '0', 'Backspace', 'ArrowUp', 'Enter'].some(isRefusedNumberKey)).toBe(false);
    expect(digitsOnly('1e2')).toBe('12');
    expect(digitsOnly('-15+')).toBe('15');
  });

  it('accepts font sizes 8 to 72 as whole numbers only', () => {
    expect(fontSizeFromText('8')).toBe(8);
    expect(fontSizeFromText('72')).toBe(72);
    expect(fontSizeFromText('7')).toBeNull();
    expect(fontSizeFromText('73')).toBeNull();
    expect(fontSizeFromText('1e1')).toBeNull();
    expect(fontSizeFromText('15.5')).toBeNull();
    expect(fontSizeFromText('')).toBeNull();
  });

  it('steps font sizes by more as they grow, within 8 to 72', () => {
    expect(nextFontSize(15, 1)).toBe(17);
    expect(nextFontSize(10, 1)).toBe(11);
    expect(nextFontSize(10, -1)).toBe(9);
    expect(nextFontSize(12, -1)).toBe(11);
    expect(nextFontSize(24, 1)).toBe(28);
    expect(nextFontSize(48, 1)).toBe(60);
    expect(nextFontSize(70, 1)).toBe(72);
    expect(nextFontSize(8, -1)).toBe(8);
    // Going up then down comes back where it started.
    for (let size = 8; size < 72; size++)
      expect(nextFontSize(nextFontSize(size, 1), -1)).toBeLessThanOrEqual(size);
  });

  it('accepts colours only as #RRGGBB', () => {
    expect(isHexColour('#aa0000')).toBe(true);
    expect(isHexColour('#AA00ff')).toBe(true);
    expect(isHexColour('red')).toBe(false);
    expect(isHexColour('#a00')).toBe(false);
    expect(isHexColour('aa0000')).toBe(false);
    expect(isHexColour('#aa0000;')).toBe(false);
  });

  it('needs whole numbers of rows and columns for a table', () => {
    expect(tableSize('2', '3')).toEqual({ rows: 2, columns: 3 });
    expect(tableSize('two', '3')).toBeNull();
    expect(tableSize('2', '')).toBeNull();
    expect(tableSize('2.5', '3')).toBeNull();
    expect(tableSize('1e1', '3')).toBeNull();
    expect(tableSize('0', '3')).toBeNull();
    expect(tableSize('2', '500')).toBeNull();
  });
});
