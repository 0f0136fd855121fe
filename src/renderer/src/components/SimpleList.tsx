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
import type { ReactNode } from 'react';
import { CARD_LAYOUT_MAX_WIDTH } from '../../../shared/constants';
import { useViewportWidth } from '../app/shell/useViewportWidth';

export interface SimpleColumn<Row> {
  id: string;
  label: string;
  cell: (row: Row) => ReactNode;
  width?: string;
}

const useStyles = makeStyles({
  frame: {
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  cards: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflowWrap: 'anywhere',
  },
  line: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  label: { color: tokens.colorNeutralForeground3 },
});

/**
 * A table of hand-written rows that becomes cards under 768 (spec §9). The first column is the
 * row's opener (a link or a button), so every row opens by keyboard.
 */
export function SimpleList<Row>({
  rows,
  columns,
  rowKey,
  label,
  testId,
}: {
  rows: Row[];
  columns: SimpleColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** The table's accessible name. */
  label: string;
  testId: string;
}) {
  const styles = useStyles();
  const narrow = useViewportWidth() < CARD_LAYOUT_MAX_WIDTH;
  const [first, ...rest] = columns;
  if (narrow) {
    return (
      <ul className={styles.cards} aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={styles.card} data-testid={testId}>
            <Text weight="semibold">{first?.cell(row)}</Text>
            {rest.map((column) => (
              <div key={column.id} className={styles.line}>
                <Text size={200} className={styles.label}>
                  {column.label}
                </Text>
                <Text size={200}>{column.cell(row)}</Text>
              </div>
            ))}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className={styles.frame}>
      <Table size="small" aria-label={label}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column.id} style={{ width: column.width }}>
                {column.label}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid={testId}>
              {columns.map((column) => (
                <TableCell key={column.id}>{column.cell(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
