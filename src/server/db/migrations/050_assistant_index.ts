import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// The assistant's search index (docs/assistant.md): the school's material cut into passages
// with a normalised search text, a full-text index over it (SQLite FTS5; PostgreSQL's own
// full-text search with an unaccenting configuration), and a queue that database triggers on
// the material's tables fill, so that every writer (the areas' services, the resource engine,
// lessons made from templates, imports, the seed) keeps the index current without knowing it.

/** The material's tables, the source kind each gives, and the columns whose change matters. */
const SOURCES = [
  {
    table: 'chapters',
    source: 'chapter',
    columns: ['title', 'content_text', 'published', 'lesson_id'],
  },
  {
    table: 'tasks',
    source: 'task',
    columns: ['title', 'description_text', 'published', 'lesson_id'],
  },
  { table: 'lessons', source: 'lesson', columns: ['name', 'description'] },
  {
    table: 'announcements',
    source: 'announcement',
    columns: ['title', 'body', 'audience', 'lesson_id'],
  },
] as const;

async function sqliteTriggers(db: Kysely<unknown>) {
  for (const { table, source, columns } of SOURCES) {
    const queue = (row: 'NEW' | 'OLD') =>
      `INSERT INTO assistant_index_queue (school_id, source, source_id) VALUES (${row}.school_id, '${source}', ${row}.id);`;
    await sql
      .raw(
        `CREATE TRIGGER assistant_queue_${table}_insert AFTER INSERT ON ${table} BEGIN ${queue('NEW')} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER assistant_queue_${table}_update AFTER UPDATE OF ${columns.join(', ')} ON ${table} BEGIN ${queue('NEW')} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER assistant_queue_${table}_delete AFTER DELETE ON ${table} BEGIN ${queue('OLD')} END`,
      )
      .execute(db);
  }
  await sql`CREATE VIRTUAL TABLE assistant_passages_fts USING fts5(search_text)`.execute(db);
}

/**
 * The text search configuration `mathema_search`: the simple parser and dictionary (no
 * language's stemming: the material mixes Greek and English), behind `unaccent` when the
 * extension can be had. The application normalises text the same way before it is stored or
 * searched (accents, case, final sigma, which unaccent leaves alone), so without the extension
 * the configuration is plain `simple` and the search finds the same passages.
 */
async function postgresSearch(db: Kysely<unknown>) {
  const dictionarySchema = async () =>
    (
      await sql<{ nspname: string }>`
        SELECT n.nspname FROM pg_ts_dict d JOIN pg_namespace n ON n.oid = d.dictnamespace
        WHERE d.dictname = 'unaccent' LIMIT 1`.execute(db)
    ).rows[0]?.nspname;
  let schema = await dictionarySchema();
  if (!schema) {
    // Creating an extension needs rights a deployment's user may not have: try, and carry on.
    await sql`SAVEPOINT assistant_unaccent`.execute(db);
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public`.execute(db);
      await sql`RELEASE SAVEPOINT assistant_unaccent`.execute(db);
    } catch {
      await sql`ROLLBACK TO SAVEPOINT assistant_unaccent`.execute(db);
    }
    schema = await dictionarySchema();
  }
  await sql`CREATE TEXT SEARCH CONFIGURATION mathema_search (COPY = pg_catalog.simple)`.execute(db);
  if (schema) {
    await sql`ALTER TEXT SEARCH CONFIGURATION mathema_search
      ALTER MAPPING FOR hword, hword_part, word WITH ${sql.id(schema, 'unaccent')}, simple`.execute(
      db,
    );
  }
  await sql`CREATE INDEX assistant_passages_search ON assistant_passages
    USING gin (to_tsvector('mathema_search'::regconfig, search_text))`.execute(db);

  await sql`CREATE FUNCTION assistant_queue_material() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        INSERT INTO assistant_index_queue (school_id, source, source_id)
          VALUES (OLD.school_id, TG_ARGV[0], OLD.id);
        RETURN OLD;
      END IF;
      INSERT INTO assistant_index_queue (school_id, source, source_id)
        VALUES (NEW.school_id, TG_ARGV[0], NEW.id);
      RETURN NEW;
    END $$`.execute(db);
  for (const { table, source, columns } of SOURCES) {
    await sql
      .raw(
        `CREATE TRIGGER assistant_queue AFTER INSERT OR DELETE OR UPDATE OF ${columns.join(', ')} ON ${table} FOR EACH ROW EXECUTE FUNCTION assistant_queue_material('${source}')`,
      )
      .execute(db);
  }
}

export const assistantIndex: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    await withId(kind, db.schema.createTable('assistant_passages'))
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('part', 'integer', (c) => c.notNull())
      .addColumn('lesson_id', 'integer')
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('audience', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('indexed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('assistant_passages_school_id_source_source_id_part')
      .on('assistant_passages')
      .columns(['school_id', 'source', 'source_id', 'part'])
      .unique()
      .execute();

    // No foreign key: a school's removal cascades into its material, whose triggers then queue
    // rows for a school that is going; the refresh drops rows whose source is gone.
    await withId(kind, db.schema.createTable('assistant_index_queue'))
      .addColumn('school_id', 'integer', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('assistant_index_queue_school_id_id')
      .on('assistant_index_queue')
      .columns(['school_id', 'id'])
      .execute();

    if (kind === 'sqlite') await sqliteTriggers(db);
    else await postgresSearch(db);

    // Everything written before this migration waits for the first refresh.
    for (const { table, source } of SOURCES) {
      await sql`INSERT INTO assistant_index_queue (school_id, source, source_id)
        SELECT school_id, ${source}, id FROM ${sql.table(table)}`.execute(db);
    }
  },
};
