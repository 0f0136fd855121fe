import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { ReportLocale } from '../../../../shared/api/reports';
import { DEFAULT_PALETTE } from '../../../../shared/constants';
import type { GradeScale } from '../../../../shared/grades/average';
import type { Database } from '../../../db/schema';
import { schoolFileKey, streamToBuffer, type ObjectStore } from '../../../files/object-store';
import { notFound } from '../../../http/errors';
import { gradeOf, loadBooks } from '../../grades/book';
import { assessmentSettings } from '../../grades/settings';
import { personName } from '../scope';
import { pdfLocaleOf } from '../words';

// What a report card shows, read for many students at once: the school (name, logo,
// colours, language), the sub-period, and per student every lesson of the sub-period's
// period with its teachers, the sub-period grade (the gradebook's own computation), the
// absences within the sub-period's dates and the teacher's remark.

export interface ReportCardSchool {
  name: string;
  /** The logo as PNG or JPEG bytes (pdfkit's two), or null when the school has none. */
  logo: Buffer | null;
  /** The brand colour (palette `thirdBackground`) and the accent (`secondaryBackground`). */
  brand: string;
  accent: string;
  locale: ReportLocale;
}

export interface ReportCardLesson {
  lesson: string;
  teachers: string;
  grade: number | null;
  absences: number;
  unjustified: number;
  comment: string | null;
}

export interface ReportCardStudent {
  studentId: number;
  name: string;
  level: string | null;
  lessons: ReportCardLesson[];
}

export interface ReportCardFrame {
  school: ReportCardSchool;
  period: string;
  subPeriod: { name: string; start_date: string; end_date: string };
  scale: GradeScale;
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The school's logo as pdfkit can embed it: PNG and JPEG as they are, SVG, WebP and GIF
 * drawn to a PNG (sharp). It is read from the uploads' store (a folder or a bucket), as the
 * login screen's copy is; a missing or unreadable file leaves the card without a logo.
 */
async function logoBytes(storage: ObjectStore, file: string | null): Promise<Buffer | null> {
  if (!file) return null;
  try {
    const stored = await storage.get(schoolFileKey(file));
    if (!stored) return null;
    const bytes = await streamToBuffer(stored.stream);
    const extension = path.extname(file).toLowerCase();
    if (extension === '.png' || extension === '.jpg' || extension === '.jpeg') return bytes;
    return await sharp(bytes, { density: 300 })
      .resize({ height: 240, withoutEnlargement: false })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** The school, the sub-period and its period: the frame every card of a batch shares. */
export async function reportCardFrame(
  db: Kysely<Database>,
  storage: ObjectStore,
  schoolId: number,
  subPeriodId: number,
): Promise<ReportCardFrame> {
  const [school, subPeriod, settings, assessment] = await Promise.all([
    db.selectFrom('schools').select(['name', 'logo']).where('id', '=', schoolId).executeTakeFirst(),
    db
      .selectFrom('sub_periods as s')
      .innerJoin('periods as p', (j) =>
        j.onRef('p.id', '=', 's.period_id').onRef('p.school_id', '=', 's.school_id'),
      )
      .select(['s.name', 's.start_date', 's.end_date', 'p.name as period'])
      .where('s.school_id', '=', schoolId)
      .where('s.id', '=', subPeriodId)
      .executeTakeFirst(),
    db
      .selectFrom('settings')
      .select(['name', 'data'])
      .where('school_id', '=', schoolId)
      .where('name', 'in', ['school_language', 'colors'])
      .execute(),
    assessmentSettings(db, schoolId),
  ]);
  if (!subPeriod) throw notFound('There is no such sub-period.');
  let colors: Record<string, unknown> = {};
  try {
    colors = JSON.parse(settings.find((s) => s.name === 'colors')?.data ?? '{}') as Record<
      string,
      unknown
    >;
  } catch {
    colors = {};
  }
  const colour = (key: 'thirdBackground' | 'secondaryBackground') => {
    const value = colors[key];
    return typeof value === 'string' && HEX.test(value) ? value : DEFAULT_PALETTE[key];
  };
  return {
    school: {
      name: school?.name ?? '',
      logo: await logoBytes(storage, school?.logo ?? null),
      brand: colour('thirdBackground'),
      accent: colour('secondaryBackground'),
      locale: pdfLocaleOf(settings.find((s) => s.name === 'school_language')?.data),
    },
    period: subPeriod.period,
    subPeriod: {
      name: subPeriod.name,
      start_date: subPeriod.start_date,
      end_date: subPeriod.end_date,
    },
    scale: assessment.scale,
  };
}

/** The active students of a level, by name: a level batch's cards, in order. */
export async function studentsOfLevel(db: Kysely<Database>, schoolId: number, levelId: number) {
  const rows = await db
    .selectFrom('memberships')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('role', '=', 'student')
    .where('level_id', '=', levelId)
    .where('active', '=', 1)
    .orderBy('sort_name')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The cards of some students (membership ids) for a sub-period, in the order given. */
export async function reportCardsOf(
  db: Kysely<Database>,
  schoolId: number,
  subPeriodId: number,
  studentIds: number[],
  scale: GradeScale,
): Promise<ReportCardStudent[]> {
  if (studentIds.length === 0) return [];
  const subPeriod = await db
    .selectFrom('sub_periods')
    .select(['id', 'period_id', 'start_date', 'end_date'])
    .where('school_id', '=', schoolId)
    .where('id', '=', subPeriodId)
    .executeTakeFirst();
  if (!subPeriod) throw notFound('There is no such sub-period.');
  const [people, enrolled] = await Promise.all([
    db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('levels as l', (j) =>
        j.onRef('l.id', '=', 'm.level_id').onRef('l.school_id', '=', 'm.school_id'),
      )
      .select(['m.id', 'u.first_name', 'u.last_name', 'l.name as level'])
      .where('m.school_id', '=', schoolId)
      .where('m.role', '=', 'student')
      .where('m.id', 'in', studentIds)
      .execute(),
    db
      .selectFrom('lesson_students as ls')
      .innerJoin('lessons as l', (j) =>
        j.onRef('l.id', '=', 'ls.lesson_id').onRef('l.school_id', '=', 'ls.school_id'),
      )
      .select(['ls.student_id', 'l.id as lesson_id', 'l.name'])
      .where('ls.school_id', '=', schoolId)
      .where('ls.student_id', 'in', studentIds)
      .where('l.period_id', '=', subPeriod.period_id)
      .execute(),
  ]);
  const lessonIds = [...new Set(enrolled.map((e) => e.lesson_id))];
  const [books, teachers, absences, remarks] = await Promise.all([
    lessonIds.length === 0
      ? Promise.resolve(new Map<number, never>())
      : loadBooks(db, schoolId, lessonIds, subPeriod, studentIds, { writable: false }),
    lessonIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('lesson_teachers as lt')
          .innerJoin('memberships as m', (j) =>
            j.onRef('m.id', '=', 'lt.teacher_id').onRef('m.school_id', '=', 'lt.school_id'),
          )
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select(['lt.lesson_id', 'u.first_name', 'u.last_name'])
          .where('lt.school_id', '=', schoolId)
          .where('lt.lesson_id', 'in', lessonIds)
          .orderBy('u.last_name')
          .execute(),
    lessonIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('attendance_records')
          .select((eb) => [
            'student_id',
            'lesson_id',
            eb.fn.countAll<number | string>().as('absences'),
            eb.fn
              .sum<number | string>(eb.case().when('justified', '=', 0).then(1).else(0).end())
              .as('unjustified'),
          ])
          .where('school_id', '=', schoolId)
          .where('student_id', 'in', studentIds)
          .where('lesson_id', 'in', lessonIds)
          .where('status', '=', 'absent')
          .where('date', '>=', subPeriod.start_date)
          .where('date', '<=', subPeriod.end_date)
          .groupBy(['student_id', 'lesson_id'])
          .execute(),
    lessonIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('grade_remarks')
          .select(['student_id', 'lesson_id', 'comment'])
          .where('school_id', '=', schoolId)
          .where('sub_period_id', '=', subPeriod.id)
          .where('student_id', 'in', studentIds)
          .where('lesson_id', 'in', lessonIds)
          .execute(),
  ]);
  const teachersOf = new Map<number, string[]>();
  for (const t of teachers)
    teachersOf.set(t.lesson_id, [...(teachersOf.get(t.lesson_id) ?? []), personName(t)]);
  const key = (studentId: number, lessonId: number) => `${studentId}:${lessonId}`;
  const absent = new Map(absences.map((a) => [key(a.student_id, a.lesson_id), a]));
  const remarkOf = new Map(remarks.map((r) => [key(r.student_id, r.lesson_id), r.comment]));
  const personOf = new Map(people.map((p) => [p.id, p]));
  return studentIds.flatMap((studentId) => {
    const person = personOf.get(studentId);
    if (!person) return [];
    const lessons = enrolled
      .filter((e) => e.student_id === studentId)
      .sort((a, b) => a.name.localeCompare(b.name, 'el'))
      .map((e): ReportCardLesson => {
        const book = books.get(e.lesson_id);
        const counted = absent.get(key(studentId, e.lesson_id));
        return {
          lesson: e.name,
          teachers: (teachersOf.get(e.lesson_id) ?? []).join(', '),
          // The office's copy: every grade, published or not, as the report's own grid.
          grade: book ? gradeOf(book, studentId, scale, true).value : null,
          absences: Number(counted?.absences ?? 0),
          unjustified: Number(counted?.unjustified ?? 0),
          comment: remarkOf.get(key(studentId, e.lesson_id)) ?? null,
        };
      });
    return [{ studentId, name: personName(person), level: person.level, lessons }];
  });
}
