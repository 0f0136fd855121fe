import type { ReportColumnType } from '../../../../shared/reports/declaration';

/** A report cell as the reader's language writes it (money from cents, percent with %). */
export function formatReportCell(
  value: string | number | null | undefined,
  type: ReportColumnType,
  language: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') {
    if (type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value))
      return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${value}T00:00:00Z`),
      );
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
