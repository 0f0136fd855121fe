import { type Insertable, type Kysely, type RawBuilder, type Updateable } from 'kysely';
import type { Answer, Question, QuestionInput } from '../../../shared/api/quizzes';
import { countOf } from '../../db/database';
import type { Database } from '../../db/schema';
import { searchCondition, type TeachingCaller } from '../lessons/teaching-access';
import { readableQuizzes } from './policy';
import type { QuizAttemptsTable, QuizzesTable } from './tables';

export interface QuizListOptions {
  page: number;
  perPage: number;
  search?: string;
  lessonId?: number;
  sort: 'opens_at' | 'closes_at' | 'title';
  order: 'asc' | 'desc';
}

const quizColumns = [
  'q.id',
  'q.lesson_id',
  'l.name as lesson_name',
  'q.title',
  'q.opens_at',
  'q.closes_at',
  'q.time_limit_minutes',
  'q.attempts_allowed',
  'q.shuffle',
  'q.show_results',
  'q.published',
  'q.published_at',
  'q.created_at',
  'q.updated_at',
] as const;

function quizzesWhere(db: Kysely<Database>, schoolId: number, condition: RawBuilder<boolean>) {
  return db
    .selectFrom('quizzes as q')
    .innerJoin('lessons as l', (join) =>
      join.onRef('l.id', '=', 'q.lesson_id').onRef('l.school_id', '=', 'q.school_id'),
    )
    .where('q.school_id', '=', schoolId)
    .where(condition);
}

/** A page of quizzes matching a condition on `q`; the order is stated, ids break ties. */
export async function listQuizzesWhere(
  db: Kysely<Database>,
  schoolId: number,
  condition: RawBuilder<boolean>,
  options: QuizListOptions,
) {
  const base = quizzesWhere(db, schoolId, condition)
    .$if(options.lessonId !== undefined, (q) => q.where('q.lesson_id', '=', options.lessonId!))
    .$if(Boolean(options.search), (q) =>
      q.where(searchCondition('q.search_text', options.search!)),
    );
  const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const rows = await base
    .select(quizColumns)
    .orderBy(`q.${options.sort}`, options.order)
    .orderBy('q.id', options.order)
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows, totalCount: countOf(total as { count: number }) };
}

export type QuizRow = Awaited<ReturnType<typeof listQuizzesWhere>>['rows'][number];

export const listQuizzes = (
  db: Kysely<Database>,
  caller: TeachingCaller,
  options: QuizListOptions,
) => listQuizzesWhere(db, caller.schoolId, readableQuizzes(caller), options);

export async function readableQuiz(
  db: Kysely<Database>,
  caller: TeachingCaller,
  id: number,
): Promise<QuizRow | undefined> {
  return quizzesWhere(db, caller.schoolId, readableQuizzes(caller))
    .select(quizColumns)
    .where('q.id', '=', id)
    .executeTakeFirst();
}

export async function insertQuiz(db: Kysely<Database>, row: Insertable<QuizzesTable>) {
  return (await db.insertInto('quizzes').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateQuiz(
  db: Kysely<Database>,
  schoolId: number,
  id: number,
  values: Updateable<QuizzesTable>,
) {
  await db
    .updateTable('quizzes')
    .set(values)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deleteQuiz(db: Kysely<Database>, schoolId: number, id: number) {
  await db.deleteFrom('quizzes').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

/** Replaces a quiz's questions (only before any attempt: answers refer to them). */
export async function replaceQuestions(
  db: Kysely<Database>,
  schoolId: number,
  quizId: number,
  questions: QuestionInput[],
) {
  await db
    .deleteFrom('quiz_questions')
    .where('school_id', '=', schoolId)
    .where('quiz_id', '=', quizId)
    .execute();
  if (questions.length === 0) return;
  await db
    .insertInto('quiz_questions')
    .values(
      questions.map(({ kind, text, points, ...own }, position) => ({
        school_id: schoolId,
        quiz_id: quizId,
        position,
        kind,
        text,
        points,
        spec: JSON.stringify(own),
      })),
    )
    .execute();
}

/** The questions of some quizzes, in order, as the teacher wrote them. */
export async function questionsOf(
  db: Kysely<Database>,
  schoolId: number,
  quizIds: number[],
): Promise<Map<number, Question[]>> {
  const byQuiz = new Map<number, Question[]>();
  if (quizIds.length === 0) return byQuiz;
  const rows = await db
    .selectFrom('quiz_questions')
    .select(['id', 'quiz_id', 'kind', 'text', 'points', 'spec'])
    .where('school_id', '=', schoolId)
    .where('quiz_id', 'in', quizIds)
    .orderBy('quiz_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const question = {
      ...(JSON.parse(row.spec) as object),
      id: row.id,
      kind: row.kind,
      text: row.text,
      points: row.points,
    } as Question;
    byQuiz.set(row.quiz_id, [...(byQuiz.get(row.quiz_id) ?? []), question]);
  }
  return byQuiz;
}

export async function hasAttempts(db: Kysely<Database>, schoolId: number, quizId: number) {
  const row = await db
    .selectFrom('quiz_attempts')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('quiz_id', '=', quizId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type AttemptRecord = Awaited<ReturnType<typeof attemptsOfStudent>>[number];

/** A student's attempts at some quizzes, oldest first. */
export async function attemptsOfStudent(
  db: Kysely<Database>,
  schoolId: number,
  studentId: number,
  quizIds: number[],
) {
  if (quizIds.length === 0) return [];
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .where('quiz_id', 'in', quizIds)
    .orderBy('quiz_id')
    .orderBy('number')
    .execute();
}

export async function attemptsOfQuiz(db: Kysely<Database>, schoolId: number, quizId: number) {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('quiz_id', '=', quizId)
    .orderBy('student_id')
    .orderBy('number')
    .execute();
}

export async function attemptById(db: Kysely<Database>, schoolId: number, id: number) {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Adds attempt `number`; two starts at once meet on the unique index (null: lost the race). */
export async function insertAttempt(db: Kysely<Database>, row: Insertable<QuizAttemptsTable>) {
  const inserted = await db
    .insertInto('quiz_attempts')
    .values(row)
    .onConflict((c) => c.columns(['school_id', 'quiz_id', 'student_id', 'number']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function updateAttempt(
  db: Kysely<Database>,
  schoolId: number,
  id: number,
  values: Updateable<QuizAttemptsTable>,
) {
  await db
    .updateTable('quiz_attempts')
    .set(values)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

/** Marks an open attempt submitted; false when it already was (a second submit). */
export async function closeAttempt(
  db: Kysely<Database>,
  schoolId: number,
  id: number,
  values: { submitted_at: string; score: number; pending: number; updated_at: string },
) {
  const result = await db
    .updateTable('quiz_attempts')
    .set(values)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface AnswerRecord {
  attempt_id: number;
  question_id: number;
  answer: Answer | null;
  points: number | null;
  graded_by_hand: boolean;
  updated_at: string;
}

export async function answersOf(
  db: Kysely<Database>,
  schoolId: number,
  attemptIds: number[],
): Promise<AnswerRecord[]> {
  if (attemptIds.length === 0) return [];
  const rows = await db
    .selectFrom('quiz_answers')
    .select(['attempt_id', 'question_id', 'answer', 'points', 'graded_by_hand', 'updated_at'])
    .where('school_id', '=', schoolId)
    .where('attempt_id', 'in', attemptIds)
    .orderBy('attempt_id')
    .orderBy('question_id')
    .execute();
  return rows.map((r) => ({
    ...r,
    answer: JSON.parse(r.answer) as Answer | null,
    points: r.points === null ? null : Number(r.points),
    graded_by_hand: r.graded_by_hand === 1,
  }));
}

/** Saves an answer (again replaces it): one row per attempt and question. */
export async function saveAnswer(
  db: Kysely<Database>,
  row: {
    school_id: number;
    attempt_id: number;
    question_id: number;
    answer: Answer | null;
    points: number | null;
    graded_by_hand?: boolean;
    graded_by_user_id?: number | null;
    updated_at: string;
  },
) {
  const values = {
    school_id: row.school_id,
    attempt_id: row.attempt_id,
    question_id: row.question_id,
    answer: JSON.stringify(row.answer),
    points: row.points,
    graded_by_hand: row.graded_by_hand ? 1 : 0,
    graded_by_user_id: row.graded_by_user_id ?? null,
    updated_at: row.updated_at,
  };
  await db
    .insertInto('quiz_answers')
    .values(values)
    .onConflict((c) =>
      c.columns(['school_id', 'attempt_id', 'question_id']).doUpdateSet({
        answer: values.answer,
        points: values.points,
        graded_by_hand: values.graded_by_hand,
        graded_by_user_id: values.graded_by_user_id,
        updated_at: values.updated_at,
      }),
    )
    .execute();
}

/** Sets the points of an answer (grading), keeping the answer itself. */
export async function setAnswerPoints(
  db: Kysely<Database>,
  row: {
    school_id: number;
    attempt_id: number;
    question_id: number;
    points: number;
    graded_by_user_id: number;
    updated_at: string;
  },
) {
  await db
    .insertInto('quiz_answers')
    .values({
      ...row,
      answer: 'null',
      graded_by_hand: 1,
    })
    .onConflict((c) =>
      c.columns(['school_id', 'attempt_id', 'question_id']).doUpdateSet({
        points: row.points,
        graded_by_hand: 1,
        graded_by_user_id: row.graded_by_user_id,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Per quiz: how many questions and points it has. */
export async function questionTotals(db: Kysely<Database>, schoolId: number, quizIds: number[]) {
  const totals = new Map<number, { count: number; points: number }>();
  if (quizIds.length === 0) return totals;
  const rows = await db
    .selectFrom('quiz_questions')
    .select((eb) => [
      'quiz_id',
      eb.fn.countAll().as('count'),
      eb.fn.sum<number | string>('points').as('points'),
    ])
    .where('school_id', '=', schoolId)
    .where('quiz_id', 'in', quizIds)
    .groupBy('quiz_id')
    .execute();
  for (const r of rows)
    totals.set(r.quiz_id, { count: Number(r.count), points: Number(r.points ?? 0) });
  return totals;
}

/** Every student of a lesson, by name. */
export async function lessonStudents(db: Kysely<Database>, schoolId: number, lessonId: number) {
  return db
    .selectFrom('lesson_students as ls')
    .innerJoin('memberships as m', (j) =>
      j.onRef('m.id', '=', 'ls.student_id').onRef('m.school_id', '=', 'ls.school_id'),
    )
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id as student_id', 'u.first_name', 'u.last_name'])
    .where('ls.school_id', '=', schoolId)
    .where('ls.lesson_id', '=', lessonId)
    .orderBy('m.sort_name')
    .orderBy('m.id')
    .execute();
}

/** Whether a parent is a guardian of a student in this school. */
export async function isGuardian(
  db: Kysely<Database>,
  schoolId: number,
  clientId: number,
  studentId: number,
) {
  const row = await db
    .selectFrom('student_guardians')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('client_id', '=', clientId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row !== undefined;
}
