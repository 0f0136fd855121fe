import { seedLessons, type SchoolPeople } from '../../areas/lessons/seed';
import { seedPeopleLinks } from '../../areas/people/seed';
import { seedFrame } from '../../areas/structure/seed';
import type { SeedDb } from './batches';
import type { Random } from './random';

export type { SchoolPeople };

/**
 * What makes every admin list of a school believable, in the order the seeded random numbers
 * are drawn (so the same seed gives the same school): its frame (levels, tags, rooms, courses),
 * lessons with teachers, timetable and students, then guardians, levels and tags on people.
 * Returns the lesson ids (the first ones include the demo student and teacher).
 */
export async function seedSchoolStructure(
  db: SeedDb,
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
  const frame = await seedFrame(db, random, people.schoolId, options.siteNames);
  const lessons = await seedLessons(db, random, people, frame, options);
  await seedPeopleLinks(db, random, people, frame);
  return lessons;
}
