import { sql, type Insertable, type Kysely, type RawBuilder, type Updateable } from 'kysely';
import { countOf } from '../../db/database';
import type { Database } from '../../db/schema';
import { searchCondition, type TeachingCaller } from '../lessons/teaching-access';
import { readableTasks } from './policy';
import type { TaskSubmissionsTable, TasksTable } from './tables';

export interface TaskListOptions {
  page: number;
  perPage: number;
  search?: string;
  lessonId?: number;
  dueFrom?: string;
  sort: 'due_at' | 'title' | 'open_at';
  order: 'asc' | 'desc';
}

const taskColumns = [
  't.id',
  't.lesson_id',
  'l.name as lesson_name',
  't.title',
  't.open_at',
  't.due_at',
  't.points',
  't.accept_late',
  't.published',
  't.published_at',
  't.created_at',
  't.updated_at',
] as const;

function tasksWhere(db: Kysely<Database>, schoolId: number, condition: RawBuilder<boolean>) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('lessons as l', (join) =>
      join.onRef('l.id', '=', 't.lesson_id').onRef('l.school_id', '=', 't.school_id'),
    )
    .where('t.school_id', '=', schoolId)
    .where(condition);
}

/** A page of tasks matching a condition on `t`; the order is stated, ids break ties. */
export async function listTasksWhere(
  db: Kysely<Database>,
  schoolId: number,
  condition: RawBuilder<boolean>,
  options: TaskListOptions,
) {
  const base = tasksWhere(db, schoolId, condition)
    .$if(options.lessonId !== undefined, (q) => q.where('t.lesson_id', '=', options.lessonId!))
    .$if(options.dueFrom !== undefined, (q) => q.where('t.due_at', '>=', options.dueFrom!))
    .$if(Boolean(options.search), (q) =>
      q.where(searchCondition('t.search_text', options.search!)),
    );
  const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const rows = await base
    .select(taskColumns)
    .orderBy(`t.${options.sort}`, options.order)
    .orderBy('t.id', options.order)
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows, totalCount: countOf(total as { count: number }) };
}

export type TaskRow = Awaited<ReturnType<typeof listTasksWhere>>['rows'][number];

export const listTasks = (db: Kysely<Database>, caller: TeachingCaller, options: TaskListOptions) =>
  listTasksWhere(db, caller.schoolId, readableTasks(caller), options);

export async function readableTask(db: Kysely<Database>, caller: TeachingCaller, id: number) {
  return tasksWhere(db, caller.schoolId, readableTasks(caller))
    .select([...taskColumns, 't.description'])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

export async function insertTask(db: Kysely<Database>, row: Insertable<TasksTable>) {
  return (await db.insertInto('tasks').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateTask(
  db: Kysely<Database>,
  schoolId: number,
  id: number,
  values: Updateable<TasksTable>,
) {
  await db
    .updateTable('tasks')
    .set(values)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTask(db: Kysely<Database>, schoolId: number, id: number) {
  await db.deleteFrom('tasks').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

export type SubmissionRecord = Awaited<ReturnType<typeof submissionsOfStudent>>[number];

/** A student's submissions of some tasks. */
export async function submissionsOfStudent(
  db: Kysely<Database>,
  schoolId: number,
  studentId: number,
  taskIds: number[],
) {
  if (taskIds.length === 0) return [];
  return db
    .selectFrom('task_submissions')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .where('task_id', 'in', taskIds)
    .orderBy('task_id')
    .execute();
}

export async function submissionById(db: Kysely<Database>, schoolId: number, id: number) {
  return db
    .selectFrom('task_submissions')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function submissionOf(
  db: Kysely<Database>,
  schoolId: number,
  taskId: number,
  studentId: number,
) {
  return db
    .selectFrom('task_submissions')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('task_id', '=', taskId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

/** Starts a student's draft once; two first saves at once meet on the unique index. */
export async function ensureSubmission(
  db: Kysely<Database>,
  schoolId: number,
  taskId: number,
  studentId: number,
  nowIso: string,
) {
  await db
    .insertInto('task_submissions')
    .values({
      school_id: schoolId,
      task_id: taskId,
      student_id: studentId,
      text: '',
      status: 'draft',
      submitted_at: null,
      late: 0,
      points: null,
      feedback: null,
      graded_at: null,
      graded_by_user_id: null,
      updated_at: nowIso,
    })
    .onConflict((c) => c.columns(['school_id', 'task_id', 'student_id']).doNothing())
    .execute();
  return (await submissionOf(db, schoolId, taskId, studentId))!;
}

export async function updateSubmission(
  db: Kysely<Database>,
  schoolId: number,
  id: number,
  values: Updateable<TaskSubmissionsTable>,
) {
  await db
    .updateTable('task_submissions')
    .set(values)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

/** Per task: how many students the lesson has, and how their work stands. */
export async function submissionCountsOf(
  db: Kysely<Database>,
  schoolId: number,
  taskIds: number[],
) {
  if (taskIds.length === 0)
    return new Map<number, { students: number; handedIn: number; late: number; graded: number }>();
  const { rows } = await sql<{
    task_id: number;
    students: number | string;
    handed_in: number | string;
    late: number | string;
    graded: number | string;
  }>`
    select t.id as task_id,
      (select count(*) from lesson_students ls where ls.school_id = t.school_id and ls.lesson_id = t.lesson_id) as students,
      (select count(*) from task_submissions s where s.school_id = t.school_id and s.task_id = t.id and s.status in ('submitted', 'graded')) as handed_in,
      (select count(*) from task_submissions s where s.school_id = t.school_id and s.task_id = t.id and s.status in ('submitted', 'graded') and s.late = 1) as late,
      (select count(*) from task_submissions s where s.school_id = t.school_id and s.task_id = t.id and s.status = 'graded') as graded
    from tasks t
    where t.school_id = ${schoolId} and t.id in (${sql.join(taskIds)})
    order by t.id`.execute(db);
  return new Map(
    rows.map((r) => [
      r.task_id,
      {
        students: Number(r.students),
        handedIn: Number(r.handed_in),
        late: Number(r.late),
        graded: Number(r.graded),
      },
    ]),
  );
}

/** A page of a lesson's students (by name) with their submission of a task, if any. */
export async function studentsWithSubmissions(
  db: Kysely<Database>,
  schoolId: number,
  task: { id: number; lesson_id: number },
  page: number,
  perPage: number,
) {
  const base = db
    .selectFrom('lesson_students as ls')
    .innerJoin('memberships as m', (j) =>
      j.onRef('m.id', '=', 'ls.student_id').onRef('m.school_id', '=', 'ls.school_id'),
    )
    .where('ls.school_id', '=', schoolId)
    .where('ls.lesson_id', '=', task.lesson_id);
  const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const rows = await base
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('task_submissions as s', (j) =>
      j
        .onRef('s.student_id', '=', 'm.id')
        .on('s.task_id', '=', task.id)
        .on('s.school_id', '=', schoolId),
    )
    .select(['m.id as student_id', 'u.first_name', 'u.last_name', 's.id as submission_id'])
    .orderBy('m.sort_name')
    .orderBy('m.id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { rows, totalCount: countOf(total as { count: number }) };
}

export async function submissionsByIds(db: Kysely<Database>, schoolId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('task_submissions')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

export async function submissionIdsOfTask(db: Kysely<Database>, schoolId: number, taskId: number) {
  const rows = await db
    .selectFrom('task_submissions')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('task_id', '=', taskId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function studentName(db: Kysely<Database>, schoolId: number, studentId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id as student_id', 'u.first_name', 'u.last_name'])
    .where('m.school_id', '=', schoolId)
    .where('m.id', '=', studentId)
    .executeTakeFirstOrThrow();
}
