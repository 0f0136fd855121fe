import { searchTextOf } from '../../../shared/search';
import { insertReturningIds, type SeedDb } from '../../db/seed/batches';
import type { Random } from '../../db/seed/random';

// Demo data of the school's frame: categories, periods with terms, levels, tags, buildings
// with rooms, and courses.

export const LEVEL_NAMES = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

/** Courses with their code and the lesson category they belong to. */
export const COURSES = [
  ['Mathematics', 'MATH', 'lesson:Mathematics'],
  ['Physics', 'PHYS', 'lesson:Physics'],
  ['Chemistry', 'CHEM', 'lesson:Physics'],
  ['English', 'ENG', 'lesson:Languages'],
  ['French', 'FRE', 'lesson:Languages'],
  ['Computer Science', 'CS', 'lesson:Mathematics'],
] as const;

/** The frame's ids that lessons and people refer to. */
export interface SchoolFrame {
  levels: number[];
  tags: number[];
  rooms: number[];
  courses: number[];
}

export async function seedCategories(db: SeedDb, schoolId: number): Promise<void> {
  const categories: [string, string, string | null][] = [
    ['lesson', 'Mathematics', '#2f6fd6'],
    ['lesson', 'Physics', '#8e44ad'],
    ['lesson', 'Languages', '#16a085'],
    ['announcement', 'General', null],
    ['announcement', 'Exams', '#c0392b'],
    ['announcement', 'Events', '#f28c28'],
    ['income', 'Tuition', null],
    ['income', 'Books', null],
    ['expense', 'Rent', null],
    ['expense', 'Utilities', null],
    ['expense', 'Salaries', null],
  ];
  await insertReturningIds(
    db,
    'categories',
    categories.map(([type, name, color]) => ({ school_id: schoolId, type, name, color })),
  );
}

/**
 * Last school year and the current one (September to June; from July the coming one is
 * current), each with three terms, around `today` so that the demo timetable never falls out
 * of date; returns the current period's id.
 */
export async function seedPeriods(db: SeedDb, schoolId: number, today: Date): Promise<number> {
  let current = 0;
  const year = today.getUTCMonth() >= 6 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const schoolYear = (first: number, isCurrent: number) => ({
    name: `${first}–${first + 1}`,
    start: `${first}-09-01`,
    end: `${first + 1}-06-30`,
    current: isCurrent,
  });
  const periods = [schoolYear(year - 1, 0), schoolYear(year, 1)];
  for (const p of periods) {
    const year = Number(p.start.slice(0, 4));
    const [id] = await insertReturningIds(db, 'periods', [
      {
        school_id: schoolId,
        name: p.name,
        start_date: p.start,
        end_date: p.end,
        is_current: p.current,
      },
    ]);
    if (p.current) current = id!;
    const term = (name: string, start: string, end: string) => ({
      school_id: schoolId,
      period_id: id!,
      name,
      start_date: start,
      end_date: end,
    });
    await insertReturningIds(db, 'sub_periods', [
      term('Term 1', `${year}-09-01`, `${year}-12-23`),
      term('Term 2', `${year + 1}-01-08`, `${year + 1}-03-31`),
      term('Term 3', `${year + 1}-04-01`, `${year + 1}-06-30`),
    ]);
  }
  return current;
}

/** Levels, tags, buildings with rooms, and courses (after the categories they belong to). */
export async function seedFrame(
  db: SeedDb,
  random: Random,
  school: number,
  siteNames: string[],
): Promise<SchoolFrame> {
  const text = (...values: (string | null)[]) => searchTextOf(values);
  const levels = await insertReturningIds(
    db,
    'levels',
    LEVEL_NAMES.map((name, i) => ({
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
  for (const [index, siteName] of siteNames.entries()) {
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
  return { levels, tags, rooms, courses };
}
