import type { Role } from '../../../shared/constants';
import {
  fieldVisibleTo,
  visibleFormRows,
  type FieldDefinition,
  type ResourceDefinition,
} from '../../../shared/resources';

// How a declared resource becomes form values and back, apart from React.

export type FormValues = Record<string, unknown>;

/** A select whose schema takes several choices (the roles of a user). */
export const isMultiSelect = (field: FieldDefinition) =>
  field.kind === 'select' && 'element' in (field.schema as object);

export const editableFields = (resource: ResourceDefinition) =>
  resource.fields.filter((field) => !field.readOnly);

/**
 * The form's rows for a role: what the role may see (the declaration's `hiddenFrom`, the rule
 * the server applies too), less the fields the screen implies (the building of a room in its
 * building's dialog).
 */
export function formRows(
  resource: ResourceDefinition,
  role: Role,
  implied: readonly string[] = [],
): string[][] {
  return visibleFormRows(resource, role)
    .map((row) => row.filter((name) => !implied.includes(name)))
    .filter((row) => row.length > 0);
}

function emptyValue(field: FieldDefinition): unknown {
  if (field.kind === 'boolean') return field.name === 'active';
  if (field.kind === 'references' || isMultiSelect(field)) return [];
  if (field.kind === 'reference') return null;
  return '';
}

function formValue(field: FieldDefinition, value: unknown): unknown {
  if (value === null || value === undefined) return emptyValue(field);
  if (field.kind === 'boolean') return Boolean(value);
  if (field.kind === 'reference') return Number(value);
  if (field.kind === 'references' || isMultiSelect(field)) return Array.isArray(value) ? value : [];
  return String(value);
}

/**
 * The form's starting values: the record's, or empty ones for a new record. A copy starts from
 * another record without what must stay unique (code, email) and without its id.
 */
export function formDefaults(
  resource: ResourceDefinition,
  record?: Record<string, unknown>,
  options: {
    copy?: boolean;
    preset?: Record<string, unknown>;
    /** Leaves out what this role may not see (a create must not send what it cannot show). */
    role?: Role;
  } = {},
): FormValues {
  const values: FormValues = {};
  const { role } = options;
  for (const field of editableFields(resource)) {
    if (role && !fieldVisibleTo(field, role)) continue;
    const skip = options.copy && field.unique;
    values[field.name] = formValue(field, skip ? undefined : record?.[field.name]);
  }
  for (const [name, value] of Object.entries(options.preset ?? {})) {
    const field = resource.fields.find((f) => f.name === name);
    if (field) values[name] = formValue(field, value);
  }
  return values;
}

/** An update sends only what the user changed (the API treats absent fields as unchanged). */
export function changedValues(
  values: FormValues,
  dirty: Partial<Record<string, unknown>>,
): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([name]) => Boolean(dirty[name])));
}

/** True when a validation failure is (at least partly) a required field left empty. */
export function hasMissingRequired(
  resource: ResourceDefinition,
  values: FormValues,
  errorFields: readonly string[],
): boolean {
  return errorFields.some((name) => {
    const field = resource.fields.find((f) => f.name === name);
    if (!field?.required) return false;
    const value = values[name];
    return value === '' || value === null || (Array.isArray(value) && value.length === 0);
  });
}

/** Labels of the references a record points at, as the detail call answers them. */
export function labelsByField(
  record: { labels?: Record<string, { id: number; label: string }[]> } | undefined,
): Record<string, { id: number; label: string }[]> {
  return record?.labels ?? {};
}
