import { defineReport } from '../definition';
import { gradesOfLessons, passMarkOf } from '../grades-of-lessons';
import { msg } from '../msg';

// Students whose sub-period grade in a lesson is below the pass mark, lowest first: the
// list a head of school reads before the parents' meetings.
export const studentsAtRisk = defineReport({
  id: 'students-at-risk',
  title: msg('Students at risk'),
  description: msg('Students whose sub-period grade in a lesson is below the pass mark.'),
  resource: 'lessons',
  filters: [
    {
      key: 'sub_period_id',
      kind: 'sub_period',
      label: msg('Sub-period'),
      required: true,
      defaultsTo: 'current',
    },
    { key: 'level_id', kind: 'level', label: msg('Level'), required: false },
    { key: 'lesson_id', kind: 'lesson', label: msg('Lesson'), required: false },
  ],
  columns: [
    { key: 'student', label: msg('Student'), type: 'text' },
    { key: 'lesson', label: msg('Lesson'), type: 'text' },
    { key: 'grade', label: msg('Grade'), type: 'number' },
    { key: 'pass_mark', label: msg('Pass mark'), type: 'number' },
    { key: 'gap', label: msg('Below by'), type: 'number' },
  ],
  // The totals row counts the students in the student column.
  totals: ['student'],
  chart: { kind: 'bar', x: 'lesson', y: [], count: msg('Students at risk') },
  async rows({ db, schoolId, filters }) {
    const { grades, scaleMax } = await gradesOfLessons(
      db,
      schoolId,
      filters.sub_period_id as number | null,
      { levelId: filters.level_id, lessonId: filters.lesson_id },
    );
    const passMark = passMarkOf(scaleMax);
    return grades
      .filter((g) => g.grade !== null && g.grade < passMark)
      .map((g) => ({
        student: g.student,
        lesson: g.lesson,
        grade: g.grade,
        pass_mark: passMark,
        gap: Math.round((passMark - g.grade!) * 100) / 100,
      }))
      .sort(
        (a, b) =>
          a.grade! - b.grade! ||
          a.student.localeCompare(b.student, 'el') ||
          a.lesson.localeCompare(b.lesson, 'el'),
      );
  },
  totalsOf(rows) {
    return { student: rows.length };
  },
});
