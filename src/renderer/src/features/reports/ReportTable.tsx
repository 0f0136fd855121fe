import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ReportDeclaration, ReportResult } from '../../../../shared/api/reports';
import { formatReportCell } from '../../../../shared/reports/format';

const useStyles = makeStyles({
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  header: { overflowWrap: 'anywhere', hyphens: 'auto' },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  // The header cell lays its text out in a flex box of its own.
  numberHeader: {
    textAlign: 'end',
    overflowWrap: 'anywhere',
    hyphens: 'auto',
    '& > *': { justifyContent: 'flex-end' },
  },
  totals: {
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/** The report's rows and totals: the figures themselves, and the chart's text alternative. */
export function ReportTable({
  declaration,
  result,
}: {
  declaration: ReportDeclaration;
  result: ReportResult;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const numeric = (type: string) => type !== 'text' && type !== 'date';
  const hasTotals = declaration.totals.length > 0 && result.rows.length > 0;
  return (
    // A region that scrolls sideways on a phone must be reachable by keyboard.
    <div className={styles.scroller} tabIndex={0} role="region" aria-label={t(declaration.title)}>
      <Table
        size="small"
        // Fixed layout shares the width evenly: give each column room to read on a phone.
        style={{ minWidth: `${Math.max(560, declaration.columns.length * 120)}px` }}
        data-testid="report-table"
      >
        <TableHeader>
          <TableRow>
            {declaration.columns.map((c) => (
              <TableHeaderCell
                key={c.key}
                className={numeric(c.type) ? styles.numberHeader : styles.header}
              >
                {t(c.label)}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {result.rows.map((row, index) => (
            <TableRow key={index}>
              {declaration.columns.map((c) => (
                <TableCell key={c.key} className={numeric(c.type) ? styles.number : undefined}>
                  {c.translate && typeof row[c.key] === 'string'
                    ? t(String(row[c.key]))
                    : formatReportCell(row[c.key], c.type, i18n.language)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {hasTotals && (
            <TableRow className={styles.totals} data-testid="report-totals">
              {declaration.columns.map((c, index) => (
                <TableCell key={c.key} className={numeric(c.type) ? styles.number : undefined}>
                  {c.key in result.totals
                    ? c.type === 'text'
                      ? t('Total: {{count}}', { count: result.totals[c.key] ?? 0 })
                      : formatReportCell(result.totals[c.key], c.type, i18n.language)
                    : index === 0
                      ? t('Total')
                      : ''}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
