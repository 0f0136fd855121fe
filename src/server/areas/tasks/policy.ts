import type { Kysely } from 'kysely';
import type { Abilities } from '../../../shared/api/teaching';
import type { Database } from '../../db/schema';
import { forbidden, ruleError, type ApiError } from '../../http/errors';
import { taughtAmong, visibleCondition, type TeachingCaller } from '../lessons/teaching-access';
import type { SubmissionStatus } from './tables';

// Tasks and submissions: who may do what. The one place.
//
// - The office reads every task; with the lessons write permission it changes them and grades.
// - A teacher sets, changes and grades the tasks of lessons they teach (drafts included).
// - A student reads the published tasks of lessons they attend and changes only their own
//   work: from the task's opening until its due date, later only when the task accepts late
//   work (flagged late) or the teacher returned it for another try; never once graded.
// - A parent reads their children's published tasks with state, grade and feedback.
// - Nobody but its student, their parents, the lesson's teachers and the office sees a
//   submission; students never see each other's.

/** Rows of `tasks as t` the caller may read. */
export const readableTasks = (caller: TeachingCaller) =>
  visibleCondition(caller, 't.lesson_id', 't.published');

export async function taskAbilities(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonIds: number[],
): Promise<(lessonId: number) => Abilities> {
  const writable = await taughtAmong(db, caller, lessonIds);
  return (lessonId) => ({ update: writable.has(lessonId), delete: writable.has(lessonId) });
}

export function assertStudent(caller: TeachingCaller): void {
  if (caller.role !== 'student') throw forbidden('Only students hand in work.');
}

interface TaskTimes {
  open_at: string;
  due_at: string;
  accept_late: number;
}

/**
 * Why a student may not change their work now, or null when they may. `nowIso` and the
 * task's instants are ISO text in UTC, so they compare as text.
 */
export function submissionRefusal(
  task: TaskTimes,
  status: SubmissionStatus | null,
  nowIso: string,
): ApiError | null {
  if (nowIso < task.open_at)
    return ruleError(
      'conflict',
      { code: 'not_open_yet', params: { open_at: task.open_at } },
      'This task is not open yet.',
    );
  if (status === 'graded')
    return ruleError(
      'conflict',
      { code: 'already_graded' },
      'This work is graded; your teacher may return it for another try.',
    );
  const pastDue = nowIso > task.due_at;
  if (!pastDue) return null;
  // Returned work is the teacher's invitation to try again, whatever the date.
  if (status === 'returned') return null;
  if (status === 'submitted')
    return ruleError(
      'conflict',
      { code: 'past_due', params: { due_at: task.due_at } },
      'The due date has passed: handed-in work can no longer change.',
    );
  // Nothing handed in yet: late work only where the task takes it (a draft that can never be
  // handed in is refused too, so that the student is told now).
  if (task.accept_late === 1) return null;
  return ruleError(
    'conflict',
    { code: 'late_not_accepted', params: { due_at: task.due_at } },
    'The due date has passed and this task does not accept late work.',
  );
}

/** Grading: only handed-in work, within the task's points. */
export function gradingRefusal(
  status: SubmissionStatus,
  points: number | null | undefined,
  maxPoints: number,
): ApiError | null {
  if (status !== 'submitted' && status !== 'graded')
    return ruleError(
      'conflict',
      { code: 'not_handed_in' },
      'Only handed-in work can be graded or returned.',
    );
  if (points !== undefined && points !== null && points > maxPoints)
    return ruleError(
      'validation',
      { code: 'points_over_max', field: 'points', params: { max: maxPoints } },
      `This task is worth at most ${maxPoints} points.`,
    );
  return null;
}
