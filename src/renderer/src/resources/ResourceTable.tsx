import {
  Checkbox,
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
import { RowOpener } from './RowOpener';
import { ColorSwatch } from './ColorSwatch';
import { cellText, recordTitle } from './listLogic';
import type { RowsViewProps } from './listTypes';
import { anyRowActions, rowActions } from './rowActions';
import { RowActionsMenu } from './RowActionsMenu';

const useStyles = makeStyles({
  table: { backgroundColor: tokens.colorNeutralBackground1, minWidth: '100%' },
  wide: { minWidth: '720px' },
  row: { cursor: 'pointer', boxSizing: 'border-box' },
  cell: { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
  narrow: { flexGrow: 0, flexShrink: 0, flexBasis: '44px' },
  spacer: { display: 'block' },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

/** The list as a table (768 and wider, or scrolled sideways on phones): sortable headers. */
export function ResourceTable(props: RowsViewProps & { wide?: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { fields, rows, range, rowHeight, sort, selectable, selected } = props;
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someSelected = !allSelected && rows.some((row) => selected.has(row.id));
  const hasActions = anyRowActions(props);
  return (
    <Table
      noNativeElements
      sortable
      size="small"
      aria-label={t(props.resource.title)}
      className={props.wide ? `${styles.table} ${styles.wide}` : styles.table}
      data-testid="resource-table"
    >
      <TableHeader>
        <TableRow>
          {selectable && (
            // Not a sort button: a checkbox inside one would be a control inside a control.
            <TableHeaderCell className={styles.narrow} sortable={false}>
              <Checkbox
                checked={allSelected ? true : someSelected ? 'mixed' : false}
                onChange={props.onToggleAll}
                aria-label={t('Select all')}
              />
            </TableHeaderCell>
          )}
          {fields.map((field) => (
            <TableHeaderCell
              key={field.name}
              sortDirection={
                sort.field === field.name
                  ? sort.order === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : undefined
              }
              onClick={field.sortable ? () => props.onSort(field.name) : undefined}
              sortable={Boolean(field.sortable)}
              data-testid={`column-${field.name}`}
            >
              {t(field.label)}
            </TableHeaderCell>
          ))}
          {hasActions && (
            // Named by hidden text, not a tab stop: the column holds each row's menu button.
            <TableHeaderCell className={styles.narrow} sortable={false}>
              <span className={styles.hidden}>{t('Actions')}</span>
            </TableHeaderCell>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {range.before > 0 && <div className={styles.spacer} style={{ height: range.before }} />}
        {rows.slice(range.start, range.end).map((row) => {
          const name = recordTitle(props.resource, row);
          return (
            <TableRow
              key={row.id}
              className={styles.row}
              style={{ height: rowHeight }}
              onClick={props.onOpen ? () => props.onOpen?.(row) : undefined}
              aria-selected={selectable ? selected.has(row.id) : undefined}
              data-testid="resource-row"
            >
              {selectable && (
                <TableCell className={styles.narrow} onClick={(e) => e.stopPropagation()}>
                  <Checkbox
                    checked={selected.has(row.id)}
                    onChange={() => props.onToggle(row.id)}
                    aria-label={t('Select {{name}}', { name })}
                  />
                </TableCell>
              )}
              {fields.map((field, index) => {
                const text = cellText(field, row, props.format);
                return (
                  <TableCell key={field.name} className={styles.cell} title={text}>
                    {field.kind === 'color' && text && <ColorSwatch color={text} />}
                    {index === 0 ? (
                      <RowOpener row={row} hrefOf={props.hrefOf} onOpen={props.onOpen}>
                        {text || name || `#${row.id}`}
                      </RowOpener>
                    ) : (
                      text
                    )}
                  </TableCell>
                );
              })}
              {hasActions && (
                <TableCell className={styles.narrow} onClick={(e) => e.stopPropagation()}>
                  <RowActionsMenu name={name} {...rowActions(props, row)} />
                </TableCell>
              )}
            </TableRow>
          );
        })}
        {range.after > 0 && <div className={styles.spacer} style={{ height: range.after }} />}
      </TableBody>
    </Table>
  );
}
