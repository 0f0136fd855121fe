import { sql } from 'kysely';
import { msg } from '../msg';
import { defineReport } from '../definition';
import { datesOf, lessonsInScope, monthOf } from '../scope';

// How often students were absent, late or excused in each lesson, month by month. The
// chart sums the lessons of each month; the table keeps them apart.
export const attendanceByLessonMonth = defineReport({
  id: 'attendance-by-lesson-month',
  title: msg('Attendance by lesson and month'),
  description: msg('Absences, late arrivals and excused absences of each lesson, per month.'),
  resource: 'absences',
  filters: [
    {
      key: 'period_id',
      kind: 'period',
      label: msg('Period'),
      required: true,
      defaultsTo: 'current',
    },
    { key: 'level_id', kind: 'level', label: msg('Level'), required: false },
    { key: 'lesson_id', kind: 'lesson', label: msg('Lesson'), required: false },
    { key: 'from', kind: 'date', label: msg('From'), required: false },
    { key: 'to', kind: 'date', label: msg('To'), required: false },
  ],
  columns: [
    { key: 'lesson', label: msg('Lesson'), type: 'text' },
    { key: 'month', label: msg('Month'), type: 'text' },
    { key: 'records', label: msg('Marks taken'), type: 'number' },
    { key: 'absent', label: msg('Absences'), type: 'number' },
    { key: 'unjustified', label: msg('Unjustified absences'), type: 'number' },
    { key: 'late', label: msg('Late arrivals'), type: 'number' },
    { key: 'excused', label: msg('Excused absences'), type: 'number' },
    { key: 'absent_rate', label: msg('Absence rate'), type: 'percent' },
  ],
  totals: ['records', 'absent', 'unjustified', 'late', 'excused', 'absent_rate'],
  chart: { kind: 'bar', x: 'month', y: ['absent', 'late', 'excused'], stacked: true },
  async rows({ db, schoolId, filters }) {
    const lessons = await lessonsInScope(db, schoolId, {
      periodId: filters.period_id,
      levelId: filters.level_id,
      lessonId: filters.lesson_id,
    });
    if (lessons.length === 0) return [];
    const period = await datesOf(db, schoolId, 'periods', filters.period_id);
    const from = (filters.from as string | null) ?? period?.start_date ?? null;
    const to = (filters.to as string | null) ?? period?.end_date ?? null;
    const count = (condition: ReturnType<typeof sql<boolean>>) =>
      sql<number | string>`sum(case when ${condition} then 1 else 0 end)`;
    let query = db
      .selectFrom('attendance_records')
      .select([
        'lesson_id',
        monthOf('date').as('month'),
        (eb) => eb.fn.countAll<number | string>().as('records'),
        count(sql<boolean>`status = 'absent'`).as('absent'),
        count(sql<boolean>`status = 'absent' and justified = 0`).as('unjustified'),
        count(sql<boolean>`status = 'late'`).as('late'),
        count(sql<boolean>`status = 'excused'`).as('excused'),
      ])
      .where('school_id', '=', schoolId)
      .where(
        'lesson_id',
        'in',
        lessons.map((l) => l.id),
      );
    if (from) query = query.where('date', '>=', from);
    if (to) query = query.where('date', '<=', to);
    const rows = await query.groupBy(['lesson_id', monthOf('date')]).execute();
    const nameOf = new Map(lessons.map((l) => [l.id, l.name]));
    return rows
      .map((r) => {
        const records = Number(r.records);
        const absent = Number(r.absent);
        return {
          lesson: nameOf.get(r.lesson_id) ?? '',
          month: r.month,
          records,
          absent,
          unjustified: Number(r.unjustified),
          late: Number(r.late),
          excused: Number(r.excused),
          absent_rate: records === 0 ? 0 : Math.round((absent / records) * 1000) / 10,
        };
      })
      .sort((a, b) => a.month.localeCompare(b.month) || a.lesson.localeCompare(b.lesson, 'el'));
  },
  totalsOf(rows) {
    const sum = (key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
    const records = sum('records');
    const absent = sum('absent');
    return {
      records,
      absent,
      unjustified: sum('unjustified'),
      late: sum('late'),
      excused: sum('excused'),
      absent_rate: records === 0 ? 0 : Math.round((absent / records) * 1000) / 10,
    };
  },
});
