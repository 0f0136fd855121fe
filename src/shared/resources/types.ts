import type { z } from 'zod';
import type { Role } from '../constants';
import type { PermissionResource } from '../permissions';

/** How a field is edited and shown; the list screen and the form read it. */
export type FieldKind =
  | 'text'
  | 'longtext'
  | 'email'
  | 'phone'
  | 'date'
  | 'time'
  | 'integer'
  | 'money'
  | 'boolean'
  | 'color'
  | 'select'
  | 'reference'
  | 'references';

export interface FieldDefinition {
  /** Name in the API and, unless `column` says otherwise, in the database. */
  name: string;
  /** English label; also its i18n key. */
  label: string;
  kind: FieldKind;
  /** Validates one value on create and update. */
  schema: z.ZodType;
  /** People resources keep names and email on the account (users table). */
  storage?: 'record' | 'account';
  column?: string;
  /** A column of the record that orders this field (an indexed copy of an account field). */
  sortColumn?: string;
  required?: boolean;
  /** Unique within the school (email: unique across accounts). */
  unique?: boolean;
  list?: boolean;
  searchable?: boolean;
  sortable?: boolean;
  filterable?: boolean;
  /** Set by the server; never accepted from a client. */
  readOnly?: boolean;
  /**
   * Roles that never receive this field (nor filter or sort by it): the school's notes about
   * a child are not for parents, a teacher's phone not for students, classmates not for pupils.
   */
  hiddenFrom?: Role[];
  /** Choices of a 'select' field. */
  options?: readonly string[];
  /** The resource a 'reference' (one id) or 'references' (many ids) field points at. */
  target?: string;
  /** For 'references': the link table and its two columns. */
  link?: { table: string; from: string; to: string };
}

export interface ResourceDefinition {
  /** The spec's route name and the API path segment: `students`. */
  name: string;
  /** Database table of the records. */
  table: string;
  /** English titles (i18n keys). */
  title: string;
  singular: string;
  /** Permission resource that governs reading and writing. */
  permission: PermissionResource;
  fields: FieldDefinition[];
  /** Form layout: rows of field names. */
  form: string[][];
  /** Field shown as the record's name in references and confirmations. */
  labelField: string;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** People: each record is a membership of this role, joined to its account. */
  people?: { role: Role };
  /** Roles other than admin that may list this resource (their policy narrows the rows). */
  readableBy?: Role[];
  /** Import from CSV/XLSX is offered. */
  importable?: boolean;
  /** Routes written by hand in the server area of the same name, not by the engine. */
  custom?: boolean;
  /** Its records are accounts: a reference to it holds user ids (the users list). */
  recordsAreAccounts?: boolean;
}

export const defineResource = <R extends ResourceDefinition>(definition: R): R => definition;
