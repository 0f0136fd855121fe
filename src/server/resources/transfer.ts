import type { FastifyInstance } from 'fastify';
import { fieldsOf } from '../../shared/api/envelope';
import {
  writeSchema,
  type FieldDefinition,
  type ResourceDefinition,
  type resourceEndpoints,
} from '../../shared/resources';
import type { ServerDeps } from '../deps';
import { ApiError, validationError } from '../http/errors';
import { route } from '../http/route';
import { authorityOf } from '../areas/people/policy';
import { readerFor } from './access';
import { parseImportInWorker } from './import-pool';
import { sendSpreadsheet, type Cell } from './spreadsheet';
import { listRecords, type AnyDb } from './list';
import { columnFields, targetOf, visibleTo } from './model';
import { inTransaction, insertRecord, type WriteEffects } from './write';

const EXPORT_MAX_ROWS = 20_000;
const IMPORT_MAX_ROWS = 5_000;

const exportedFields = (resource: ResourceDefinition) =>
  columnFields(resource).filter((f) => f.kind !== 'longtext');

function cellText(
  field: FieldDefinition,
  row: Record<string, unknown>,
): string | number | boolean | null {
  if (field.kind === 'reference') {
    const label = row[`${field.name.replace(/_id$/, '')}_label`];
    return (label as string | undefined) ?? (row[field.name] as number | null);
  }
  return row[field.name] as string | number | boolean | null;
}

/** Header cell → field: by name or by English label, ignoring case. */
function matchColumns(resource: ResourceDefinition, header: string[]) {
  const writable = resource.fields.filter((f) => !f.readOnly && f.kind !== 'references');
  return header.map((title) => {
    const key = title.trim().toLowerCase();
    return (
      writable.find((f) => f.name.toLowerCase() === key || f.label.toLowerCase() === key) ?? null
    );
  });
}

const IMPORT_LIMITS = {
  maxRows: IMPORT_MAX_ROWS,
  // A sheet of 5,000 rows of people unpacks to a few megabytes; a bomb to far more.
  maxUnpackedBytes: 25 * 1024 * 1024,
  maxEntries: 200,
};

/** The file's rows (header first), parsed off the main thread; refusals are 400 or 413. */
async function readRows(file: {
  filename: string;
  toBuffer(): Promise<Buffer>;
}): Promise<string[][]> {
  if (!/\.(xlsx|csv)$/i.test(file.filename))
    throw validationError({ file: 'Choose a .csv or .xlsx file' }, 'Choose a .csv or .xlsx file.');
  const outcome = await parseImportInWorker(await file.toBuffer(), file.filename, IMPORT_LIMITS);
  if (!outcome.ok) {
    throw outcome.code === 'too_large'
      ? new ApiError('too_large', outcome.message)
      : validationError({ file: outcome.message }, outcome.message);
  }
  return outcome.rows;
}

/** For each imported reference column to a plain resource: its records by lower-case label. */
async function referenceLabels(db: AnyDb, columns: (FieldDefinition | null)[], schoolId: number) {
  const maps = new Map<string, Map<string, number>>();
  for (const field of columns) {
    if (!field || field.kind !== 'reference') continue;
    const target = targetOf(field);
    if (target.people || target.recordsAreAccounts) continue;
    const rows = (await db
      .selectFrom(target.table)
      .select(['id', `${target.labelField} as label`])
      .where('school_id', '=', schoolId)
      .execute()) as { id: number; label: unknown }[];
    maps.set(field.name, new Map(rows.map((r) => [String(r.label).toLowerCase(), r.id])));
  }
  return maps;
}

export interface ImportRowResult {
  row: number;
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

/**
 * Export of any list (CSV or XLSX, same filters as the list) and, for people, import from
 * CSV or XLSX: `commit=false` answers a preview with each row's errors and writes nothing;
 * `commit=true` writes every row in one transaction, and only when no row has an error.
 */
export function transferRoutes(
  app: FastifyInstance,
  deps: ServerDeps,
  resource: ResourceDefinition,
  api: Pick<ReturnType<typeof resourceEndpoints>, 'export' | 'import'>,
) {
  route(app, deps, api.export, async ({ ctx, query, reply }) => {
    const caller = await readerFor(deps, ctx, resource, 'read');
    const { format } = query;
    const fields = exportedFields(resource).filter((f) => visibleTo(f, caller.role));
    const rows: unknown[][] = [];
    for (let page = 1; rows.length < EXPORT_MAX_ROWS; page++) {
      const { data } = await listRecords(deps.db as AnyDb, resource, caller, {
        ...query.list,
        page,
        per_page: 100,
      });
      rows.push(...data.map((row) => fields.map((f) => cellText(f, row))));
      if (data.length < 100) break;
    }
    const name = `${resource.name}-${deps.now().toISOString().slice(0, 10)}`;
    return (await sendSpreadsheet(reply, {
      name,
      format,
      header: fields.map((f) => f.label),
      rows: rows as Cell[][],
    })) as never;
  });

  if (!resource.importable) return;
  const rowSchema = writeSchema(resource, 'create');

  route(app, deps, api.import, async ({ ctx, request, query }) => {
    const caller = await readerFor(deps, ctx, resource, 'write');
    if (!request.isMultipart())
      throw validationError({ file: 'Attach the file' }, 'Attach the file to import.');
    const file = await request.file();
    if (!file) throw validationError({ file: 'Attach the file' }, 'Attach the file to import.');
    const [header, ...lines] = await readRows(file);
    if (!header) throw validationError({ file: 'The file is empty' }, 'The file is empty.');
    if (lines.length > IMPORT_MAX_ROWS)
      throw new ApiError('too_large', `Import at most ${IMPORT_MAX_ROWS} rows at a time.`);
    const columns = matchColumns(resource, header);
    const labels = await referenceLabels(deps.db as AnyDb, columns, ctx.schoolId!);
    const results: ImportRowResult[] = lines.map((line, index) => {
      const raw: Record<string, unknown> = {};
      columns.forEach((field, i) => {
        const text = line[i]?.trim();
        if (!field || text === undefined || text === '') return;
        // A reference may be given by its name (a level "B1") as well as by its id.
        raw[field.name] = labels.get(field.name)?.get(text.toLowerCase()) ?? text;
      });
      const parsed = rowSchema.safeParse(raw);
      return {
        row: index + 2,
        values: parsed.success ? parsed.data : raw,
        errors: parsed.success ? {} : fieldsOf(parsed.error),
      };
    });
    const invalid = results.filter((r) => Object.keys(r.errors).length > 0).length;
    let created = 0;
    if (query.commit === 'true') {
      if (invalid > 0)
        throw validationError(
          { file: `${invalid} rows have errors` },
          'Fix the rows with errors, then import again.',
        );
      const nowIso = deps.now().toISOString();
      const effects: WriteEffects = {
        deps,
        afterCommit: [],
        authority: resource.people ? await authorityOf(deps, ctx) : undefined,
      };
      await inTransaction(deps, resource, async (trx) => {
        for (const result of results) {
          try {
            await insertRecord(trx, ctx, resource, caller, result.values, nowIso, effects);
          } catch (error) {
            if (error instanceof ApiError) {
              throw new ApiError(error.code, `Row ${result.row}: ${error.message}`, error.fields);
            }
            throw error;
          }
          created++;
        }
      });
      effects.afterCommit.forEach((effect) => effect());
    }
    return { rows: results, valid: results.length - invalid, invalid, created };
  });
}
