import type { Role } from '../constants';
import type { FieldDefinition, ResourceDefinition } from './types';

// What a role may see of a declared resource: the one rule both ends read. The server never
// sends a hidden field (nor filters, sorts or exports by it); the renderer builds its columns
// and forms from the same answer, so a parent never sees the office's notes as empty inputs.

/** Whether a role may see a field at all (admins see everything). */
export const fieldVisibleTo = (field: FieldDefinition, role: Role): boolean =>
  !field.hiddenFrom?.includes(role);

/** The fields of a resource that a role may see, in declaration order. */
export const visibleFields = (resource: ResourceDefinition, role: Role): FieldDefinition[] =>
  resource.fields.filter((field) => fieldVisibleTo(field, role));

/** The form's rows for a role: hidden fields dropped, rows left empty removed. */
export const visibleFormRows = (resource: ResourceDefinition, role: Role): string[][] => {
  const visible = new Set(visibleFields(resource, role).map((field) => field.name));
  return resource.form
    .map((row) => row.filter((name) => visible.has(name)))
    .filter((row) => row.length > 0);
};

/**
 * What the caller may do with one record, decided by the area's policy on the server and sent
 * with the record (as `abilities`); screens show or hide actions from it, never from a rule
 * of their own.
 */
export interface RecordAbilities {
  update: boolean;
  delete: boolean;
}
