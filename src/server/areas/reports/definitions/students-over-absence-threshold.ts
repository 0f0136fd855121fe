import { assessmentSettings } from '../../grades/settings';
import { defineReport } from '../definition';
import { msg } from '../msg';
import { datesOf, lessonsInScope, personName } from '../scope';

// Students whose unjustified absences in a lesson reached the school's threshold (the
// number that warns their parents, settings `absence_threshold`); counted the way the
// attendance area counts it: absent and not justified, per lesson.
export const studentsOverAbsenceThreshold = defineReport({
  id: 'students-over-absence-threshold',
  title: msg('Students over the absence threshold'),
  description: msg(
    "Students whose unjustified absences in a lesson reached the school's threshold.",
  ),
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
  ],
  columns: [
    { key: 'student', label: msg('Student'), type: 'text' },
    { key: 'lesson', label: msg('Lesson'), type: 'text' },
    { key: 'unjustified', label: msg('Unjustified absences'), type: 'number' },
    { key: 'threshold', label: msg('Threshold'), type: 'number' },
    { key: 'last_absence', label: msg('Last absence'), type: 'date' },
  ],
  totals: ['unjustified'],
  chart: { kind: 'bar', x: 'lesson', y: ['unjustified'] },
  async rows({ db, schoolId, filters }) {
    const { absenceThreshold } = await assessmentSettings(db, schoolId);
    // A school without a threshold warns nobody, so nobody is over it.
    if (absenceThreshold === 0) return [];
    const lessons = await lessonsInScope(db, schoolId, {
      periodId: filters.period_id,
      levelId: filters.level_id,
      lessonId: filters.lesson_id,
    });
    if (lessons.length === 0) return [];
    const period = await datesOf(db, schoolId, 'periods', filters.period_id);
    let query = db
      .selectFrom('attendance_records as a')
      .innerJoin('memberships as m', (join) =>
        join.onRef('m.id', '=', 'a.student_id').onRef('m.school_id', '=', 'a.school_id'),
      )
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select([
        'a.lesson_id',
        'a.student_id',
        'u.first_name',
        'u.last_name',
        (eb) => eb.fn.countAll<number | string>().as('unjustified'),
        (eb) => eb.fn.max('a.date').as('last_absence'),
      ])
      .where('a.school_id', '=', schoolId)
      .where(
        'a.lesson_id',
        'in',
        lessons.map((l) => l.id),
      )
      .where('a.status', '=', 'absent')
      .where('a.justified', '=', 0);
    if (period)
      query = query.where('a.date', '>=', period.start_date).where('a.date', '<=', period.end_date);
    const rows = await query
      .groupBy(['a.lesson_id', 'a.student_id', 'u.first_name', 'u.last_name'])
      .having((eb) => eb.fn.countAll(), '>=', absenceThreshold)
      .execute();
    const nameOf = new Map(lessons.map((l) => [l.id, l.name]));
    return rows
      .map((r) => ({
        student: personName(r),
        lesson: nameOf.get(r.lesson_id) ?? '',
        unjustified: Number(r.unjustified),
        threshold: absenceThreshold,
        last_absence: String(r.last_absence),
      }))
      .sort(
        (a, b) =>
          b.unjustified - a.unjustified ||
          a.student.localeCompare(b.student, 'el') ||
          a.lesson.localeCompare(b.lesson, 'el'),
      );
  },
});
