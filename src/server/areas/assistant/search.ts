import { sql, type Kysely } from 'kysely';
import type { AiSourceKind } from '../../../shared/api/assistant';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';
import { readablePassages, type AssistantCaller } from './policy';

// Full-text search over the passages the caller may read: FTS5's bm25 on SQLite, ts_rank on
// PostgreSQL over the `mathema_search` configuration (migration 050). Terms come from
// searchTermsOf: letters and digits only, so they go into each query language as they are.

export interface FoundPassage {
  id: number;
  source: AiSourceKind;
  source_id: number;
  lesson_id: number | null;
  title: string;
  body: string;
}

export async function searchPassages(
  db: Kysely<Database>,
  kind: DatabaseKind,
  caller: AssistantCaller,
  terms: string[],
  limit: number,
): Promise<FoundPassage[]> {
  if (terms.length === 0) return [];
  const readable = readablePassages(caller);
  if (kind === 'sqlite') {
    const match = terms.map((t) => `"${t}"*`).join(' OR ');
    const { rows } = await sql<FoundPassage>`
      SELECT p.id, p.source, p.source_id, p.lesson_id, p.title, p.body
      FROM assistant_passages_fts
      JOIN assistant_passages p ON p.id = assistant_passages_fts.rowid
      WHERE assistant_passages_fts MATCH ${match} AND ${readable}
      ORDER BY bm25(assistant_passages_fts), p.id
      LIMIT ${limit}`.execute(db);
    return rows;
  }
  const query = terms.map((t) => `${t}:*`).join(' | ');
  const { rows } = await sql<FoundPassage>`
    SELECT p.id, p.source, p.source_id, p.lesson_id, p.title, p.body
    FROM assistant_passages p, to_tsquery('mathema_search'::regconfig, ${query}) q
    WHERE to_tsvector('mathema_search'::regconfig, p.search_text) @@ q AND ${readable}
    ORDER BY ts_rank(to_tsvector('mathema_search'::regconfig, p.search_text), q) DESC, p.id
    LIMIT ${limit}`.execute(db);
  return rows;
}
