import type { Kysely } from 'kysely';
import { searchTextOf } from '../../../shared/search';
import { plainTextOf, type RichText } from '../../../shared/teaching/rich-text';
import type { Database } from '../../db/schema';
import type { SubmissionStatus } from './tables';

// Demo tasks with work in every state: graded, returned, handed in on time and late,
// drafts and missing, so that every task screen has something to show.

const describe = (line: string): RichText => ({
  root: {
    type: 'root',
    version: 1,
    direction: 'ltr',
    format: '',
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        children: [{ type: 'text', version: 1, text: line }],
      },
    ],
  },
});

const TASKS: {
  title: string;
  text: string;
  dueDays: number;
  acceptLate: boolean;
  published: boolean;
  points: number;
  /** Only in the first lesson (the last entries: the study guide's near days). */
  firstLessonOnly?: boolean;
}[] = [
  {
    title: 'Ασκήσεις κεφαλαίου 1',
    text: 'Λύστε τις ασκήσεις 1 έως 6 της σελίδας 24 και ανεβάστε τις λύσεις σας.',
    dueDays: -7,
    acceptLate: false,
    published: true,
    points: 20,
  },
  {
    title: 'Σύντομη εργασία',
    text: 'Γράψτε μια σύντομη περίληψη του κεφαλαίου (150 λέξεις).',
    dueDays: -3,
    acceptLate: true,
    published: true,
    points: 10,
  },
  {
    title: 'Προετοιμασία για το διαγώνισμα',
    text: 'Επαναληπτικές ασκήσεις: δείξτε όλα τα βήματα.',
    dueDays: 5,
    acceptLate: true,
    published: true,
    points: 30,
  },
  {
    title: 'Project τριμήνου',
    text: 'Ομαδική εργασία: η περιγραφή θα δοθεί στην τάξη.',
    dueDays: 14,
    acceptLate: false,
    published: false,
    points: 50,
  },
  // What the study guide shows as today's, tomorrow's and later work, in the first lesson.
  {
    title: 'Φύλλο εργασίας: ασκήσεις εμπέδωσης',
    text: 'Συμπληρώστε το φύλλο εργασίας της ημέρας.',
    dueDays: 0,
    acceptLate: true,
    published: true,
    points: 10,
    firstLessonOnly: true,
  },
  {
    title: 'Ερωτήσεις κατανόησης',
    text: 'Απαντήστε σύντομα στις πέντε ερωτήσεις στο τέλος του κεφαλαίου.',
    dueDays: 1,
    acceptLate: true,
    published: true,
    points: 10,
    firstLessonOnly: true,
  },
  {
    title: 'Εργασία επανάληψης τριμήνου',
    text: 'Λύστε τα επαναληπτικά θέματα και γράψτε τις απορίες σας.',
    dueDays: 20,
    acceptLate: false,
    published: true,
    points: 20,
    firstLessonOnly: true,
  },
];

/**
 * A revision sheet due within the current week and month whatever the day (in two days, or
 * sooner near a Sunday or a month's end), so that the calendar's week shows a task due.
 */
function revisionSheet(now: Date): (typeof TASKS)[number] {
  const daysToSunday = (7 - now.getUTCDay()) % 7;
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const daysToMonthEnd = monthEnd.getUTCDate() - now.getUTCDate();
  return {
    title: 'Φυλλάδιο επανάληψης',
    text: 'Λύστε το φυλλάδιο επανάληψης που μοιράστηκε στην τάξη· γράψτε τις λύσεις καθαρά.',
    dueDays: Math.min(2, daysToSunday, daysToMonthEnd),
    acceptLate: true,
    published: true,
    points: 15,
  };
}

type Work = { status: SubmissionStatus; late?: boolean; points?: number; feedback?: string } | null;

/** What each student did with a task, by the task's place and the student's. */
function workFor(task: number, student: number, points: number): Work {
  const k = (student + task) % 6;
  if (task === 0)
    return [
      { status: 'graded', points: points - 2, feedback: 'Πολύ καλή δουλειά· προσοχή στα πρόσημα.' },
      { status: 'graded', points: Math.round(points * 0.6), feedback: 'Λείπουν οι αιτιολογήσεις.' },
      {
        status: 'returned',
        points: null as never,
        feedback: 'Ξαναδές την άσκηση 4 και ανέβασε τη διορθωμένη λύση.',
      },
      { status: 'submitted' },
      null,
      { status: 'graded', points, feedback: 'Άριστα!' },
    ][k] as Work;
  if (task === 1)
    return [
      { status: 'submitted', late: true },
      { status: 'submitted' },
      null,
      { status: 'graded', points: points - 1, feedback: 'Καλή σύνοψη.' },
      { status: 'draft' },
      { status: 'submitted' },
    ][k] as Work;
  if (task === 2)
    return [{ status: 'draft' }, null, { status: 'submitted' }, null, { status: 'draft' }, null][
      k
    ] as Work;
  return null;
}

/** Tasks for the first lessons with their students' work; returns task ids per lesson. */
export async function seedTasks(
  db: Kysely<Database>,
  input: {
    schoolId: number;
    lessons: number[];
    authorUserId: number;
    graderUserId: number;
    now: Date;
    demoStudent?: number;
  },
): Promise<Map<number, number[]>> {
  const at = (days: number) => new Date(input.now.getTime() + days * 86_400_000).toISOString();
  // What has happened (work handed in, grades) happened before now, however soon a task is due.
  const past = (days: number) => at(Math.min(days, -0.1));
  // Tasks fall due in the evening (18:00 UTC, 20:00 or 21:00 in Athens), as teachers set them.
  const evening = (days: number) => {
    const day = new Date(input.now.getTime() + days * 86_400_000);
    day.setUTCHours(18, 0, 0, 0);
    // Today's task is still ahead when the demo is made in the evening.
    if (days === 0 && day.getTime() < input.now.getTime() + 2 * 3_600_000) return at(2 / 24);
    return day.toISOString();
  };
  const lessons = input.lessons.slice(0, 6);
  // Every lesson's tasks, in order; the first lesson also gets the study guide's extra ones.
  const tasksOf = (l: number) =>
    [...TASKS, revisionSheet(input.now)].filter((task) => l === 0 || !task.firstLessonOnly);
  const rows = lessons.flatMap((lessonId, l) =>
    tasksOf(l).map((task) => {
      const description = describe(task.text);
      return {
        school_id: input.schoolId,
        lesson_id: lessonId,
        title: task.title,
        description: JSON.stringify(description),
        description_text: plainTextOf(description),
        search_text: searchTextOf([task.title, task.text]),
        open_at: at(task.dueDays - 10),
        due_at: evening(task.dueDays),
        points: task.points,
        accept_late: task.acceptLate ? 1 : 0,
        published: task.published ? 1 : 0,
        published_at: task.published ? at(task.dueDays - 10) : null,
        author_user_id: input.authorUserId,
        created_at: at(task.dueDays - 11),
        updated_at: at(task.dueDays - 10),
      };
    }),
  );
  const inserted = await db
    .insertInto('tasks')
    .values(rows)
    .returning(['id', 'lesson_id'])
    .execute();
  const byLesson = new Map<number, number[]>();
  for (const row of inserted)
    byLesson.set(row.lesson_id, [...(byLesson.get(row.lesson_id) ?? []), row.id]);

  const enrolments = await db
    .selectFrom('lesson_students')
    .select(['lesson_id', 'student_id'])
    .where('school_id', '=', input.schoolId)
    .where('lesson_id', 'in', lessons)
    .orderBy('lesson_id')
    .orderBy('student_id')
    .execute();
  const submissions = enrolments.flatMap(({ lesson_id, student_id }, s) =>
    (byLesson.get(lesson_id) ?? []).flatMap((taskId, t) => {
      const task = tasksOf(lessons.indexOf(lesson_id))[t]!;
      // The demo student's first lesson shows one of each: graded, late, a draft.
      const place = student_id === input.demoStudent ? ([0, 0, 4, 0][t] ?? s) : s;
      const work = workFor(t, place, task.points);
      if (!work) return [];
      const handedIn = work.status !== 'draft';
      const submittedAt = work.late ? past(task.dueDays + 1) : past(task.dueDays - 1);
      return [
        {
          school_id: input.schoolId,
          task_id: taskId,
          student_id,
          text: handedIn
            ? 'Οι λύσεις μου είναι στο συνημμένο αρχείο.'
            : 'Πρόχειρο: ξεκίνησα τις πρώτες ασκήσεις.',
          status: work.status,
          submitted_at: handedIn ? submittedAt : null,
          late: work.late ? 1 : 0,
          points: work.points ?? null,
          feedback: work.feedback ?? null,
          graded_at: work.status === 'graded' ? past(task.dueDays + 2) : null,
          graded_by_user_id: work.status === 'graded' ? input.graderUserId : null,
          updated_at: handedIn ? submittedAt : at(-1),
        },
      ];
    }),
  );
  for (let i = 0; i < submissions.length; i += 400)
    await db
      .insertInto('task_submissions')
      .values(submissions.slice(i, i + 400))
      .execute();
  return byLesson;
}
