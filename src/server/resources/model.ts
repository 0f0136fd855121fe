import type { FieldDefinition, ResourceDefinition } from '../../shared/resources';
import { RESOURCES } from '../../shared/resources';

// How a declared resource maps onto SQL: the record table is aliased `r`; people resources
// join their account as `u`.

export const isLink = (field: FieldDefinition) => field.kind === 'references';

export { fieldVisibleTo as visibleTo } from '../../shared/resources/visibility';

/** Fields stored in a column of the record or its account (not link tables). */
export const columnFields = (resource: ResourceDefinition) =>
  resource.fields.filter((f) => !isLink(f));
export const linkFields = (resource: ResourceDefinition) => resource.fields.filter(isLink);
export const writableFields = (resource: ResourceDefinition) =>
  resource.fields.filter((f) => !f.readOnly);

export const columnName = (field: FieldDefinition) => field.column ?? field.name;

/** The SQL column reference of a field: `r.code` or `u.last_name`. */
export const columnRef = (field: FieldDefinition) =>
  `${field.storage === 'account' ? 'u' : 'r'}.${columnName(field)}`;

export function targetOf(field: FieldDefinition): ResourceDefinition {
  const target = field.target ? RESOURCES[field.target] : undefined;
  if (!target) throw new Error(`Field ${field.name} points at an unknown resource ${field.target}`);
  return target;
}

/** Converts a database row to API values: integer flags become booleans. */
export function fromRow(
  resource: ResourceDefinition,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const field of resource.fields) {
    if (field.kind === 'boolean' && field.name in out)
      out[field.name] = Number(out[field.name]) === 1;
  }
  return out;
}

/** Converts validated API values to column values. */
export function toColumn(field: FieldDefinition, value: unknown): unknown {
  if (field.kind === 'boolean') return value === null || value === undefined ? null : value ? 1 : 0;
  return value;
}
