import type { Kysely } from 'kysely';
import {
  planInstallments,
  planProblem,
  type PlannedInstallment,
} from '../../../shared/finance/plan';
import type { Database } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { recordAudit } from '../../audit/audit-log';
import { applyCredit, writeCharge } from './charges';
import * as q from './queries';

// Charges made by enrolment (docs/finance.md, "Enrolment"). A pricing item tied to a lesson, a
// course or a level applies to the students of that lesson, of any lesson of that course, or
// at that level. When a student's enrolment changes, the students it touches are brought in
// line: an item that now applies and has no live charge for the student is charged to the
// student's payer; an enrolment charge whose item no longer applies is withdrawn (its
// installments due after today drop to what was paid of them). What was paid never changes.

type Db = Kysely<Database>;

export interface PricedItem {
  id: number;
  name: string;
  amount_cents: number;
  schedule: 'once' | 'monthly' | 'installments';
  start_date: string;
  end_date: string | null;
  installments: number | null;
  vat_category: string;
  vat_exemption: number | null;
  lesson_id: number | null;
  course_id: number | null;
  level_id: number | null;
  active: number;
}

const tiedItems = (db: Db, schoolId: number) =>
  db
    .selectFrom('pricing_items')
    .select([
      'id',
      'name',
      'amount_cents',
      'schedule',
      'start_date',
      'end_date',
      'installments',
      'vat_category',
      'vat_exemption',
      'lesson_id',
      'course_id',
      'level_id',
      'active',
    ])
    .where('school_id', '=', schoolId)
    .where((eb) =>
      eb.or([
        eb('lesson_id', 'is not', null),
        eb('course_id', 'is not', null),
        eb('level_id', 'is not', null),
      ]),
    )
    .orderBy('id')
    .execute();

/** What a student is enrolled in: lessons, the courses of those lessons, the level. */
interface Enrolment {
  lessons: Set<number>;
  courses: Set<number>;
  level: number | null;
}

/** The most specific tie decides: a lesson's item, else a course's, else a level's. */
export function itemApplies(
  item: Pick<PricedItem, 'lesson_id' | 'course_id' | 'level_id'>,
  enrolment: Enrolment,
): boolean {
  if (item.lesson_id !== null) return enrolment.lessons.has(item.lesson_id);
  if (item.course_id !== null) return enrolment.courses.has(item.course_id);
  if (item.level_id !== null) return enrolment.level === item.level_id;
  return false;
}

const CHUNK = 500;
const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) =>
    list.slice(i * CHUNK, (i + 1) * CHUNK),
  );

async function enrolmentsOf(db: Db, schoolId: number, studentIds: number[]) {
  const enrolments = new Map<number, Enrolment>();
  for (const part of chunks(studentIds)) {
    const students = await db
      .selectFrom('memberships')
      .select(['id', 'level_id'])
      .where('school_id', '=', schoolId)
      .where('role', '=', 'student')
      .where('id', 'in', part)
      .execute();
    for (const s of students)
      enrolments.set(s.id, { lessons: new Set(), courses: new Set(), level: s.level_id });
    const lessons = await db
      .selectFrom('lesson_students as ls')
      .innerJoin('lessons as l', (j) =>
        j.onRef('l.id', '=', 'ls.lesson_id').onRef('l.school_id', '=', 'ls.school_id'),
      )
      .select(['ls.student_id', 'ls.lesson_id', 'l.course_id'])
      .where('ls.school_id', '=', schoolId)
      .where('ls.student_id', 'in', part)
      .execute();
    for (const row of lessons) {
      const e = enrolments.get(row.student_id);
      if (!e) continue;
      e.lessons.add(row.lesson_id);
      if (row.course_id !== null) e.courses.add(row.course_id);
    }
  }
  return enrolments;
}

/** The charges of these students for these items that are not withdrawn, hand-made or not. */
async function liveCharges(db: Db, schoolId: number, studentIds: number[], itemIds: number[]) {
  const rows: { id: number; student_id: number; pricing_item_id: number; enrolment: number }[] = [];
  for (const part of chunks(studentIds)) {
    const found = await db
      .selectFrom('charges')
      .select(['id', 'student_id', 'pricing_item_id', 'enrolment'])
      .where('school_id', '=', schoolId)
      .where('student_id', 'in', part)
      .where('pricing_item_id', 'in', itemIds)
      .where('withdrawn_on', 'is', null)
      .execute();
    for (const r of found)
      rows.push({
        id: r.id,
        student_id: r.student_id!,
        pricing_item_id: r.pricing_item_id!,
        enrolment: r.enrolment,
      });
  }
  return rows;
}

/** The last due date a withdrawn charge of this student and item kept: already charged up to it. */
async function chargedUntil(db: Db, schoolId: number, studentId: number, itemId: number) {
  const row = await db
    .selectFrom('installments as i')
    .innerJoin('charges as c', (j) =>
      j.onRef('c.id', '=', 'i.charge_id').onRef('c.school_id', '=', 'i.school_id'),
    )
    .select((eb) => eb.fn.max('i.due_date').as('last'))
    .where('c.school_id', '=', schoolId)
    .where('c.student_id', '=', studentId)
    .where('c.pricing_item_id', '=', itemId)
    .where('c.withdrawn_on', 'is not', null)
    .where('i.amount_cents', '>', 0)
    .executeTakeFirst();
  return row?.last ?? null;
}

/**
 * The part of an item's plan a student joining on `joinedOn` owes: a monthly fee from the
 * month they join (that month in full), every other plan whole; nothing a withdrawn charge of
 * the same item already charged (a student who comes back); dates already past fall due on
 * the day they join, so that nothing is born overdue. Without `joinedOn` (the office's
 * "Charge the enrolled students", which cannot know when each student joined): the whole
 * plan on its own dates, less what was already charged.
 */
export function enrolmentPlan(
  item: Pick<PricedItem, 'schedule' | 'amount_cents' | 'start_date' | 'end_date' | 'installments'>,
  joinedOn: string | null,
  chargedUpTo: string | null,
): PlannedInstallment[] {
  if (planProblem(item)) return [];
  let plan = planInstallments(item);
  if (chargedUpTo !== null) plan = plan.filter((i) => i.due_date > chargedUpTo);
  if (joinedOn === null) return plan;
  if (item.schedule === 'monthly')
    plan = plan.filter((i) => i.due_date.slice(0, 7) >= joinedOn.slice(0, 7));
  return plan.map((i) => (i.due_date < joinedOn ? { ...i, due_date: joinedOn } : i));
}

export interface EnrolmentWrite {
  schoolId: number;
  /** Who changed the enrolment (the charge's author); null for a system change. */
  userId: number | null;
  nowIso: string;
  /** The school's today, YYYY-MM-DD. */
  today: string;
  ctx: RequestContext;
}

/**
 * Charges one student for one item, to the student's first guardian (the payer). Returns the
 * charge's id, or null when there is nothing to charge or nobody to charge it to.
 */
export async function chargeStudentForItem(
  trx: Db,
  w: EnrolmentWrite,
  studentId: number,
  item: PricedItem,
  joinedOn: string | null,
): Promise<number | null> {
  const payer = (await q.payersOf(trx, w.schoolId, studentId))[0];
  if (!payer) return null;
  const plan = enrolmentPlan(
    item,
    joinedOn,
    await chargedUntil(trx, w.schoolId, studentId, item.id),
  );
  if (plan.length === 0) return null;
  const id = await writeCharge(
    trx,
    w.schoolId,
    {
      clientId: payer.client_id,
      studentId,
      pricingItemId: item.id,
      description: item.name,
      plan,
      vatCategory: item.vat_category,
      vatExemption: item.vat_exemption,
      discount: null,
      enrolment: true,
    },
    w.userId,
    w.nowIso,
  );
  if (id === null) return null;
  await applyCredit(trx, w.schoolId, payer.client_id, w.nowIso);
  return id;
}

/** A student left: installments due after today drop to what was paid of them. */
async function withdrawCharge(
  trx: Db,
  w: EnrolmentWrite,
  charge: { id: number; student_id: number },
): Promise<void> {
  await trx
    .updateTable('installments')
    .set((eb) => ({ amount_cents: eb.ref('paid_cents') }))
    .where('school_id', '=', w.schoolId)
    .where('charge_id', '=', charge.id)
    .where('due_date', '>', w.today)
    .execute();
  await trx
    .updateTable('charges')
    .set({ withdrawn_on: w.today, updated_at: w.nowIso })
    .where('school_id', '=', w.schoolId)
    .where('id', '=', charge.id)
    .execute();
  await recordAudit(
    trx,
    w.ctx,
    {
      schoolId: w.schoolId,
      action: 'withdraw',
      entity: 'charge',
      entityId: charge.id,
      detail: { student_id: charge.student_id, on: w.today },
    },
    w.nowIso,
  );
}

/**
 * Brings these students' enrolment charges in line with what they are enrolled in now, inside
 * the enrolment's own transaction. Idempotent: a second call with nothing changed writes nothing.
 */
export async function syncEnrolmentCharges(
  trx: Db,
  w: EnrolmentWrite,
  studentIds: number[],
): Promise<{ charged: number; withdrawn: number }> {
  const result = { charged: 0, withdrawn: 0 };
  const students = [...new Set(studentIds)];
  if (students.length === 0) return result;
  const items = await tiedItems(trx, w.schoolId);
  if (items.length === 0) return result;
  const enrolments = await enrolmentsOf(trx, w.schoolId, students);
  const live = await liveCharges(
    trx,
    w.schoolId,
    students,
    items.map((i) => i.id),
  );
  const liveOf = (studentId: number, itemId: number) =>
    live.filter((c) => c.student_id === studentId && c.pricing_item_id === itemId);
  for (const studentId of students) {
    const enrolment = enrolments.get(studentId);
    if (!enrolment) continue;
    for (const item of items) {
      const charges = liveOf(studentId, item.id);
      if (itemApplies(item, enrolment)) {
        if (charges.length > 0 || !item.active) continue;
        const id = await chargeStudentForItem(trx, w, studentId, item, w.today);
        if (id === null) continue;
        result.charged += 1;
        await recordAudit(
          trx,
          w.ctx,
          {
            schoolId: w.schoolId,
            action: 'create',
            entity: 'charge',
            entityId: id,
            detail: { enrolment: true, student_id: studentId, pricing_item_id: item.id },
          },
          w.nowIso,
        );
      } else {
        // Only what an enrolment made goes with the enrolment; a charge by hand stays.
        for (const charge of charges.filter((c) => c.enrolment === 1)) {
          await withdrawCharge(trx, w, charge);
          result.withdrawn += 1;
        }
      }
    }
  }
  return result;
}

/** The course or level being deleted. */
export type DeletedTie = { course_id: number } | { level_id: number };

/**
 * A course or a level is being deleted, inside the deletion's transaction and before its row
 * goes: the enrolment charges of the items it prices that will apply to their student no more
 * (an item tied to nothing else applies to nobody) are withdrawn by the rule of a student
 * leaving. An item tied more specifically (a lesson's, or a course's when a level goes) keeps
 * its charges; the item itself loses the tie by the foreign key's SET NULL.
 */
export async function withdrawForDeletedTie(
  trx: Db,
  w: EnrolmentWrite,
  tie: DeletedTie,
): Promise<number> {
  const column = 'course_id' in tie ? 'course_id' : 'level_id';
  const gone = 'course_id' in tie ? tie.course_id : tie.level_id;
  const items = (await tiedItems(trx, w.schoolId)).filter((i) => i[column] === gone);
  if (items.length === 0) return 0;
  const charges = await trx
    .selectFrom('charges')
    .select(['id', 'student_id', 'pricing_item_id'])
    .where('school_id', '=', w.schoolId)
    .where('enrolment', '=', 1)
    .where('withdrawn_on', 'is', null)
    .where(
      'pricing_item_id',
      'in',
      items.map((i) => i.id),
    )
    .where('student_id', 'is not', null)
    .orderBy('id')
    .execute();
  if (charges.length === 0) return 0;
  const enrolments = await enrolmentsOf(trx, w.schoolId, [
    ...new Set(charges.map((c) => c.student_id!)),
  ]);
  const byId = new Map(items.map((i) => [i.id, { ...i, [column]: null }]));
  let withdrawn = 0;
  for (const charge of charges) {
    const item = byId.get(charge.pricing_item_id!)!;
    // Their enrolment once the course or level is gone (a student who is no longer one of the
    // school's is enrolled in nothing).
    const enrolment = enrolments.get(charge.student_id!) ?? {
      lessons: new Set<number>(),
      courses: new Set<number>(),
      level: null,
    };
    const after: Enrolment = {
      lessons: enrolment.lessons,
      courses: new Set([...enrolment.courses].filter((c) => column !== 'course_id' || c !== gone)),
      level: column === 'level_id' && enrolment.level === gone ? null : enrolment.level,
    };
    if (itemApplies(item, after)) continue;
    await withdrawCharge(trx, w, { id: charge.id, student_id: charge.student_id! });
    withdrawn += 1;
  }
  return withdrawn;
}

/**
 * A student is being deleted or removed from the school (inside the deletion's transaction,
 * before the membership goes and the foreign key sets the charges' student to none): every live
 * enrolment charge of theirs is withdrawn by the rule of leaving a lesson (installments due after
 * today drop to what was paid of them; what fell due stays owed; nothing paid is rewritten). A
 * charge by hand stays, as when a student leaves a lesson: it is the office's.
 */
export async function withdrawLeavingStudent(
  trx: Db,
  w: EnrolmentWrite,
  studentId: number,
): Promise<number> {
  const charges = await trx
    .selectFrom('charges')
    .select('id')
    .where('school_id', '=', w.schoolId)
    .where('student_id', '=', studentId)
    .where('enrolment', '=', 1)
    .where('withdrawn_on', 'is', null)
    .orderBy('id')
    .execute();
  for (const charge of charges)
    await withdrawCharge(trx, w, { id: charge.id, student_id: studentId });
  return charges.length;
}
