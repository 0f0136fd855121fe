import { describe, expect, it } from 'vitest';
import {
  compactGrade,
  expandGridGrade,
  roundOnScale,
  weightedGrade,
} from '../../src/shared/grades/average';

describe('the sub-period grade', () => {
  it('rounds half up to the school step, without binary surprises', () => {
    expect(roundOnScale(17.45, 'tenth')).toBe(17.5);
    expect(roundOnScale(17.25, 'half')).toBe(17.5);
    expect(roundOnScale(17.24, 'half')).toBe(17);
    expect(roundOnScale(66.5, 'whole')).toBe(67);
    expect(roundOnScale(1.005, 'hundredth')).toBe(1.01);
  });

  it('averages shares within a category and weighs categories, leaving out those without grades', () => {
    const grade = weightedGrade(
      [
        {
          id: 1,
          name: 'Oral',
          weight: 30,
          items: [
            { value: 15, max: 20 },
            { value: 8, max: 10 },
          ],
        },
        { id: 2, name: 'Tests', weight: 70, items: [{ value: 62, max: 100 }] },
        { id: 3, name: 'Projects', weight: 50, items: [] },
        { id: 4, name: 'Unweighted', weight: 0, items: [{ value: 0, max: 20 }] },
      ],
      { max: 20, rounding: 'tenth' },
    );
    expect(grade.value).toBe(13.3);
    expect(grade.unrounded).toBeCloseTo(13.33, 10);
    expect(grade.weight_total).toBe(100);
    expect(grade.categories.map((c) => c.share)).toEqual([0.3, 0.7, 0, 0]);
    expect(grade.categories[2]).toMatchObject({ items_counted: 0, average: null });
  });

  it('has no grade before anything is graded', () => {
    expect(
      weightedGrade([{ id: 1, name: 'Oral', weight: 30, items: [] }], {
        max: 10,
        rounding: 'whole',
      }),
    ).toMatchObject({ value: null, unrounded: null, weight_total: 0 });
  });

  it("keeps how it was computed in the grid's compact form, given the categories", () => {
    const categories = [
      { id: 1, name: 'Oral', weight: 30, items: [{ value: 15, max: 20 }] },
      { id: 2, name: 'Tests', weight: 70, items: [{ value: 62, max: 100 }] },
      { id: 3, name: 'Projects', weight: 20, items: [] },
      { id: 4, name: 'Unweighted', weight: 0, items: [{ value: 10, max: 20 }] },
    ];
    const full = weightedGrade(categories, { max: 20, rounding: 'tenth' });
    const compact = compactGrade(full);
    expect(compact).toEqual({
      value: full.value,
      unrounded: full.unrounded,
      weight_total: 100,
      averages: [15, 12.4, null, 10],
      items_counted: [1, 1, 0, 1],
    });
    expect(expandGridGrade(categories, compact)).toEqual(full);
    expect(expandGridGrade(categories, compact).categories.map((c) => c.share)).toEqual([
      0.3, 0.7, 0, 0,
    ]);
  });
});
