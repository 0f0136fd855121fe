import type { FieldDefinition, ResourceDefinition } from '../../../shared/resources';

export interface ImportRow {
  row: number;
  values: Record<string, unknown>;
  errors: Record<string, string>;
}
export interface ImportResult {
  rows: ImportRow[];
  valid: number;
  invalid: number;
  created: number;
}

/** Valid rows shown in the preview besides every row with an error. */
export const PREVIEW_VALID_ROWS = 50;

/** The preview's rows: every row with an error first, then the first valid ones. */
export function previewRows(result: ImportResult): { shown: ImportRow[]; hidden: number } {
  const withErrors = result.rows.filter((r) => Object.keys(r.errors).length > 0);
  const valid = result.rows.filter((r) => Object.keys(r.errors).length === 0);
  const shown = [...withErrors, ...valid.slice(0, PREVIEW_VALID_ROWS)];
  return { shown, hidden: result.rows.length - shown.length };
}

/** The preview's columns: the resource's importable fields that some row carries or misses. */
export function previewColumns(
  resource: ResourceDefinition,
  result: ImportResult,
): FieldDefinition[] {
  const present = new Set(
    result.rows.flatMap((r) => [...Object.keys(r.values), ...Object.keys(r.errors)]),
  );
  return resource.fields.filter(
    (f) => !f.readOnly && f.kind !== 'references' && present.has(f.name),
  );
}

/** The columns a file may carry, as their English labels (the API also takes field names). */
export const importableLabels = (resource: ResourceDefinition) =>
  resource.fields.filter((f) => !f.readOnly && f.kind !== 'references').map((f) => f.label);
