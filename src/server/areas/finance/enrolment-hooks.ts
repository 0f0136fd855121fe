import type { Kysely } from 'kysely';
import { ruleError } from '../../http/errors';
import type { Database } from '../../db/schema';
import type { ResourceHooks, SaveContext } from '../../resources/hooks';
import { localDate } from '../calendar/school-time';
import type { MembershipsEnding } from '../people/accounts';
import {
  syncEnrolmentCharges,
  withdrawForDeletedTie,
  withdrawLeavingStudent,
  type EnrolmentWrite,
} from './enrolment';

// Where enrolment is written through the resources, finance follows in the same transaction
// (docs/finance.md, "Enrolment"): a student's lessons, level or guardians; a lesson's students
// or course; a client's children; and a lesson deleted with its students. Each hook names the
// students whose enrolment may have changed, before and after the write, and enrolment.ts
// brings their charges in line. A course or a level deleted withdraws the charges of the items
// it priced.

type Db = Kysely<Database>;
type Students = (trx: Db, schoolId: number, id: number) => Promise<number[]>;

const studentsOfLesson: Students = async (trx, schoolId, lessonId) =>
  (
    await trx
      .selectFrom('lesson_students')
      .select('student_id')
      .where('school_id', '=', schoolId)
      .where('lesson_id', '=', lessonId)
      .execute()
  ).map((r) => r.student_id);

const childrenOfClient: Students = async (trx, schoolId, clientId) =>
  (
    await trx
      .selectFrom('student_guardians')
      .select('student_id')
      .where('school_id', '=', schoolId)
      .where('client_id', '=', clientId)
      .execute()
  ).map((r) => r.student_id);

const theStudent: Students = async (_trx, _schoolId, studentId) => [studentId];

/** The students a lesson had before this write: it may have lost some, or changed course. */
const before = new WeakMap<SaveContext, number[]>();

const writeOf = (save: SaveContext, timeZone: string): EnrolmentWrite => ({
  schoolId: save.ctx.schoolId!,
  userId: save.ctx.user?.id ?? null,
  nowIso: save.nowIso,
  today: localDate(new Date(save.nowIso), timeZone),
  ctx: save.ctx,
});

function sync(save: SaveContext, timeZone: string, studentIds: number[]) {
  return syncEnrolmentCharges(save.trx, writeOf(save, timeZone), studentIds);
}

function withCharges(
  hooks: ResourceHooks,
  timeZone: string,
  studentsOf: Students,
  remembersBefore: boolean,
): ResourceHooks {
  const { beforeSave, afterSave, beforeDelete } = hooks;
  return {
    ...hooks,
    async beforeSave(save, values, created) {
      await beforeSave?.(save, values, created);
      if (remembersBefore && !created && typeof values.id === 'number')
        before.set(save, await studentsOf(save.trx, save.ctx.schoolId!, values.id));
    },
    async afterSave(save, id, values, created) {
      await afterSave?.(save, id, values, created);
      const now = await studentsOf(save.trx, save.ctx.schoolId!, id);
      await sync(save, timeZone, [...(before.get(save) ?? []), ...now]);
    },
    async beforeDelete(save, id) {
      await beforeDelete?.(save, id);
      if (!remembersBefore) return;
      // The lesson's students leave it with the lesson: their links go first (the cascade
      // would take them a moment later in this same transaction), then their charges follow.
      const leaving = await studentsOf(save.trx, save.ctx.schoolId!, id);
      await save.trx
        .deleteFrom('lesson_students')
        .where('school_id', '=', save.ctx.schoolId!)
        .where('lesson_id', '=', id)
        .execute();
      await sync(save, timeZone, leaving);
    },
  };
}

/**
 * A student's own record: lessons, level and guardians; and their deletion (removal from the
 * school), which withdraws their enrolment charges in the same transaction.
 */
export function studentEnrolmentCharges(hooks: ResourceHooks, timeZone: string): ResourceHooks {
  const withSync = withCharges(hooks, timeZone, theStudent, false);
  return {
    ...withSync,
    async beforeDelete(save, id) {
      await withSync.beforeDelete?.(save, id);
      await withdrawLeavingStudent(save.trx, writeOf(save, timeZone), id);
    },
  };
}

/** A lesson: its students and its course, and its deletion. */
export const lessonEnrolmentCharges = (hooks: ResourceHooks, timeZone: string) =>
  withCharges(hooks, timeZone, studentsOfLesson, true);

/**
 * A client's children: a student who gains a payer is charged what they are enrolled in. A
 * client with charges or payments cannot be deleted (they are the school's books, and the foreign
 * keys refuse): the refusal says so, before the database's own.
 */
export function clientEnrolmentCharges(hooks: ResourceHooks, timeZone: string): ResourceHooks {
  const withSync = withCharges(hooks, timeZone, childrenOfClient, false);
  return {
    ...withSync,
    async beforeDelete(save, id) {
      await withSync.beforeDelete?.(save, id);
      await assertClientHasNoFinanceRecords(save.trx, save.ctx.schoolId!, id);
    },
  };
}

/** Refuses (409, in_use) to let a client with charges or payments go: for every path that removes one. */
export async function assertClientHasNoFinanceRecords(trx: Db, schoolId: number, clientId: number) {
  const count = async (table: 'charges' | 'payments') =>
    Number(
      (
        await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('school_id', '=', schoolId)
          .where('client_id', '=', clientId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const charges = await count('charges');
  const payments = await count('payments');
  if (charges + payments === 0) return;
  throw ruleError(
    'conflict',
    { code: 'in_use', params: { count: charges + payments } },
    `This client has ${charges} charge(s) and ${payments} payment(s) in finance, which stay in the school's books, so the client cannot be deleted. Cancel what is not owed instead.`,
  );
}

/** A course or a level: its deletion withdraws what the items it priced charged (in its transaction). */
function withdrawnWithTie(
  hooks: ResourceHooks,
  timeZone: string,
  column: 'course_id' | 'level_id',
): ResourceHooks {
  const { beforeDelete } = hooks;
  return {
    ...hooks,
    async beforeDelete(save, id) {
      await beforeDelete?.(save, id);
      await withdrawForDeletedTie(
        save.trx,
        writeOf(save, timeZone),
        column === 'course_id' ? { course_id: id } : { level_id: id },
      );
    },
  };
}

export const courseDeletionCharges = (hooks: ResourceHooks, timeZone: string) =>
  withdrawnWithTie(hooks, timeZone, 'course_id');

export const levelDeletionCharges = (hooks: ResourceHooks, timeZone: string) =>
  withdrawnWithTie(hooks, timeZone, 'level_id');

/**
 * Memberships ending outside the resources (the Users screen removing a person or a role): a
 * student leaving withdraws their enrolment charges, a client with charges or payments is
 * refused, as when the students and clients lists delete them.
 */
export const financeOnMembershipsEnding =
  (timeZone: string) =>
  async (trx: Db, ending: MembershipsEnding): Promise<void> => {
    const write: EnrolmentWrite = {
      schoolId: ending.schoolId,
      userId: ending.ctx.user?.id ?? null,
      nowIso: ending.nowIso,
      today: localDate(new Date(ending.nowIso), timeZone),
      ctx: ending.ctx,
    };
    for (const membership of ending.memberships) {
      if (membership.role === 'student') await withdrawLeavingStudent(trx, write, membership.id);
      if (membership.role === 'client')
        await assertClientHasNoFinanceRecords(trx, ending.schoolId, membership.id);
    }
  };
