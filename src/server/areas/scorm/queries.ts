import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { lessonsOf, type TeachingCaller } from '../lessons/teaching-access';
import type { ScormAttemptsTable, ScormPackagesTable } from './tables';

export type PackageRow = Selectable<ScormPackagesTable> & { lesson_name: string };
export type AttemptRow = Selectable<ScormAttemptsTable>;

const packages = (db: Kysely<Database>) =>
  db
    .selectFrom('scorm_packages as p')
    .innerJoin('lessons as l', (join) =>
      join.onRef('l.id', '=', 'p.lesson_id').onRef('l.school_id', '=', 'p.school_id'),
    )
    .selectAll('p')
    .select('l.name as lesson_name');

export async function packageInSchool(
  db: Kysely<Database>,
  schoolId: number,
  id: number,
): Promise<PackageRow | undefined> {
  return packages(db).where('p.school_id', '=', schoolId).where('p.id', '=', id).executeTakeFirst();
}

/** Any school's package: the content link, which is its own permission, names only an id. */
export async function packageById(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('scorm_packages')
    .select(['id', 'school_id', 'version', 'storage_key'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface PackageListOptions {
  page: number;
  perPage: number;
  lessonId?: number;
  sort: 'created_at' | 'title';
  order: 'asc' | 'desc';
}

/** A page of the packages of the caller's lessons. */
export async function listPackages(
  db: Kysely<Database>,
  caller: TeachingCaller,
  options: PackageListOptions,
): Promise<{ rows: PackageRow[]; totalCount: number }> {
  const lessons = lessonsOf(caller);
  const base = db
    .selectFrom('scorm_packages as p')
    .where('p.school_id', '=', caller.schoolId)
    .$if(lessons !== null, (q) => q.where(sql<boolean>`p.lesson_id in (${lessons})`))
    .$if(options.lessonId !== undefined, (q) => q.where('p.lesson_id', '=', options.lessonId!));
  const total = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  const ids = (
    await base
      .select('p.id')
      .orderBy(`p.${options.sort}`, options.order)
      .orderBy('p.id', options.order)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute()
  ).map((r) => r.id);
  const rows =
    ids.length === 0
      ? []
      : await packages(db)
          .where('p.school_id', '=', caller.schoolId)
          .where('p.id', 'in', ids)
          .execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { rows, totalCount: Number(total?.count ?? 0) };
}

export async function insertPackage(db: Kysely<Database>, row: Insertable<ScormPackagesTable>) {
  return (
    await db.insertInto('scorm_packages').values(row).returning('id').executeTakeFirstOrThrow()
  ).id;
}

/** The attempts of some students in some packages, oldest first. */
export async function attemptsOf(
  db: Kysely<Database>,
  schoolId: number,
  packageIds: number[],
  studentIds: number[] | null,
): Promise<AttemptRow[]> {
  if (packageIds.length === 0 || studentIds?.length === 0) return [];
  return db
    .selectFrom('scorm_attempts')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('package_id', 'in', packageIds)
    .$if(studentIds !== null, (q) => q.where('student_id', 'in', studentIds!))
    .orderBy('package_id')
    .orderBy('student_id')
    .orderBy('number')
    .execute();
}

export async function latestAttempt(
  db: Kysely<Database>,
  schoolId: number,
  packageId: number,
  studentId: number,
): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('scorm_attempts')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('package_id', '=', packageId)
    .where('student_id', '=', studentId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The students of some lessons with their names, by lesson. */
export async function studentsOfLessons(
  db: Kysely<Database>,
  schoolId: number,
  lessonIds: number[],
) {
  if (lessonIds.length === 0) return [];
  return db
    .selectFrom('lesson_students as ls')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.id', '=', 'ls.student_id').onRef('m.school_id', '=', 'ls.school_id'),
    )
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['ls.lesson_id', 'ls.student_id', 'u.first_name', 'u.last_name'])
    .where('ls.school_id', '=', schoolId)
    .where('ls.lesson_id', 'in', lessonIds)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('ls.student_id')
    .execute();
}
