import type { FieldDefinition, ResourceDefinition } from '../../../shared/resources';
import type { CellFormat, SortState, WindowRange } from './listLogic';
import type { ResourceRecord } from './resourceApi';

/** What the table and the card layout both need to draw a page of rows. */
export interface RowsViewProps {
  resource: ResourceDefinition;
  fields: FieldDefinition[];
  rows: ResourceRecord[];
  range: WindowRange;
  rowHeight: number;
  format: CellFormat;
  sort: SortState;
  onSort: (field: string) => void;
  selectable: boolean;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  hrefOf?: (row: ResourceRecord) => string;
  onOpen?: (row: ResourceRecord) => void;
  onCopy?: (row: ResourceRecord) => void;
  onDelete?: (row: ResourceRecord) => void;
  /** Whether this row may be deleted (its abilities, or the screen's write permission). */
  canDelete: (row: ResourceRecord) => boolean;
  /** An admin's "view as this person": the app as they see it (impersonation). */
  onActAs?: (row: ResourceRecord) => void;
}
