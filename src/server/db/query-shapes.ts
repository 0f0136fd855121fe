import type { Compilable, CompiledQuery, DialectAdapter, Kysely } from 'kysely';

// Building a kysely query (immutable nodes, parsing of every reference) and compiling it costs
// more than running a small indexed query on SQLite. The hot queries (the session check of
// every school request, the list pages) are therefore built once per *shape* and reused: the
// per-call values enter the built query as stand-ins, which kysely compiles to placeholders
// like any value, and each call puts its own values in their places.

/** Stands in for one per-call value while a shape is built. */
class Slot {
  constructor(readonly index: number) {}
}

const MAX_SHAPES = 2000;
// Per database (its dialect's adapter, which its transactions share): SQLite and PostgreSQL
// compile the same shape to different SQL.
const shapesByDatabase = new WeakMap<DialectAdapter, Map<string, CompiledQuery>>();
let checking = false;

/**
 * Tests turn this on: every run also builds the query from its real values and fails when
 * the cached shape would have run different SQL (a builder branching on a value, say).
 */
export function checkQueryShapes(on: boolean): void {
  checking = on;
}

/**
 * Walks the values in order (object keys as they were written): the scalars, and a signature
 * of their structure (object keys in order, array lengths, where null and undefined are)
 * that is part of the shape's key, so that a builder may branch on those but on nothing else
 * of a value.
 */
function flatten(value: unknown, scalars: unknown[]): string {
  if (value === null) return 'n';
  if (value === undefined) return 'u';
  if (Array.isArray(value)) return `[${value.map((item) => flatten(item, scalars)).join(',')}]`;
  if (typeof value === 'object' && !(value instanceof Date)) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    return `{${keys.map((key) => `${key}:${flatten(record[key], scalars)}`).join(',')}}`;
  }
  scalars.push(value);
  return 'v';
}

/** The values with every scalar replaced by its slot, in flatten's order. */
function standIns(value: unknown, next: { index: number }): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((item) => standIns(item, next));
  if (typeof value === 'object' && !(value instanceof Date)) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(record).map((key) => [key, standIns(record[key], next)]));
  }
  return new Slot(next.index++);
}

function compileShape<V>(
  shapes: Map<string, CompiledQuery>,
  key: string,
  values: V,
  build: (values: V) => Compilable<unknown>,
) {
  const compiled = build(standIns(values, { index: 0 }) as V).compile();
  // Nulls may stay: where a value is null is part of the shape.
  const stray = compiled.parameters.find(
    (parameter) => parameter !== null && !(parameter instanceof Slot),
  );
  // A value the builder took from elsewhere would be frozen into the shape for every caller.
  if (stray !== undefined) throw new Error(`Query shape ${key} has a parameter outside its values`);
  if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
  shapes.set(key, compiled);
  return compiled;
}

/**
 * Runs the query `build` makes from `values`, building and compiling it once per shape.
 * `key` names everything the SQL depends on besides the values (resource, role, sort…).
 * `build` must treat the values as opaque: pass them into the query, never compute with
 * them or branch on them (it may branch on null, undefined, object keys and array lengths,
 * which are part of the shape).
 */
export async function runShaped<DB, V, Row>(
  db: Kysely<DB>,
  key: string,
  values: V,
  build: (values: V) => Compilable<Row>,
): Promise<Row[]> {
  const scalars: unknown[] = [];
  const shapeKey = `${key}|${flatten(values, scalars)}`;
  const adapter = db.getExecutor().adapter;
  let shapes = shapesByDatabase.get(adapter);
  if (!shapes) shapesByDatabase.set(adapter, (shapes = new Map()));
  const compiled = shapes.get(shapeKey) ?? compileShape(shapes, shapeKey, values, build);
  const parameters = compiled.parameters.map((slot) =>
    slot === null ? null : scalars[(slot as Slot).index],
  );
  if (checking) {
    const direct = build(values).compile();
    const same =
      direct.sql === compiled.sql &&
      direct.parameters.length === parameters.length &&
      direct.parameters.every((parameter, i) => parameter === parameters[i]);
    if (!same) throw new Error(`Query shape ${key} does not match the query built from its values`);
  }
  const result = await db.executeQuery<Row>({ ...compiled, parameters });
  return result.rows;
}
