import { searchTextOf } from '../../../shared/search';
import { insertReturningIds, type SeedDb } from '../../db/seed/batches';
import type { Random } from '../../db/seed/random';
import { COURSES, LEVEL_NAMES, type SchoolFrame } from '../structure/seed';

// Demo lessons: course × level class groups, each with a teacher, a weekly timetable and its
// students.

const WEEKDAY_SLOTS = [
  ['15:00', '16:30'],
  ['16:30', '18:00'],
  ['18:00', '19:30'],
  ['19:30', '21:00'],
] as const;

/** Membership ids of a school's people, by role. */
export interface SchoolPeople {
  schoolId: number;
  teachers: number[];
  students: number[];
  clients: number[];
}

/**
 * Lessons with teachers, a weekly timetable and 2–4 lessons per student. The demo teacher
 * teaches every third lesson and the demo student attends the first four. Returns the lesson
 * ids.
 */
export async function seedLessons(
  db: SeedDb,
  random: Random,
  people: SchoolPeople,
  frame: SchoolFrame,
  options: {
    currentPeriodId: number;
    lessons: number;
    demoTeacher?: number;
    demoStudent?: number;
  },
): Promise<number[]> {
  const school = people.schoolId;
  const lessonRows = Array.from({ length: options.lessons }, (_, i) => {
    const course = COURSES[i % COURSES.length]!;
    const level = LEVEL_NAMES[Math.floor(i / COURSES.length) % LEVEL_NAMES.length]!;
    const group = Math.floor(i / (COURSES.length * LEVEL_NAMES.length)) + 1;
    const name = `${course[0]} ${level}${group > 1 ? `-${group}` : ''}`;
    return {
      school_id: school,
      name,
      course_id: frame.courses[i % COURSES.length]!,
      period_id: options.currentPeriodId,
      room_id: random.pick(frame.rooms),
      level_id: frame.levels[Math.floor(i / COURSES.length) % frame.levels.length]!,
      color: null,
      description: null,
      active: 1,
      search_text: searchTextOf([name]),
    };
  });
  const lessons = await insertReturningIds(db, 'lessons', lessonRows);

  await insertReturningIds(
    db,
    'lesson_teachers',
    lessons.map((lesson, i) => ({
      school_id: school,
      lesson_id: lesson,
      teacher_id:
        options.demoTeacher && i % 3 === 0 ? options.demoTeacher : random.pick(people.teachers),
    })),
  );

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

  const studentLinks = new Map<
    string,
    { school_id: number; lesson_id: number; student_id: number }
  >();
  const attend = (lesson: number, student: number) =>
    studentLinks.set(`${lesson}:${student}`, {
      school_id: school,
      lesson_id: lesson,
      student_id: student,
    });
  for (const student of people.students) {
    const count = random.int(2, 4);
    for (let k = 0; k < count; k++) attend(random.pick(lessons), student);
  }
  if (options.demoStudent) {
    for (const lesson of lessons.slice(0, 4)) attend(lesson, options.demoStudent);
  }
  await insertReturningIds(db, 'lesson_students', [...studentLinks.values()]);
  return lessons;
}
