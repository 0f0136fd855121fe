import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../shared/resources';
import { previewColumns, previewRows, type ImportResult } from './importLogic';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', maxHeight: '50vh', overflowY: 'auto' },
  table: { minWidth: '640px' },
  bad: { backgroundColor: tokens.colorPaletteRedBackground1 },
  badCell: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  error: { color: tokens.colorPaletteRedForeground1, display: 'block' },
  muted: { color: tokens.colorNeutralForeground3 },
  rowNumber: { width: '60px' },
});

/** The rows of an import as the server read them, with each row's errors next to it. */
export function ImportPreviewTable({
  resource,
  result,
}: {
  resource: ResourceDefinition;
  result: ImportResult;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const columns = previewColumns(resource, result);
  const { shown, hidden } = previewRows(result);
  return (
    <div className={styles.scroll}>
      <Table size="extra-small" className={styles.table} data-testid="import-preview">
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.rowNumber}>{t('Row')}</TableHeaderCell>
            {columns.map((field) => (
              <TableHeaderCell key={field.name}>{t(field.label)}</TableHeaderCell>
            ))}
            <TableHeaderCell>{t('Errors')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((row) => {
            const failed = Object.keys(row.errors).length > 0;
            return (
              <TableRow
                key={row.row}
                className={failed ? styles.bad : undefined}
                data-testid={failed ? 'import-row-error' : 'import-row'}
              >
                <TableCell>{row.row}</TableCell>
                {columns.map((field) => (
                  <TableCell
                    key={field.name}
                    className={row.errors[field.name] ? styles.badCell : undefined}
                  >
                    {String(row.values[field.name] ?? '')}
                  </TableCell>
                ))}
                <TableCell>
                  {Object.entries(row.errors).map(([name, message]) => {
                    const field = resource.fields.find((f) => f.name === name);
                    return (
                      <span key={name} className={styles.error}>
                        {`${field ? t(field.label) : name}: ${t(message)}`}
                      </span>
                    );
                  })}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {hidden > 0 && (
        <Text size={200} className={styles.muted}>
          {t('and {{count}} more rows without errors', { count: hidden })}
        </Text>
      )}
    </div>
  );
}
