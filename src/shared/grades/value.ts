// Whether a value can stand on a grade item: from 0 to the item's points, at most two decimals
// (stored as hundredths). The server refuses with these codes; the grid checks the same before
// it calls, so a typo is marked at once and never sent.

export type GradeValueIssue =
  { code: 'value_out_of_scale'; params: { max: number } } | { code: 'too_many_decimals' };

/** Why `value` cannot be given on an item of `max` points, or null when it can (null clears). */
export function gradeValueIssue(value: number | null, max: number): GradeValueIssue | null {
  if (value === null) return null;
  if (!Number.isFinite(value) || value < 0 || value > max)
    return { code: 'value_out_of_scale', params: { max } };
  const hundredths = value * 100;
  if (Math.abs(hundredths - Math.round(hundredths)) > 1e-6) return { code: 'too_many_decimals' };
  return null;
}
