import { describe, expect, it } from 'vitest';
import { windowOf, type GridGeometry } from '../../src/renderer/src/features/grades/useGridWindow';
import { formatGrade } from '../../src/renderer/src/features/grades/gradeText';
import { shareOf } from '../../src/renderer/src/features/grades/gradeSetup';

// The grade grid renders only the rows and columns in view (W9: a 40 × 80 grid in a few hundred
// elements); which ones is arithmetic on the scroll offsets and the sticky parts.

const geometry: GridGeometry = {
  rowCount: 40,
  colCount: 80,
  rowHeight: 40,
  colWidth: 88,
  top: 64,
  left: 220,
  right: 76,
  overscan: 2,
};

describe('the grade grid window', () => {
  it('holds the rows and columns in view and two beyond each edge', () => {
    // 540 px tall (476 below the header: 12 rows), 1000 px wide (704 between the sticky
    // columns: 8 columns).
    expect(windowOf(geometry, { scrollTop: 0, scrollLeft: 0, height: 540, width: 1000 })).toEqual({
      firstRow: 0,
      lastRow: 14,
      firstCol: 0,
      lastCol: 10,
    });
    // Scrolled to row 10 and column 20.
    expect(
      windowOf(geometry, { scrollTop: 400, scrollLeft: 1760, height: 540, width: 1000 }),
    ).toEqual({ firstRow: 8, lastRow: 24, firstCol: 18, lastCol: 30 });
  });

  it('stops at the grid’s edges', () => {
    const end = windowOf(geometry, {
      scrollTop: 40 * 40,
      scrollLeft: 80 * 88,
      height: 540,
      width: 1000,
    });
    expect(end.lastRow).toBe(39);
    expect(end.lastCol).toBe(79);
    expect(
      windowOf(
        { ...geometry, rowCount: 0, colCount: 0 },
        {
          scrollTop: 0,
          scrollLeft: 0,
          height: 540,
          width: 1000,
        },
      ),
    ).toEqual({ firstRow: 0, lastRow: -1, firstCol: 0, lastCol: -1 });
  });

  it('stays the same until an edge crosses a row or a column, so most scroll events render nothing', () => {
    const at = (scrollTop: number, scrollLeft: number) =>
      windowOf(geometry, { scrollTop, scrollLeft, height: 540, width: 1000 });
    expect(at(401, 1761)).toEqual(at(403, 1765));
    expect(at(440, 1761)).not.toEqual(at(439, 1761));
  });
});

describe('grade texts', () => {
  it('formats values in the user’s language, with one formatter per language', () => {
    expect(formatGrade(17.5, 'en')).toBe('17.5');
    expect(formatGrade(17.5, 'el')).toBe('17,5');
    expect(formatGrade(17.5, 'en')).toBe('17.5');
    expect(formatGrade(12.345, 'en')).toBe('12.35');
    expect(formatGrade(null, 'en')).toBe('');
  });

  it("gives a category's share of the grade in whole percent", () => {
    const weights = [{ weight: 30 }, { weight: 40 }, { weight: 30 }];
    expect(shareOf(weights, 40)).toBe(40);
    expect(shareOf([...weights, { weight: 20 }], 20)).toBe(17);
    expect(shareOf([{ weight: 0 }], 0)).toBe(0);
  });
});
