import { defineReport } from '../definition';
import { gradesOfLessons } from '../grades-of-lessons';
import { msg } from '../msg';

// How each lesson's sub-period grades spread over five bands of the scale (below the pass
// mark, then up to excellent), with the lesson's mean. Bands are shares of the scale, so
// the report reads the same on a 20, 10 or 100 scale.

/** Lower bounds as shares of the scale; a grade falls in the last band whose bound it reaches. */
const BANDS = [
  { key: 'band_fail', from: 0 },
  { key: 'band_pass', from: 0.5 },
  { key: 'band_good', from: 0.65 },
  { key: 'band_very_good', from: 0.8 },
  { key: 'band_excellent', from: 0.925 },
] as const;

export const bandOf = (grade: number, scaleMax: number) =>
  [...BANDS].reverse().find((b) => grade >= b.from * scaleMax - 1e-9)!.key;

const round2 = (value: number) => Math.round(value * 100) / 100;

export const gradesDistribution = defineReport({
  id: 'grades-distribution',
  title: msg('Grades distribution'),
  description: msg(
    "How each lesson's sub-period grades spread over the scale, with the mean and the students below the pass mark.",
  ),
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
    { key: 'lesson', label: msg('Lesson'), type: 'text' },
    { key: 'students', label: msg('Students'), type: 'number' },
    { key: 'graded', label: msg('Students graded'), type: 'number' },
    { key: 'mean', label: msg('Mean'), type: 'number' },
    { key: 'band_fail', label: msg('Below the pass mark'), type: 'number' },
    { key: 'band_pass', label: msg('50–64%'), type: 'number' },
    { key: 'band_good', label: msg('65–79%'), type: 'number' },
    { key: 'band_very_good', label: msg('80–92%'), type: 'number' },
    { key: 'band_excellent', label: msg('93–100%'), type: 'number' },
  ],
  totals: ['students', 'graded', 'mean', ...BANDS.map((b) => b.key)],
  chart: { kind: 'bar', x: 'lesson', y: BANDS.map((b) => b.key), stacked: true },
  async rows({ db, schoolId, filters }) {
    const { grades, scaleMax } = await gradesOfLessons(
      db,
      schoolId,
      filters.sub_period_id as number | null,
      { levelId: filters.level_id, lessonId: filters.lesson_id },
    );
    const byLesson = new Map<number, typeof grades>();
    for (const g of grades) byLesson.set(g.lessonId, [...(byLesson.get(g.lessonId) ?? []), g]);
    return [...byLesson.values()]
      .map((list) => {
        const graded = list.flatMap((g) => (g.grade === null ? [] : [g.grade]));
        const row: Record<string, string | number | null> = {
          lesson: list[0]!.lesson,
          students: list.length,
          graded: graded.length,
          mean:
            graded.length === 0 ? null : round2(graded.reduce((s, v) => s + v, 0) / graded.length),
        };
        for (const band of BANDS) row[band.key] = 0;
        for (const grade of graded) {
          const key = bandOf(grade, scaleMax);
          row[key] = (row[key] as number) + 1;
        }
        return row;
      })
      .sort((a, b) => String(a.lesson).localeCompare(String(b.lesson), 'el'));
  },
  totalsOf(rows) {
    const sum = (key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
    const graded = sum('graded');
    // The school's mean weighs each lesson by its graded students.
    const weighted = rows.reduce((s, r) => s + Number(r.mean ?? 0) * Number(r.graded ?? 0), 0);
    return {
      students: sum('students'),
      graded,
      mean: graded === 0 ? null : round2(weighted / graded),
      ...Object.fromEntries(BANDS.map((b) => [b.key, sum(b.key)])),
    };
  },
});
