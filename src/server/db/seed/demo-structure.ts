import type { Kysely } from 'kysely';
import { searchTextOf } from '../../../shared/search';
import type { Database } from '../schema';
import type { Random } from './random';

type Tx = Kysely<Database>;

export interface SchoolPeople {
  schoolId: number;
  /** Membership ids by role. */
  teachers: number[];
  students: number[];
  clients: number[];
}

async function insertReturningIds<T extends keyof Database>(
  db: Tx,
  table: T,
  rows: object[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 300) {
    const inserted = await db
      .insertInto(table)
      .values(rows.slice(i, i + 300) as never)
      .returning('id' as never)
      .execute();
    ids.push(...(inserted as unknown as { id: number }[]).map((r) => r.id));
  }
  return ids;
}

const COURSES = [
  ['Mathematics', 'MATH', 'lesson:Mathematics'],
  ['Physics', 'PHYS', 'lesson:Physics'],
  ['Chemistry', 'CHEM', 'lesson:Physics'],
  ['English', 'ENG', 'lesson:Languages'],
  ['French', 'FRE', 'lesson:Languages'],
  ['Computer Science', 'CS', 'lesson:Mathematics'],
] as const;

const WEEKDAY_SLOTS = [
  ['15:00', '16:30'],
  ['16:30', '18:00'],
  ['18:00', '19:30'],
  ['19:30', '21:00'],
] as const;

/**
 * Levels, tags, buildings and rooms, courses, lessons with teachers, students and a weekly
 * timetable, and guardians for every student: what makes every admin list believable.
 * Returns the lesson ids (the first ones include the demo student and teacher).
 */
export async function seedSchoolStructure(
  db: Tx,
  random: Random,
  people: SchoolPeople,
  options: {
    currentPeriodId: number;
    lessons: number;
    siteNames: string[];
    demoTeacher?: number;
    demoStudent?: number;
  },
): Promise<number[]> {
  const school = people.schoolId;
  const text = (...values: (string | null)[]) => searchTextOf(values);

  const levelNames = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];
  const levels = await insertReturningIds(
    db,
    'levels',
    levelNames.map((name, i) => ({
      school_id: school,
      name,
      sort_order: i + 1,
      description: null,
      search_text: text(name),
    })),
  );
  const tagNames: [string, string][] = [
    ['Scholarship', '#2e7d32'],
    ['Sibling discount', '#6a1b9a'],
    ['New student', '#f28c28'],
    ['Exam candidate', '#c62828'],
  ];
  const tags = await insertReturningIds(
    db,
    'tags',
    tagNames.map(([name, color]) => ({ school_id: school, name, color, search_text: text(name) })),
  );

  const rooms: number[] = [];
  for (const [index, siteName] of options.siteNames.entries()) {
    const [site] = await insertReturningIds(db, 'sites', [
      {
        school_id: school,
        name: siteName,
        address: `${random.int(1, 120)} Ermou Street`,
        city: 'Athens',
        phone: '+30 210 000 0000',
        search_text: text(siteName),
      },
    ]);
    rooms.push(
      ...(await insertReturningIds(
        db,
        'rooms',
        Array.from({ length: index === 0 ? 6 : 3 }, (_, r) => {
          const name = `${String.fromCharCode(65 + index)}${r + 1}`;
          return {
            school_id: school,
            site_id: site,
            name,
            capacity: random.int(12, 30),
            search_text: text(name),
          };
        }),
      )),
    );
  }

  const categories = await db
    .selectFrom('categories')
    .select(['id', 'type', 'name'])
    .where('school_id', '=', school)
    .execute();
  const categoryId = (key: string) =>
    categories.find((c) => `${c.type}:${c.name}` === key)?.id ?? null;
  const courses = await insertReturningIds(
    db,
    'courses',
    COURSES.map(([name, code, category]) => ({
      school_id: school,
      name,
      code,
      level_id: null,
      category_id: categoryId(category),
      color: null,
      description: null,
      search_text: text(name, code),
    })),
  );

  // Lessons: course × level class groups, each with a teacher and a weekly timetable.
  const lessonRows = Array.from({ length: options.lessons }, (_, i) => {
    const course = COURSES[i % COURSES.length]!;
    const level = levelNames[Math.floor(i / COURSES.length) % levelNames.length]!;
    const group = Math.floor(i / (COURSES.length * levelNames.length)) + 1;
    const name = `${course[0]} ${level}${group > 1 ? `-${group}` : ''}`;
    return {
      school_id: school,
      name,
      course_id: courses[i % COURSES.length]!,
      period_id: options.currentPeriodId,
      room_id: random.pick(rooms),
      level_id: levels[Math.floor(i / COURSES.length) % levels.length]!,
      color: null,
      description: null,
      active: 1,
      search_text: text(name),
    };
  });
  const lessons = await insertReturningIds(db, 'lessons', lessonRows);

  const teacherLinks = lessons.map((lesson, i) => ({
    school_id: school,
    lesson_id: lesson,
    teacher_id:
      options.demoTeacher && i % 3 === 0 ? options.demoTeacher : random.pick(people.teachers),
  }));
  await insertReturningIds(db, 'lesson_teachers', teacherLinks);

  const schedules = lessons.flatMap((lesson, i) => {
    const first = 1 + (i % 5);
    return [first, ((first + 2) % 5) + 1].map((weekday, k) => {
      const [start, end] = WEEKDAY_SLOTS[(i + k) % WEEKDAY_SLOTS.length]!;
      return {
        school_id: school,
        lesson_id: lesson,
        weekday,
        start_time: start,
        end_time: end,
        room_id: lessonRows[i]!.room_id,
        search_text: '',
      };
    });
  });
  await insertReturningIds(db, 'lesson_schedules', schedules);

  // Every student attends 2–4 lessons; the demo student attends the first four.
  const studentLinks = new Map<
    string,
    { school_id: number; lesson_id: number; student_id: number }
  >();
  for (const student of people.students) {
    const count = random.int(2, 4);
    for (let k = 0; k < count; k++) {
      const lesson = random.pick(lessons);
      studentLinks.set(`${lesson}:${student}`, {
        school_id: school,
        lesson_id: lesson,
        student_id: student,
      });
    }
  }
  if (options.demoStudent) {
    for (const lesson of lessons.slice(0, 4)) {
      studentLinks.set(`${lesson}:${options.demoStudent}`, {
        school_id: school,
        lesson_id: lesson,
        student_id: options.demoStudent,
      });
    }
  }
  await insertReturningIds(db, 'lesson_students', [...studentLinks.values()]);

  // Guardians: each client has one to three children; a student may have two guardians.
  const guardianLinks = new Map<
    string,
    { school_id: number; student_id: number; client_id: number }
  >();
  people.students.forEach((student, i) => {
    const client = people.clients[i % people.clients.length];
    if (client !== undefined)
      guardianLinks.set(`${student}:${client}`, {
        school_id: school,
        student_id: student,
        client_id: client,
      });
    if (random.next() < 0.15) {
      const second = random.pick(people.clients);
      guardianLinks.set(`${student}:${second}`, {
        school_id: school,
        student_id: student,
        client_id: second,
      });
    }
  });
  await insertReturningIds(db, 'student_guardians', [...guardianLinks.values()]);

  // Levels and a few tags on students.
  for (const [l, level] of levels.entries()) {
    const ofLevel = people.students.filter((_, i) => i % levels.length === l);
    if (ofLevel.length)
      await db
        .updateTable('memberships')
        .set({ level_id: level })
        .where('id', 'in', ofLevel)
        .execute();
  }
  const tagLinks = people.students
    .filter(() => random.next() < 0.2)
    .map((student) => ({ school_id: school, membership_id: student, tag_id: random.pick(tags) }));
  await insertReturningIds(db, 'member_tags', tagLinks);

  return lessons;
}

export async function seedAnnouncements(
  db: Tx,
  school: number,
  authorUserId: number,
  lessonId: number,
  nowIso: string,
) {
  const base = Date.parse(nowIso);
  const rows = [
    [
      'School closed on Friday',
      'The school is closed on Friday for the national holiday. Lessons resume on Monday.',
      'all',
      null,
      30,
    ],
    [
      'Term 1 exams timetable',
      'The Term 1 exams start on 14 December. The timetable is on the notice board.',
      'students',
      null,
      50,
    ],
    [
      'Parents’ evening',
      'Parents’ evening is on Thursday at 19:00 in the main building.',
      'clients',
      null,
      70,
    ],
    [
      'Bring your calculators',
      'Tomorrow we work on trigonometry: bring your calculators.',
      'lesson',
      lessonId,
      5,
    ],
  ] as const;
  await insertReturningIds(
    db,
    'announcements',
    rows.map(([title, body, audience, lesson, hoursAgo]) => ({
      school_id: school,
      title,
      body,
      audience,
      lesson_id: lesson,
      category_id: null,
      author_user_id: authorUserId,
      created_at: new Date(base - hoursAgo * 3_600_000).toISOString(),
      search_text: searchTextOf([title]),
    })),
  );
}
