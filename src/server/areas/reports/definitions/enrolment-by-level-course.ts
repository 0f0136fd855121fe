import { sql } from 'kysely';
import { defineReport } from '../definition';
import { msg } from '../msg';

// How many students each level and course holds in a period: the lessons that run, the
// places taken (a student in two lessons of a course counts twice) and the distinct students.
export const enrolmentByLevelCourse = defineReport({
  id: 'enrolment-by-level-course',
  title: msg('Enrolment by level and course'),
  description: msg('Lessons, places taken and students of each level and course in a period.'),
  resource: 'students',
  filters: [
    {
      key: 'period_id',
      kind: 'period',
      label: msg('Period'),
      required: true,
      defaultsTo: 'current',
    },
    { key: 'level_id', kind: 'level', label: msg('Level'), required: false },
    { key: 'course_id', kind: 'course', label: msg('Course'), required: false },
  ],
  columns: [
    { key: 'level', label: msg('Level'), type: 'text' },
    { key: 'course', label: msg('Course'), type: 'text' },
    { key: 'lessons', label: msg('Lessons'), type: 'number' },
    { key: 'enrolments', label: msg('Places taken'), type: 'number' },
    { key: 'students', label: msg('Students'), type: 'number' },
  ],
  totals: ['lessons', 'enrolments'],
  chart: { kind: 'bar', x: 'level', y: ['enrolments'] },
  async rows({ db, schoolId, filters }) {
    let query = db
      .selectFrom('lessons as l')
      .leftJoin('levels as lv', (join) =>
        join.onRef('lv.id', '=', 'l.level_id').onRef('lv.school_id', '=', 'l.school_id'),
      )
      .leftJoin('courses as c', (join) =>
        join.onRef('c.id', '=', 'l.course_id').onRef('c.school_id', '=', 'l.school_id'),
      )
      .leftJoin('lesson_students as ls', (join) =>
        join.onRef('ls.lesson_id', '=', 'l.id').onRef('ls.school_id', '=', 'l.school_id'),
      )
      .select([
        'lv.name as level',
        'lv.sort_order as level_order',
        'c.name as course',
        sql<number | string>`count(distinct l.id)`.as('lessons'),
        sql<number | string>`count(ls.id)`.as('enrolments'),
        sql<number | string>`count(distinct ls.student_id)`.as('students'),
      ])
      .where('l.school_id', '=', schoolId);
    if (typeof filters.period_id === 'number')
      query = query.where('l.period_id', '=', filters.period_id);
    if (typeof filters.level_id === 'number')
      query = query.where('l.level_id', '=', filters.level_id);
    if (typeof filters.course_id === 'number')
      query = query.where('l.course_id', '=', filters.course_id);
    const rows = await query
      .groupBy(['lv.id', 'lv.name', 'lv.sort_order', 'c.id', 'c.name'])
      .execute();
    return rows
      .sort(
        (a, b) =>
          (a.level_order ?? 1e9) - (b.level_order ?? 1e9) ||
          (a.level ?? '').localeCompare(b.level ?? '', 'el') ||
          (a.course ?? '').localeCompare(b.course ?? '', 'el'),
      )
      .map((r) => ({
        level: r.level ?? '—',
        course: r.course ?? '—',
        lessons: Number(r.lessons),
        enrolments: Number(r.enrolments),
        students: Number(r.students),
      }));
  },
  totalsOf(rows) {
    const sum = (key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
    // Students in several courses are counted once per course above; the total counts places.
    return { lessons: sum('lessons'), enrolments: sum('enrolments') };
  },
});
