import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FileEntity } from '../../../src/shared/api/files';
import type { SubmissionStatus } from '../../../src/server/areas/tasks/tables';
import type { Database } from '../../../src/server/db/schema';

/** A lesson shape of the demo school the teaching tests act on. */
export interface TeachingFixture {
  school: number;
  /** Taught by teacher@demo.school and attended by student@demo.school. */
  shared: number;
  /** Neither taught by the demo teacher nor attended by the demo student. */
  foreign: number;
  student: number;
  /** Another student of `shared`, and their login. */
  classmate: { id: number; email: string };
  /** A parent of a student who is not the demo student's, and the child. */
  otherParent: { email: string; childId: number };
}

const emailOf = async (db: Kysely<Database>, membershipId: number) =>
  (
    await db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('users.email')
      .where('memberships.id', '=', membershipId)
      .executeTakeFirstOrThrow()
  ).email!;

/** Finds the lessons and people of the demo school the teaching tests need. */
export async function teachingFixture(db: Kysely<Database>): Promise<TeachingFixture> {
  const member = (email: string, role: string) =>
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['memberships.id', 'memberships.school_id'])
      .where('users.email', '=', email)
      .where('memberships.role', '=', role)
      .executeTakeFirstOrThrow();
  const teacher = await member('teacher@demo.school', 'teacher');
  const student = await member('student@demo.school', 'student');
  const school = teacher.school_id;
  const taught = (
    await db
      .selectFrom('lesson_teachers')
      .select('lesson_id')
      .where('teacher_id', '=', teacher.id)
      .execute()
  ).map((r) => r.lesson_id);
  const attended = (
    await db
      .selectFrom('lesson_students')
      .select('lesson_id')
      .where('student_id', '=', student.id)
      .execute()
  ).map((r) => r.lesson_id);
  const shared = taught.filter((l) => attended.includes(l)).sort((a, b) => a - b)[0]!;
  const foreign = (
    await db
      .selectFrom('lessons')
      .select('id')
      .where('school_id', '=', school)
      .where('id', 'not in', [...taught, ...attended])
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const classmateRow = await db
    .selectFrom('lesson_students')
    .select('student_id')
    .where('lesson_id', '=', shared)
    .where('student_id', '!=', student.id)
    .orderBy('student_id')
    .executeTakeFirstOrThrow();
  const parent = await member('parent@demo.school', 'client');
  const otherFamily = await db
    .selectFrom('student_guardians')
    .select(['client_id', 'student_id'])
    .where('school_id', '=', school)
    .where('client_id', '!=', parent.id)
    .where('student_id', '!=', student.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    school,
    shared,
    foreign,
    student: student.id,
    classmate: { id: classmateRow.student_id, email: await emailOf(db, classmateRow.student_id) },
    otherParent: {
      email: await emailOf(db, otherFamily.client_id),
      childId: otherFamily.student_id,
    },
  };
}

/** A small Lexical state: a paragraph, an inline equation, a table. */
export const lexical = (text: string) => ({
  root: {
    type: 'root',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        children: [
          { type: 'text', version: 1, text },
          { type: 'equation', version: 1, equation: 'x^2+1', inline: true },
        ],
      },
      {
        type: 'table',
        version: 1,
        children: [
          {
            type: 'tablerow',
            version: 1,
            children: [
              {
                type: 'tablecell',
                version: 1,
                children: [
                  {
                    type: 'paragraph',
                    version: 1,
                    children: [{ type: 'text', version: 1, text: 'α' }],
                  },
                ],
              },
              {
                type: 'tablecell',
                version: 1,
                children: [
                  {
                    type: 'paragraph',
                    version: 1,
                    children: [{ type: 'text', version: 1, text: 'β' }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
});

/** A multipart body with the upload's fields and one file. */
export function uploadForm(
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer | Uint8Array; type?: string },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
    file.name,
  );
  return form;
}

export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/**
 * A student's work on a task, written straight to the database (as `insertAccount` writes
 * accounts) so that a test's set-up cannot be refused by the rules it tests: handed in unless
 * another status is asked for.
 */
export async function insertSubmission(
  db: Kysely<Database>,
  work: { school: number; taskId: number; studentId: number; status?: SubmissionStatus },
): Promise<number> {
  const now = new Date().toISOString();
  const status = work.status ?? 'submitted';
  const { id } = await db
    .insertInto('task_submissions')
    .values({
      school_id: work.school,
      task_id: work.taskId,
      student_id: work.studentId,
      text: 'Work of a test',
      status,
      submitted_at: status === 'draft' ? null : now,
      late: 0,
      points: null,
      feedback: null,
      graded_at: null,
      graded_by_user_id: null,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The row of an uploaded file on a chapter, task or submission, written straight to the
 * database; its bytes are never read by the rules (deleting it only queues their removal).
 */
export async function insertFileRow(
  db: Kysely<Database>,
  file: {
    school: number;
    lessonId: number;
    entity: FileEntity;
    entityId: number;
    uploaderUserId: number | null;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('files')
    .values({
      school_id: file.school,
      lesson_id: file.lessonId,
      entity: file.entity,
      entity_id: file.entityId,
      storage_key: crypto.randomBytes(16).toString('hex'),
      name: 'test.png',
      content_type: 'image/png',
      size: PNG_BYTES.length,
      uploaded_by_user_id: file.uploaderUserId,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** One true-or-false question, enough for a quiz that tests rules rather than grading. */
export const QUIZ_QUESTION = {
  kind: 'true_false',
  text: 'Η Γη γυρίζει.',
  points: 1,
  correct: true,
};

/**
 * A student's attempt at a quiz, written straight to the database (as insertSubmission does):
 * open until next year unless submitted. Returns the attempt and the quiz's first question.
 */
export async function insertQuizAttempt(
  db: Kysely<Database>,
  attempt: { school: number; quizId: number; studentId: number; submitted?: boolean },
): Promise<{ attemptId: number; questionId: number }> {
  const now = new Date().toISOString();
  const previous = await db
    .selectFrom('quiz_attempts')
    .select('id')
    .where('quiz_id', '=', attempt.quizId)
    .where('student_id', '=', attempt.studentId)
    .execute();
  const { id } = await db
    .insertInto('quiz_attempts')
    .values({
      school_id: attempt.school,
      quiz_id: attempt.quizId,
      student_id: attempt.studentId,
      number: previous.length + 1,
      started_at: now,
      deadline_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      submitted_at: attempt.submitted ? now : null,
      score: attempt.submitted ? 0 : null,
      pending: 0,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const question = await db
    .selectFrom('quiz_questions')
    .select('id')
    .where('quiz_id', '=', attempt.quizId)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  return { attemptId: id, questionId: question.id };
}
