import { sql, type Kysely } from 'kysely';
import type { AiSourceKind } from '../../../shared/api/assistant';
import { normalizeSearch } from '../../../shared/search';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';

// The assistant's search index: the school's material cut into passages. Database triggers
// queue every chapter, task, lesson and announcement that is written (migration 050); a
// refresh, run before each search, turns the school's queue into passages. One refresh at a
// time per school (an advisory lock on PostgreSQL; SQLite has one writer by construction).

/** About how long a passage is: a paragraph or a few, enough to quote. */
const PASSAGE_CHARS = 700;
/** The most passages one source gives (a very long chapter is searched by its beginning). */
const MAX_PARTS = 40;
const BATCH = 500;
const LOCK_CLASS = 0x61690001;

interface Material {
  source: AiSourceKind;
  source_id: number;
  lesson_id: number | null;
  published: number;
  audience: string | null;
  title: string;
  text: string;
}

/** Cuts a text into passages at paragraph, then sentence, then word boundaries. */
export function cutIntoPassages(text: string): string[] {
  const paragraphs = text
    .split(/\n+/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const pieces: string[] = [];
  for (const paragraph of paragraphs) {
    if (paragraph.length <= PASSAGE_CHARS) {
      pieces.push(paragraph);
      continue;
    }
    let rest = paragraph;
    while (rest.length > PASSAGE_CHARS) {
      const window = rest.slice(0, PASSAGE_CHARS);
      const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('; '));
      const cut = sentenceEnd > PASSAGE_CHARS / 3 ? sentenceEnd + 1 : window.lastIndexOf(' ');
      const at = cut > 0 ? cut : PASSAGE_CHARS;
      pieces.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) pieces.push(rest);
  }
  // Short neighbours travel together, so that a passage has enough around what it says.
  const passages: string[] = [];
  for (const piece of pieces) {
    const last = passages.at(-1);
    if (last !== undefined && last.length + piece.length + 1 <= PASSAGE_CHARS)
      passages[passages.length - 1] = `${last}\n${piece}`;
    else passages.push(piece);
  }
  return passages.slice(0, MAX_PARTS);
}

async function readMaterial(
  db: Kysely<Database>,
  schoolId: number,
  source: AiSourceKind,
  ids: number[],
): Promise<Material[]> {
  const common = { source };
  if (source === 'chapter') {
    const rows = await db
      .selectFrom('chapters')
      .select(['id', 'lesson_id', 'published', 'title', 'content_text'])
      .where('school_id', '=', schoolId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => ({
      ...common,
      source_id: r.id,
      lesson_id: r.lesson_id,
      published: r.published,
      audience: null,
      title: r.title,
      text: r.content_text,
    }));
  }
  if (source === 'task') {
    const rows = await db
      .selectFrom('tasks')
      .select(['id', 'lesson_id', 'published', 'title', 'description_text'])
      .where('school_id', '=', schoolId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => ({
      ...common,
      source_id: r.id,
      lesson_id: r.lesson_id,
      published: r.published,
      audience: null,
      title: r.title,
      text: r.description_text,
    }));
  }
  if (source === 'lesson') {
    const rows = await db
      .selectFrom('lessons')
      .select(['id', 'name', 'description'])
      .where('school_id', '=', schoolId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => ({
      ...common,
      source_id: r.id,
      lesson_id: r.id,
      published: 1,
      audience: null,
      title: r.name,
      text: r.description ?? '',
    }));
  }
  const rows = await db
    .selectFrom('announcements')
    .select(['id', 'lesson_id', 'audience', 'title', 'body'])
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    ...common,
    source_id: r.id,
    lesson_id: r.lesson_id,
    published: 1,
    audience: r.audience,
    title: r.title,
    text: r.body,
  }));
}

async function replacePassages(
  trx: Kysely<Database>,
  kind: DatabaseKind,
  schoolId: number,
  source: AiSourceKind,
  ids: number[],
  nowIso: string,
) {
  const gone = trx
    .selectFrom('assistant_passages')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('source', '=', source)
    .where('source_id', 'in', ids);
  if (kind === 'sqlite')
    await sql`DELETE FROM assistant_passages_fts WHERE rowid IN (${gone})`.execute(trx);
  await trx
    .deleteFrom('assistant_passages')
    .where('school_id', '=', schoolId)
    .where('source', '=', source)
    .where('source_id', 'in', ids)
    .execute();

  const rows = (await readMaterial(trx, schoolId, source, ids)).flatMap((m) =>
    cutIntoPassages(m.text).map((body, part) => ({
      school_id: schoolId,
      source: m.source,
      source_id: m.source_id,
      part,
      lesson_id: m.lesson_id,
      published: m.published,
      audience: m.audience,
      title: m.title,
      body,
      search_text: normalizeSearch(`${m.title}\n${body}`),
      indexed_at: nowIso,
    })),
  );
  for (let start = 0; start < rows.length; start += 100) {
    const chunk = rows.slice(start, start + 100);
    const inserted = await trx
      .insertInto('assistant_passages')
      .values(chunk)
      .returning('id')
      .execute();
    if (kind === 'sqlite') {
      for (const [index, { id }] of inserted.entries())
        await sql`INSERT INTO assistant_passages_fts (rowid, search_text)
          VALUES (${id}, ${chunk[index]!.search_text})`.execute(trx);
    }
  }
}

/** Brings a school's passages up to date with its material; returns how many sources changed. */
export async function refreshIndex(
  db: Kysely<Database>,
  kind: DatabaseKind,
  schoolId: number,
  nowIso: string,
): Promise<number> {
  let refreshed = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      if (kind === 'postgres')
        await sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, ${schoolId})`.execute(trx);
      const queued = await trx
        .selectFrom('assistant_index_queue')
        .select(['id', 'source', 'source_id'])
        .where('school_id', '=', schoolId)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (queued.length === 0) return true;
      const bySource = new Map<AiSourceKind, Set<number>>();
      for (const row of queued) {
        if (!bySource.has(row.source)) bySource.set(row.source, new Set());
        bySource.get(row.source)!.add(row.source_id);
      }
      for (const [source, ids] of bySource) {
        await replacePassages(trx, kind, schoolId, source, [...ids], nowIso);
        refreshed += ids.size;
      }
      await trx
        .deleteFrom('assistant_index_queue')
        .where('school_id', '=', schoolId)
        .where(
          'id',
          'in',
          queued.map((q) => q.id),
        )
        .execute();
      return queued.length < BATCH;
    });
    if (done) return refreshed;
  }
}
