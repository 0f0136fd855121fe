import type { Kysely } from 'kysely';
import { searchTextOf } from '../../../shared/search';
import { plainTextOf, type RichText } from '../../../shared/teaching/rich-text';
import type { Database } from '../../db/schema';
import { DEMO_CHAPTERS } from '../chapters/seed';

// Demo lesson templates with their own chapters and tasks, so that the teacher's templates
// screen has material to show and a lesson made from one gets real copies.

const paragraph = (line: string): RichText => ({
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

interface TemplateTask {
  title: string;
  text: string;
  points: number;
  acceptLate: boolean;
  opens: number;
  due: number;
}

const TEMPLATES: {
  name: string;
  course: string;
  minutes: number;
  description: string;
  /** Index in DEMO_CHAPTERS (the demo's course order). */
  chapters: number;
  tasks: TemplateTask[];
}[] = [
  {
    name: 'Άλγεβρα Β΄ Λυκείου — πρότυπο',
    course: 'Mathematics',
    minutes: 90,
    description: 'Εξισώσεις, ανισώσεις και τριγωνομετρία για τη Β΄ Λυκείου, σε 12 εβδομάδες.',
    chapters: 0,
    tasks: [
      {
        title: 'Ασκήσεις: δευτεροβάθμιες εξισώσεις',
        text: 'Λύστε τις ασκήσεις 1 έως 8 και δείξτε τον υπολογισμό της διακρίνουσας.',
        points: 20,
        acceptLate: true,
        opens: 0,
        due: 7,
      },
      {
        title: 'Τριγωνομετρικοί αριθμοί: φύλλο εργασίας',
        text: 'Συμπληρώστε τον πίνακα των τριγωνομετρικών αριθμών και λύστε τα δύο προβλήματα.',
        points: 15,
        acceptLate: false,
        opens: 7,
        due: 14,
      },
      {
        title: 'Επαναληπτικό διαγώνισμα',
        text: 'Διαγώνισμα μίας ώρας σε όλη την ύλη του τριμήνου.',
        points: 50,
        acceptLate: false,
        opens: 21,
        due: 28,
      },
    ],
  },
  {
    name: 'Φυσική Α΄ Λυκείου — πρότυπο',
    course: 'Physics',
    minutes: 90,
    description: 'Κινηματική και δυναμική του υλικού σημείου, με εργαστηριακές ασκήσεις.',
    chapters: 1,
    tasks: [
      {
        title: 'Εργαστήριο: μέτρηση επιτάχυνσης',
        text: 'Καταγράψτε τις μετρήσεις σας σε πίνακα και σχεδιάστε το διάγραμμα ταχύτητας–χρόνου.',
        points: 25,
        acceptLate: true,
        opens: 0,
        due: 10,
      },
      {
        title: 'Προβλήματα στους νόμους του Νεύτωνα',
        text: 'Λύστε τα προβλήματα 3, 5 και 9 του σχολικού βιβλίου.',
        points: 20,
        acceptLate: true,
        opens: 10,
        due: 17,
      },
    ],
  },
];

/** The demo templates of a school, with their chapters and tasks; returns their ids. */
export async function seedLessonTemplates(
  db: Kysely<Database>,
  schoolId: number,
): Promise<number[]> {
  const courses = await db
    .selectFrom('courses')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .execute();
  const courseId = (name: string) => courses.find((c) => c.name === name)?.id ?? null;
  const ids: number[] = [];
  for (const template of TEMPLATES) {
    const { id } = await db
      .insertInto('lesson_templates')
      .values({
        school_id: schoolId,
        name: template.name,
        course_id: courseId(template.course),
        duration_minutes: template.minutes,
        description: template.description,
        search_text: searchTextOf([template.name]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
    await db
      .insertInto('lesson_template_chapters')
      .values(
        DEMO_CHAPTERS[template.chapters]!.map(([title, content], i) => ({
          school_id: schoolId,
          template_id: id,
          title,
          content: JSON.stringify(content),
          content_text: plainTextOf(content),
          sort_order: i + 1,
        })),
      )
      .execute();
    await db
      .insertInto('lesson_template_tasks')
      .values(
        template.tasks.map((task, i) => {
          const description = paragraph(task.text);
          return {
            school_id: schoolId,
            template_id: id,
            title: task.title,
            description: JSON.stringify(description),
            description_text: plainTextOf(description),
            points: task.points,
            accept_late: task.acceptLate ? 1 : 0,
            open_offset_days: task.opens,
            due_offset_days: task.due,
            sort_order: i + 1,
          };
        }),
      )
      .execute();
  }
  return ids;
}
