import type { Role } from '../../../shared/constants';
import {
  visibleFields,
  type FieldDefinition,
  type ResourceDefinition,
} from '../../../shared/resources';
import { formatMoney } from '../../../shared/finance/money';

// The pure rules of the generic list screen, kept apart from React so that they can be tested.

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

/** Pressing a column's header: the same column flips its direction, another starts ascending. */
export function nextSort(current: SortState, field: string): SortState {
  if (current.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: 'asc' };
}

/**
 * The columns of a list (and the lines of its cards, the choices of its sort picker): the
 * declared `list` fields the role may see, in declaration order. The server never sends the
 * others, so showing them would only show an always-empty column.
 */
export function listedFields(resource: ResourceDefinition, role: Role): FieldDefinition[] {
  return visibleFields(resource, role).filter((field) => field.list);
}

/** The name of a list row's label for a reference field: level_id → level_label. */
export const referenceLabelKey = (field: FieldDefinition) =>
  `${field.name.replace(/_id$/, '')}_label`;

/** Money is integer cents; shown with two decimals, a decimal comma and the euro sign (spec §9). */
/** Prices as spec §9 shows them (`1.234,50 €`); one rule for every screen. */
export { formatMoney };

export interface CellFormat {
  yes: string;
  no: string;
  date: (iso: string) => string;
  /** Translates an option value such as a role or an audience. */
  choice: (value: string) => string;
  /** 1 (Monday) to 7 (Sunday). */
  weekday: (day: number) => string;
}

/** Fields holding a day of the week as 1 (Monday) to 7 (Sunday). */
export const isWeekdayField = (field: FieldDefinition) =>
  field.kind === 'integer' && field.name === 'weekday';

/** The name of a weekday 1..7 in a language (1 January 2024 was a Monday). */
export const weekdayName = (day: number, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long' }).format(new Date(2024, 0, day));

/** The text of a field in a row or a card; empty when the row has nothing to show. */
export function cellText(
  field: FieldDefinition,
  row: Record<string, unknown>,
  format: CellFormat,
): string {
  const value = row[field.name];
  if (field.kind === 'reference') {
    const label = row[referenceLabelKey(field)];
    return label === null || label === undefined ? '' : String(label);
  }
  if (value === null || value === undefined || value === '') return '';
  if (isWeekdayField(field)) return format.weekday(Number(value));
  if (Array.isArray(value)) return value.map((v) => format.choice(String(v))).join(', ');
  switch (field.kind) {
    case 'boolean':
      return value ? format.yes : format.no;
    case 'date':
      return format.date(String(value));
    case 'money':
      return formatMoney(Number(value));
    case 'select':
      return format.choice(String(value));
    default:
      return String(value);
  }
}

/** Lines under a card's title: the listed fields the title does not already show, at most four. */
export function cardLineFields(
  resource: ResourceDefinition,
  fields: FieldDefinition[],
): FieldDefinition[] {
  const people = Boolean(resource.people) || resource.name === 'users';
  return fields
    .filter((f, index) => (people ? f.name !== 'first_name' && f.name !== 'last_name' : index > 0))
    .slice(0, 4);
}

/** A record's name in titles and confirmations: a person's full name, else the label field. */
export function recordTitle(resource: ResourceDefinition, record: Record<string, unknown>): string {
  if (resource.people || resource.name === 'users') {
    return `${String(record.last_name ?? '')} ${String(record.first_name ?? '')}`.trim();
  }
  const value = record[resource.labelField];
  return value === null || value === undefined ? '' : String(value);
}

export interface WindowRange {
  start: number;
  end: number;
  /** Blank space before the first and after the last rendered row. */
  before: number;
  after: number;
}

/**
 * Which rows of a fixed-height list to render, given how far its scroll container has scrolled
 * past the list's top: the visible ones plus `overscan` on each side.
 */
export function windowRange(args: {
  count: number;
  rowHeight: number;
  /** Pixels of the list above the container's visible top (negative while the list is below it). */
  scrolledPast: number;
  viewportHeight: number;
  overscan?: number;
}): WindowRange {
  const { count, rowHeight, scrolledPast, viewportHeight, overscan = 8 } = args;
  if (count === 0) return { start: 0, end: 0, before: 0, after: 0 };
  const first = Math.floor(Math.max(0, scrolledPast) / rowHeight);
  const visible = Math.ceil((viewportHeight + Math.min(0, scrolledPast)) / rowHeight) + 1;
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.min(count, first + Math.max(0, visible) + overscan);
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

/** Infinite paging (spec §7): ask for the next page while the last one was full and more exist. */
export function nextPageNumber(
  pages: readonly { rows: readonly unknown[]; page: number }[],
  perPage: number,
  total: number | undefined,
): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.rows.length === 0 || last.rows.length < perPage) return undefined;
  const loaded = pages.reduce((sum, p) => sum + p.rows.length, 0);
  if (total !== undefined && loaded >= total) return undefined;
  return last.page + 1;
}
