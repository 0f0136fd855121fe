import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  QuestionInput,
  QuizDetail,
  QuizReview,
  QuizSummary,
  quizCreateBody,
  quizUpdateBody,
} from '../../../shared/api/quizzes';
import { searchTextOf } from '../../../shared/search';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound, ruleError, validationError } from '../../http/errors';
import { publicationColumns, recordLessonResourceWrite } from '../lessons/publishing';
import {
  assertGuardianOf,
  assertMayWriteLesson,
  type TeachingCaller,
} from '../lessons/teaching-access';
import { scheduleDeadline, settleAttempts } from './attempts';
import { deadlineOf, quizAbilities, resultsDue, startRefusal } from './policy';
import { attemptSummary } from './presenters';
import {
  attemptsOfQuiz,
  attemptsOfStudent,
  deleteQuiz,
  hasAttempts,
  insertQuiz,
  listQuizzes,
  listQuizzesWhere,
  questionTotals,
  questionsOf,
  readableQuiz,
  replaceQuestions,
  updateAttempt,
  updateQuiz,
  type QuizListOptions,
  type QuizRow,
} from './queries';

async function summaries(
  deps: ServerDeps,
  caller: TeachingCaller,
  rows: QuizRow[],
  /** For a parent: whose attempts to show. */
  childId?: number,
): Promise<QuizSummary[]> {
  const abilitiesOf = await quizAbilities(
    deps.db,
    caller,
    rows.map((r) => r.lesson_id),
  );
  const ids = rows.map((r) => r.id);
  const totals = await questionTotals(deps.db, caller.schoolId, ids);
  const studentId = caller.role === 'student' ? caller.me! : childId;
  const attempts =
    studentId === undefined
      ? null
      : await settleAttempts(
          deps,
          caller.schoolId,
          await attemptsOfStudent(deps.db, caller.schoolId, studentId, ids),
        );
  const nowIso = deps.now().toISOString();
  return rows.map((row) => {
    const mine = attempts?.filter((a) => a.quiz_id === row.id) ?? null;
    const open = mine?.some((a) => a.submitted_at === null) ?? false;
    return {
      id: row.id,
      lesson_id: row.lesson_id,
      lesson_name: row.lesson_name,
      title: row.title,
      opens_at: row.opens_at,
      closes_at: row.closes_at,
      time_limit_minutes: row.time_limit_minutes,
      attempts_allowed: row.attempts_allowed,
      shuffle: row.shuffle === 1,
      show_results: row.show_results,
      published: row.published === 1,
      published_at: row.published_at,
      updated_at: row.updated_at,
      question_count: totals.get(row.id)?.count ?? 0,
      total_points: totals.get(row.id)?.points ?? 0,
      attempts: mine ? mine.map((a) => attemptSummary(a, resultsDue(row, a, nowIso))) : null,
      can_attempt:
        caller.role === 'student' &&
        (open || startRefusal(row, mine?.length ?? 0, nowIso) === null),
      abilities: abilitiesOf(row.lesson_id),
    };
  });
}

export async function quizList(deps: ServerDeps, caller: TeachingCaller, options: QuizListOptions) {
  const { rows, totalCount } = await listQuizzes(deps.db, caller, options);
  return { data: await summaries(deps, caller, rows), totalCount };
}

/** A parent's view of one child's published quizzes, with attempts and scores when due. */
export async function childQuizList(
  deps: ServerDeps,
  caller: TeachingCaller,
  studentId: number,
  options: QuizListOptions,
) {
  await assertGuardianOf(deps.db, caller, studentId);
  const { rows, totalCount } = await listQuizzesWhere(
    deps.db,
    caller.schoolId,
    sql<boolean>`(q.published = 1 and q.lesson_id in (select ls.lesson_id from lesson_students ls where ls.school_id = ${caller.schoolId} and ls.student_id = ${studentId}))`,
    options,
  );
  return { data: await summaries(deps, caller, rows, studentId), totalCount };
}

export async function readable(deps: ServerDeps, caller: TeachingCaller, id: number) {
  const quiz = await readableQuiz(deps.db, caller, id);
  if (!quiz) throw notFound('This quiz does not exist.');
  return quiz;
}

export async function quizDetail(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
): Promise<QuizDetail> {
  const quiz = await readable(deps, caller, id);
  const [summary] = await summaries(deps, caller, [quiz]);
  const teaches = caller.role === 'teacher' || caller.role === 'admin';
  return {
    ...summary!,
    // Students and parents reach questions only through an attempt, without the answers.
    questions: teaches ? ((await questionsOf(deps.db, caller.schoolId, [id])).get(id) ?? []) : null,
    attempted: await hasAttempts(deps.db, caller.schoolId, id),
    created_at: quiz.created_at,
  };
}

const publishNotice = (id: number, title: string, nowIso: string) => ({
  title,
  entity: 'quiz' as const,
  entityId: id,
  nowIso,
});

/** What zod does not check alone: a matching question names each prompt once. */
function checkQuestions(questions: QuestionInput[] | undefined) {
  if (!questions) return;
  questions.forEach((q, i) => {
    if (q.kind === 'matching' && new Set(q.pairs.map((p) => p.prompt)).size !== q.pairs.length)
      throw validationError(
        { [`questions.${i}.pairs`]: 'Each prompt once' },
        'A matching question lists each prompt once.',
      );
  });
}

export async function createQuiz(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  body: z.output<typeof quizCreateBody>,
): Promise<number> {
  await assertMayWriteLesson(deps.db, caller, body.lesson_id);
  checkQuestions(body.questions);
  const nowIso = deps.now().toISOString();
  const [id, tell] = await deps.db.transaction().execute(async (trx) => {
    const id = await insertQuiz(trx, {
      school_id: caller.schoolId,
      lesson_id: body.lesson_id,
      title: body.title,
      search_text: searchTextOf([body.title]),
      opens_at: body.opens_at,
      closes_at: body.closes_at,
      time_limit_minutes: body.time_limit_minutes,
      attempts_allowed: body.attempts_allowed,
      shuffle: body.shuffle ? 1 : 0,
      show_results: body.show_results,
      published: body.published ? 1 : 0,
      published_at: body.published ? nowIso : null,
      author_user_id: caller.userId,
      created_at: nowIso,
      updated_at: nowIso,
    });
    await replaceQuestions(trx, caller.schoolId, id, body.questions);
    const tell = await recordLessonResourceWrite(
      trx,
      deps.realtime,
      ctx,
      {
        schoolId: caller.schoolId,
        lessonId: body.lesson_id,
        action: 'create',
        entity: 'quiz',
        entityId: id,
        firstPublished: body.published,
        notice: () => publishNotice(id, body.title, nowIso),
      },
      nowIso,
    );
    return [id, tell] as const;
  });
  tell();
  return id;
}

async function writable(deps: ServerDeps, caller: TeachingCaller, id: number) {
  const quiz = await readable(deps, caller, id);
  await assertMayWriteLesson(deps.db, caller, quiz.lesson_id);
  return quiz;
}

export async function changeQuiz(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  id: number,
  body: z.output<typeof quizUpdateBody>,
): Promise<void> {
  const current = await writable(deps, caller, id);
  checkQuestions(body.questions);
  const now = deps.now();
  const nowIso = now.toISOString();
  const opensAt = body.opens_at ?? current.opens_at;
  const closesAt = body.closes_at ?? current.closes_at;
  if (opensAt >= closesAt)
    throw validationError({ closes_at: 'The quiz must close after it opens' });
  // Answers refer to the questions: once students have started, the questions stay (Moodle).
  if (body.questions && (await hasAttempts(deps.db, caller.schoolId, id)))
    throw ruleError(
      'conflict',
      { code: 'quiz_attempted', field: 'questions' },
      'Students have started this quiz: its questions can no longer change.',
    );
  const timing = { ...current, ...body, opens_at: opensAt, closes_at: closesAt };
  const timingChanged = body.closes_at !== undefined || body.time_limit_minutes !== undefined;
  // Open attempts follow a new closing or time limit (computed before the transaction).
  const open = timingChanged
    ? (await attemptsOfQuiz(deps.db, caller.schoolId, id)).filter((a) => a.submitted_at === null)
    : [];
  const title = body.title ?? current.title;
  const firstPublished = body.published === true && current.published_at === null;
  const tell = await deps.db.transaction().execute(async (trx) => {
    await updateQuiz(trx, caller.schoolId, id, {
      title,
      search_text: searchTextOf([title]),
      opens_at: opensAt,
      closes_at: closesAt,
      ...(body.time_limit_minutes !== undefined
        ? { time_limit_minutes: body.time_limit_minutes }
        : {}),
      ...(body.attempts_allowed !== undefined ? { attempts_allowed: body.attempts_allowed } : {}),
      ...(body.shuffle !== undefined ? { shuffle: body.shuffle ? 1 : 0 } : {}),
      ...(body.show_results !== undefined ? { show_results: body.show_results } : {}),
      ...publicationColumns(body.published, current.published_at, nowIso),
      updated_at: nowIso,
    });
    if (body.questions) await replaceQuestions(trx, caller.schoolId, id, body.questions);
    for (const attempt of open) {
      const deadline = deadlineOf(timing, new Date(attempt.started_at));
      if (deadline === attempt.deadline_at) continue;
      await updateAttempt(trx, caller.schoolId, attempt.id, {
        deadline_at: deadline,
        updated_at: nowIso,
      });
      await scheduleDeadline(trx, caller.schoolId, { id: attempt.id, deadline_at: deadline }, now);
    }
    return recordLessonResourceWrite(
      trx,
      deps.realtime,
      ctx,
      {
        schoolId: caller.schoolId,
        lessonId: current.lesson_id,
        action: 'update',
        entity: 'quiz',
        entityId: id,
        detail: { fields: Object.keys(body) },
        firstPublished,
        notice: () => publishNotice(id, title, nowIso),
      },
      nowIso,
    );
  });
  tell();
}

export async function removeQuiz(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  id: number,
): Promise<void> {
  await writable(deps, caller, id);
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await deleteQuiz(trx, caller.schoolId, id);
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'delete', entity: 'quiz', entityId: id },
      nowIso,
    );
  });
}

/** The quiz a teacher (or the office) reviews and grades: only a lesson they may write. */
export async function reviewableQuiz(deps: ServerDeps, caller: TeachingCaller, id: number) {
  if (caller.role === 'student' || caller.role === 'client')
    throw notFound('This quiz does not exist.');
  return writable(deps, caller, id);
}

export type { QuizReview };
