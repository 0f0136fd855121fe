import type { z } from 'zod';
import type {
  Chapter,
  ChapterSummary,
  chapterCreateBody,
  chapterUpdateBody,
} from '../../../shared/api/chapters';
import { searchTextOf } from '../../../shared/search';
import { emptyRichText, plainTextOf, type RichText } from '../../../shared/teaching/rich-text';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { fileRefsFor, removeFiles } from '../files/service';
import { assertMayWriteLesson, type TeachingCaller } from '../lessons/teaching-access';
import { assertMayMarkRead, chapterAbilities } from './policy';
import {
  deleteChapter,
  insertChapter,
  listChapters,
  markChapterRead,
  nextSortOrder,
  readChapterIds,
  readableChapter,
  updateChapter,
  type ChapterListOptions,
} from './queries';

const EXCERPT_CHARS = 200;

type ChapterRow = NonNullable<Awaited<ReturnType<typeof readableChapter>>>;
type SummaryRow = Omit<ChapterRow, 'content'>;

async function summaries(
  deps: ServerDeps,
  caller: TeachingCaller,
  rows: SummaryRow[],
): Promise<ChapterSummary[]> {
  const abilitiesOf = await chapterAbilities(
    deps.db,
    caller,
    rows.map((r) => r.lesson_id),
  );
  const read =
    caller.role === 'student'
      ? await readChapterIds(
          deps.db,
          caller.schoolId,
          caller.me!,
          rows.map((r) => r.id),
        )
      : null;
  return rows.map((row) => ({
    id: row.id,
    lesson_id: row.lesson_id,
    lesson_name: row.lesson_name,
    title: row.title,
    excerpt: row.content_text.slice(0, EXCERPT_CHARS),
    published: row.published === 1,
    published_at: row.published_at,
    sort_order: row.sort_order,
    updated_at: row.updated_at,
    read: read ? read.has(row.id) : null,
    abilities: abilitiesOf(row.lesson_id),
  }));
}

export async function chapterList(
  deps: ServerDeps,
  caller: TeachingCaller,
  options: ChapterListOptions,
): Promise<{ data: ChapterSummary[]; totalCount: number }> {
  const { rows, totalCount } = await listChapters(deps.db, caller, options);
  return { data: await summaries(deps, caller, rows), totalCount };
}

/** One chapter the caller may read, in full; 404 for everything else. */
export async function chapterDetail(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
): Promise<Chapter> {
  const row = await readableChapter(deps.db, caller, id);
  if (!row) throw notFound('This chapter does not exist.');
  const [summary] = await summaries(deps, caller, [row]);
  const files = await fileRefsFor(deps, caller.schoolId, 'chapter', [id]);
  return {
    ...summary!,
    content: JSON.parse(row.content) as RichText,
    files: files.get(id) ?? [],
    created_at: row.created_at,
  };
}

function contentColumns(content: RichText, title: string) {
  const text = plainTextOf(content);
  return {
    content: JSON.stringify(content),
    content_text: text,
    search_text: searchTextOf([title, text.slice(0, 5000)]),
  };
}

export async function createChapter(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  body: z.output<typeof chapterCreateBody>,
): Promise<number> {
  await assertMayWriteLesson(deps.db, caller, body.lesson_id);
  const nowIso = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const id = await insertChapter(trx, {
      school_id: caller.schoolId,
      lesson_id: body.lesson_id,
      title: body.title,
      ...contentColumns(body.content ?? emptyRichText(), body.title),
      published: body.published ? 1 : 0,
      published_at: body.published ? nowIso : null,
      sort_order: body.sort_order ?? (await nextSortOrder(trx, caller.schoolId, body.lesson_id)),
      author_user_id: caller.userId,
      created_at: nowIso,
      updated_at: nowIso,
    });
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'create', entity: 'chapter', entityId: id },
      nowIso,
    );
    return id;
  });
}

/** The chapter as the caller may change it: readable, and of a lesson they may write for. */
async function writableChapter(deps: ServerDeps, caller: TeachingCaller, id: number) {
  const row = await readableChapter(deps.db, caller, id);
  if (!row) throw notFound('This chapter does not exist.');
  await assertMayWriteLesson(deps.db, caller, row.lesson_id);
  return row;
}

export async function changeChapter(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  id: number,
  body: z.output<typeof chapterUpdateBody>,
): Promise<void> {
  const current = await writableChapter(deps, caller, id);
  const nowIso = deps.now().toISOString();
  const title = body.title ?? current.title;
  const content =
    body.content ?? (body.title !== undefined ? (JSON.parse(current.content) as RichText) : null);
  await deps.db.transaction().execute(async (trx) => {
    await updateChapter(trx, caller.schoolId, id, {
      title,
      ...(content ? contentColumns(content, title) : {}),
      ...(body.published !== undefined
        ? {
            published: body.published ? 1 : 0,
            // The first publication is the chapter's date in the study guide.
            published_at: body.published ? (current.published_at ?? nowIso) : null,
          }
        : {}),
      ...(body.sort_order !== undefined ? { sort_order: body.sort_order } : {}),
      updated_at: nowIso,
    });
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: 'update',
        entity: 'chapter',
        entityId: id,
        detail: { fields: Object.keys(body) },
      },
      nowIso,
    );
  });
}

export async function removeChapter(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  id: number,
): Promise<void> {
  await writableChapter(deps, caller, id);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await removeFiles(trx, caller.schoolId, { entity: 'chapter', entityIds: [id] }, now);
    await deleteChapter(trx, caller.schoolId, id);
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'delete', entity: 'chapter', entityId: id },
      now.toISOString(),
    );
  });
}

export async function markRead(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
): Promise<ChapterSummary> {
  assertMayMarkRead(caller);
  const row = await readableChapter(deps.db, caller, id);
  if (!row) throw notFound('This chapter does not exist.');
  await markChapterRead(deps.db, caller.schoolId, id, caller.me!, deps.now().toISOString());
  const [summary] = await summaries(deps, caller, [row]);
  return summary!;
}
