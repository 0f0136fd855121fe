import type { Role } from '../../../shared/constants';
import { ROLE_DEFAULT_PERMISSIONS, type PermissionEntry } from '../../../shared/permissions';
import {
  RESOURCES,
  visibleFields,
  type FieldDefinition,
  type ResourceDefinition,
} from '../../../shared/resources';

// The pure rules of a list's filters: which fields get a control, and how chosen values travel
// through the address (`?level_id=3,4`, the API's own syntax, so a filtered list is a bookmark).

/** Chosen values by field name; an absent or empty entry is "any". */
export type FilterValues = Record<string, string[]>;

const CONTROL_KINDS = new Set(['reference', 'references', 'select', 'boolean']);

/**
 * Whether a role may pick among the records of a resource: admins by their permissions, the
 * other roles where the resource is readable by them (categories come with every area).
 */
export function canPickFrom(
  target: string,
  role: Role,
  permissions: readonly PermissionEntry[] | undefined,
): boolean {
  const resource = RESOURCES[target];
  if (!resource) return false;
  const entry = permissions?.find((p) => p.resource === resource.permission);
  if (role === 'admin') return entry ? entry.read : true;
  if (target === 'categories') return true;
  if (!resource.readableBy?.includes(role)) return false;
  return entry ? entry.read : Boolean(ROLE_DEFAULT_PERMISSIONS[role][resource.permission]?.read);
}

/**
 * The fields of a list that get a filter control, in declaration order: filterable, seen by
 * the role (the server filters by nothing it hides), pointing at records the role may pick.
 */
export function filterFields(
  resource: ResourceDefinition,
  role: Role,
  canPick: (target: string) => boolean,
  fixed: readonly string[] = [],
): FieldDefinition[] {
  return visibleFields(resource, role).filter(
    (field) =>
      field.filterable &&
      CONTROL_KINDS.has(field.kind) &&
      !fixed.includes(field.name) &&
      (field.target === undefined || canPick(field.target)),
  );
}

/** Whether a filter takes several values (every list's API takes a comma-separated list). */
export const takesSeveral = (field: FieldDefinition) =>
  field.kind === 'reference' || field.kind === 'references' || field.kind === 'select';

function validValues(
  resource: ResourceDefinition,
  field: FieldDefinition,
  values: string[],
): string[] {
  let valid: string[];
  if (field.kind === 'boolean') valid = values.filter((v) => v === 'true' || v === 'false');
  else if (field.kind === 'select') valid = values.filter((v) => field.options?.includes(v));
  else valid = values.filter((v) => /^[1-9]\d{0,15}$/.test(v));
  valid = [...new Set(valid)];
  return takesSeveral(field) ? valid.slice(0, 100) : valid.slice(0, 1);
}

/** The filters an address carries, keeping only values the API would accept. */
export function filtersFromSearch(
  resource: ResourceDefinition,
  fields: readonly FieldDefinition[],
  params: URLSearchParams,
): FilterValues {
  const values: FilterValues = {};
  for (const field of fields) {
    const raw = params.get(field.name);
    if (!raw) continue;
    const chosen = validValues(resource, field, raw.split(','));
    if (chosen.length > 0) values[field.name] = chosen;
  }
  return values;
}

/** The list call's query of the chosen filters: `{level_id: '3,4'}`. */
export function filtersToQuery(values: FilterValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, chosen]) => chosen.length > 0)
      .map(([name, chosen]) => [name, chosen.join(',')]),
  );
}

/** The address with these filters instead of the previous ones; other parameters stay. */
export function searchWithFilters(
  params: URLSearchParams,
  fields: readonly FieldDefinition[],
  values: FilterValues,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const field of fields) next.delete(field.name);
  for (const [name, value] of Object.entries(filtersToQuery(values))) next.set(name, value);
  return next;
}

/** How many fields are narrowed. */
export const activeFilterCount = (values: FilterValues) =>
  Object.values(values).filter((chosen) => chosen.length > 0).length;
