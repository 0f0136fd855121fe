import type { ReportColumnType } from './declaration';

// How a report's cells read in a language: the screen's table and the PDF export write them
// the same way (money from cents in euros, percent with %, dates in the language's style).

/** A report cell as the reader's language writes it (money from cents, percent with %). */
export function formatReportCell(
  value: string | number | null | undefined,
  type: ReportColumnType,
  language: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') {
    if (type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value))
      return formatReportDate(value, language);
    return value;
  }
  switch (type) {
    case 'money-cents':
      return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(
        value / 100,
      );
    case 'percent':
      return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)}%`;
    default:
      return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
  }
}

/** A `YYYY-MM-DD` day in the language's medium style (12 Sept 2026, 12 Σεπ 2026). */
export const formatReportDate = (day: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
