// The sub-period grade: the weighted average of a student's categories, on the school's scale
// (docs/assessment-grades.md has a worked example). Pure: the server computes it, the
// renderer shows the breakdown the server answers.

export const GRADE_SCALES = ['20', '10', '100'] as const;
export type GradeScaleSetting = (typeof GRADE_SCALES)[number];

/** To a whole number, a half, a tenth or a hundredth; halves go up (17.45 → 17.5 in tenths). */
export const GRADE_ROUNDINGS = ['whole', 'half', 'tenth', 'hundredth'] as const;
export type GradeRounding = (typeof GRADE_ROUNDINGS)[number];

export const GRADE_PUBLISHING = ['immediately', 'end_of_sub_period'] as const;
export type GradePublishing = (typeof GRADE_PUBLISHING)[number];

/** Most values one paste may save at once (a 40 × 80 grid is 3,200). */
export const GRADE_BATCH_MAX = 4000;

export interface GradeScale {
  max: number;
  rounding: GradeRounding;
}

export const DEFAULT_GRADE_SCALE: GradeScale = { max: 20, rounding: 'tenth' };

const STEPS: Record<GradeRounding, number> = { whole: 1, half: 2, tenth: 10, hundredth: 100 };

/** Rounds half up to the scale's step; a tiny nudge keeps 17.45 from becoming 17.4 in binary. */
export function roundOnScale(value: number, rounding: GradeRounding): number {
  const steps = STEPS[rounding];
  return Math.round(value * steps + 1e-9) / steps;
}

export interface ScoredItem {
  /** Points earned, on the item's own points. */
  value: number;
  /** The item's most points (> 0). */
  max: number;
}

export interface CategoryScores {
  id: number;
  name: string;
  weight: number;
  items: ScoredItem[];
}

export interface CategoryBreakdown {
  category_id: number;
  name: string;
  weight: number;
  /** Graded items that count; a category without any leaves the average. */
  items_counted: number;
  /** Mean of the items' shares, on the scale, unrounded (null without graded items). */
  average: number | null;
  /** weight ÷ the sum of the counted categories' weights (0 when it does not count). */
  share: number;
}

export interface WeightedGrade {
  /** On the scale, rounded as the school rounds (null when nothing is graded yet). */
  value: number | null;
  /** The same before rounding. */
  unrounded: number | null;
  weight_total: number;
  categories: CategoryBreakdown[];
}

/**
 * Each category's average is the mean of its graded items' shares (value ÷ max: every item
 * counts the same, whatever its points); the grade is Σ weight × average ÷ Σ weight over
 * the categories that have a graded item, on the scale, rounded at the end only.
 */
export function weightedGrade(categories: CategoryScores[], scale: GradeScale): WeightedGrade {
  const averages = categories.map((c) => {
    const items = c.items.filter((i) => i.max > 0);
    const mean =
      items.length === 0 ? null : items.reduce((sum, i) => sum + i.value / i.max, 0) / items.length;
    return { category: c, items: items.length, mean };
  });
  const counted = averages.filter((a) => a.mean !== null && a.category.weight > 0);
  const weightTotal = counted.reduce((sum, a) => sum + a.category.weight, 0);
  const share =
    weightTotal === 0
      ? null
      : counted.reduce((sum, a) => sum + a.category.weight * a.mean!, 0) / weightTotal;
  const unrounded = share === null ? null : share * scale.max;
  return {
    value: unrounded === null ? null : roundOnScale(unrounded, scale.rounding),
    unrounded,
    weight_total: weightTotal,
    categories: averages.map((a) => ({
      category_id: a.category.id,
      name: a.category.name,
      weight: a.category.weight,
      items_counted: a.items,
      average: a.mean === null ? null : a.mean * scale.max,
      share: weightTotal > 0 && counted.includes(a) ? a.category.weight / weightTotal : 0,
    })),
  };
}

/** The grid's compact form of a grade: each category's average and count, in its order. */
export interface CompactGrade {
  value: number | null;
  unrounded: number | null;
  weight_total: number;
  averages: (number | null)[];
  items_counted: number[];
}

export const compactGrade = (grade: WeightedGrade): CompactGrade => ({
  value: grade.value,
  unrounded: grade.unrounded,
  weight_total: grade.weight_total,
  averages: grade.categories.map((c) => c.average),
  items_counted: grade.categories.map((c) => c.items_counted),
});

/**
 * The full breakdown of a compact grade, from the categories it follows (their names and
 * weights): what weightedGrade answered.
 */
export function expandGridGrade(
  categories: { id: number; name: string; weight: number }[],
  grade: CompactGrade,
): WeightedGrade {
  return {
    value: grade.value,
    unrounded: grade.unrounded,
    weight_total: grade.weight_total,
    categories: categories.map((c, index) => {
      const average = grade.averages[index] ?? null;
      const counts = average !== null && c.weight > 0 && grade.weight_total > 0;
      return {
        category_id: c.id,
        name: c.name,
        weight: c.weight,
        items_counted: grade.items_counted[index] ?? 0,
        average,
        share: counts ? c.weight / grade.weight_total : 0,
      };
    }),
  };
}
