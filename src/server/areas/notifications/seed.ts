import type { SeedDb } from '../../db/seed/batches';

// The demo users' notifications of every kind (spec §3: task, event, announcements, taskbook,
// quiz; and a child's absence), each about a real record of the demo school, so that pressing
// one in the demo opens a screen with something on it.

interface DemoPeople {
  athens: number;
  teacher: number;
  student: number;
  parent: number;
}

/** Sessions are seeded by their own area; the first of them is the one the demo names. */
const DEMO_SESSION_ID = 1;

export async function demoNotificationsOfEveryKind(
  db: SeedDb,
  people: DemoPeople,
  at: (hoursAgo: number) => string,
) {
  const membership = await db
    .selectFrom('memberships')
    .select('id')
    .where('school_id', '=', people.athens)
    .where('user_id', '=', people.student)
    .where('role', '=', 'student')
    .executeTakeFirstOrThrow();
  const lessons = db
    .selectFrom('lesson_students')
    .select('lesson_id')
    .where('school_id', '=', people.athens)
    .where('student_id', '=', membership.id);
  const task = await db
    .selectFrom('tasks')
    .select(['id', 'title', 'lesson_id'])
    .where('school_id', '=', people.athens)
    .where('published', '=', 1)
    .where('lesson_id', 'in', lessons)
    .orderBy('id')
    .executeTakeFirst();
  const book = await db
    .selectFrom('task_books')
    .select(['id', 'title', 'lesson_id'])
    .where('school_id', '=', people.athens)
    .where('published', '=', 1)
    .where('lesson_id', 'in', lessons)
    .orderBy('id')
    .executeTakeFirst();
  const quiz = await db
    .selectFrom('quizzes')
    .select(['id', 'title', 'lesson_id'])
    .where('school_id', '=', people.athens)
    .where('published', '=', 1)
    .where('lesson_id', 'in', lessons)
    .orderBy('id')
    .executeTakeFirst();
  const news = await db
    .selectFrom('announcements')
    .select(['id', 'title', 'audience'])
    .where('school_id', '=', people.athens)
    .orderBy('id')
    .execute();
  const forStudents = news.find((a) => a.audience === 'all' || a.audience === 'students');
  const forTeachers = news.find((a) => a.audience === 'all' || a.audience === 'teachers');

  const rows: {
    user_id: number;
    role: string;
    title: string;
    entity: string;
    entity_id: number;
    lesson_id: number | null;
    hoursAgo: number;
  }[] = [];
  const both = (item: typeof task, entity: string, prefix: string, hoursAgo: number) => {
    if (!item) return;
    for (const [userId, role] of [
      [people.student, 'student'],
      [people.parent, 'client'],
    ] as const)
      rows.push({
        user_id: userId,
        role,
        title: `${prefix}: ${item.title}`,
        entity,
        entity_id: item.id,
        lesson_id: item.lesson_id,
        hoursAgo,
      });
  };
  both(task, 'task', 'Νέα εργασία', 3);
  both(quiz, 'quiz', 'Νέο κουίζ', 8);
  both(book, 'taskbook', 'Νέος οδηγός μελέτης', 20);
  if (task)
    rows.push({
      user_id: people.student,
      role: 'student',
      title: 'Ζωντανό μάθημα σε 15 λεπτά',
      entity: 'event',
      entity_id: DEMO_SESSION_ID,
      lesson_id: task.lesson_id,
      hoursAgo: 1,
    });
  if (forStudents)
    rows.push({
      user_id: people.student,
      role: 'student',
      title: forStudents.title,
      entity: 'announcements',
      entity_id: forStudents.id,
      lesson_id: null,
      hoursAgo: 30,
    });
  if (forTeachers)
    rows.push({
      user_id: people.teacher,
      role: 'teacher',
      title: forTeachers.title,
      entity: 'announcements',
      entity_id: forTeachers.id,
      lesson_id: null,
      hoursAgo: 26,
    });
  rows.push({
    user_id: people.teacher,
    role: 'teacher',
    title: 'Η ζωντανή σύνδεση ξεκινά στις 17:00',
    entity: 'event',
    entity_id: DEMO_SESSION_ID,
    lesson_id: task?.lesson_id ?? null,
    hoursAgo: 5,
  });
  if (task)
    rows.push({
      user_id: people.teacher,
      role: 'teacher',
      title: `Νέες υποβολές: ${task.title}`,
      entity: 'task',
      entity_id: task.id,
      lesson_id: task.lesson_id,
      hoursAgo: 2,
    });
  return rows.map(({ hoursAgo, ...row }) => ({
    school_id: people.athens,
    ...row,
    body: null,
    created_at: at(hoursAgo),
    seen_at: null,
  }));
}
