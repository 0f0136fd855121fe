// VAT categories and exemption reasons of AADE's myDATA (SimpleTypes VatType 1–10 and
// VatExemptionType 1–31, ../shared/mydata). A pricing item names its category; category 7
// (0%, without VAT) needs an exemption reason: tuition is usually exempt under article 22 of
// the VAT code, which myDATA lists as exemption category 7 (the school's accountant confirms).

/** VAT category → rate in hundredths of a percent (2400 = 24%). */
export const VAT_CATEGORY_RATES: Record<number, number> = {
  1: 2400,
  2: 1300,
  3: 600,
  4: 1700,
  5: 900,
  6: 400,
  7: 0,
  8: 0,
  9: 300,
  10: 400,
};
export const VAT_CATEGORIES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** Categories without VAT: myDATA then needs an exemption reason. */
export const VAT_FREE_CATEGORIES: readonly number[] = [7, 8];
export const TUITION_VAT_CATEGORY = 7;
export const TUITION_VAT_EXEMPTION = 7;
export const VAT_EXEMPTION_MIN = 1;
export const VAT_EXEMPTION_MAX = 31;

/** A charge's or pricing item's stored choice (`vat_24`… `vat_7`) as myDATA's number. */
export const vatCategoryOf = (stored: unknown): number =>
  Number(String(stored ?? '').replace('vat_', ''));

/** The category as the office reads it: `24%`, `0% (without VAT)`. */
export function vatCategoryLabel(category: number): string {
  const rate = VAT_CATEGORY_RATES[category];
  if (rate === undefined) return String(category);
  if (category === 7) return '0% (without VAT)';
  if (category === 8) return 'No VAT (records without VAT)';
  return `${rate / 100}%`;
}
