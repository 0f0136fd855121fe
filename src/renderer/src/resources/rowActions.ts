import type { RowsViewProps } from './listTypes';
import type { ResourceRecord } from './resourceApi';

export interface RowActions {
  onCopy?: () => void;
  onDelete?: () => void;
  onActAs?: () => void;
}

/** The row menu of one row: delete only where the record's abilities allow it. */
export function rowActions(props: RowsViewProps, row: ResourceRecord): RowActions {
  const { onCopy, onDelete, onActAs, canDelete } = props;
  return {
    onCopy: onCopy && (() => onCopy(row)),
    onDelete: onDelete && canDelete(row) ? () => onDelete(row) : undefined,
    onActAs: onActAs && (() => onActAs(row)),
  };
}

/** Whether any shown row has a menu (the table keeps a column for it). */
export const anyRowActions = (props: RowsViewProps) =>
  props.rows.some((row) => Object.values(rowActions(props, row)).some(Boolean));
