import { searchTextOf, sortNameOf } from '../../../shared/search';
import { insertReturningIds, type SeedDb } from '../../db/seed/batches';
import { FIRST_NAMES, LAST_NAMES } from '../../db/seed/names';
import type { Random } from '../../db/seed/random';
import type { SchoolPeople } from '../lessons/seed';
import type { SchoolFrame } from '../structure/seed';

// Demo people: the named demo logins, a crowd of believable teachers, students and guardians
// per school, and what the office keeps about them (guardians, levels, tags).

/** Creates a demo account that signs in with the demo password; returns its id. */
export async function seedAccount(
  db: SeedDb,
  account: { email: string; first: string; last: string; language?: string },
  passwordHash: string,
  now: string,
): Promise<number> {
  const [id] = await insertReturningIds(db, 'users', [
    {
      username: account.email.split('@')[0]!,
      email: account.email,
      first_name: account.first,
      last_name: account.last,
      password_hash: passwordHash,
      language: account.language ?? 'en',
      logo: null,
      created_at: now,
    },
  ]);
  return id!;
}

/** Gives an account a role in a school, with the derived search columns; returns its id. */
export async function seedMembership(
  db: SeedDb,
  member: { schoolId: number; userId: number; role: string; now: string },
  extra: { code?: string } & Record<string, unknown> = {},
): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', member.userId)
    .executeTakeFirstOrThrow();
  const [id] = await insertReturningIds(db, 'memberships', [
    {
      school_id: member.schoolId,
      user_id: member.userId,
      role: member.role,
      created_at: member.now,
      sort_name: sortNameOf(user.last_name, user.first_name),
      search_text: searchTextOf([user.last_name, user.first_name, user.email, extra.code]),
      ...extra,
    },
  ]);
  return id!;
}

/**
 * An account with a random Greek name (seven in ten speak Greek), its username the name in
 * Latin letters and `tag`; the demo and the scale school draw their people with it.
 */
export function randomAccount(
  random: Random,
  options: { tag: string; domain: string; passwordHash: string; now: string },
) {
  const [first, firstLatin] = random.pick(FIRST_NAMES);
  const [last, lastLatin] = random.pick(LAST_NAMES);
  const username = `${firstLatin}.${lastLatin}.${options.tag}`;
  return {
    username,
    email: `${username}@${options.domain}`,
    first_name: first,
    last_name: last,
    password_hash: options.passwordHash,
    language: random.next() < 0.7 ? 'el' : 'en',
    logo: null,
    created_at: options.now,
  };
}

export interface SeededPeople {
  teachers: number[];
  students: number[];
  clients: number[];
  /** Account ids of the teachers (for chat rooms). */
  teacherUsers: number[];
}

/** Teachers, students and clients of each school, with Greek names; membership ids by role. */
export async function seedPeople(
  db: SeedDb,
  random: Random,
  passwordHash: string,
  now: string,
  schools: {
    schoolId: number;
    teachers: number;
    students: number;
    clients: number;
    prefix: string;
  }[],
): Promise<Map<number, SeededPeople>> {
  const result = new Map<number, SeededPeople>();
  for (const school of schools) {
    const ids: SeededPeople = { teachers: [], students: [], clients: [], teacherUsers: [] };
    for (const role of ['teacher', 'student', 'client'] as const) {
      const count =
        role === 'teacher'
          ? school.teachers
          : role === 'student'
            ? school.students
            : school.clients;
      const users = Array.from({ length: count }, (_, i) =>
        randomAccount(random, {
          tag: `${school.prefix}${role[0]}${i + 1}`,
          domain: 'demo.school',
          passwordHash,
          now,
        }),
      );
      const userIds = await insertReturningIds(db, 'users', users);
      if (role === 'teacher') ids.teacherUsers.push(...userIds);
      const memberships = await insertReturningIds(
        db,
        'memberships',
        users.map((u, i) => {
          const code = role === 'student' ? `S${String(i + 1).padStart(4, '0')}` : null;
          const phone = `+30 69${random.int(10_000_000, 99_999_999)}`;
          return {
            school_id: school.schoolId,
            user_id: userIds[i]!,
            role,
            created_at: now,
            code,
            phone,
            birth_date:
              role === 'student'
                ? `20${random.int(8, 16).toString().padStart(2, '0')}-0${random.int(1, 9)}-1${random.int(0, 9)}`
                : null,
            subjects:
              role === 'teacher'
                ? random.pick([
                    'Mathematics',
                    'Physics',
                    'English',
                    'French',
                    'Chemistry',
                    'Computer Science',
                  ])
                : null,
            search_text: searchTextOf([u.last_name, u.first_name, u.email, code, phone]),
            sort_name: sortNameOf(u.last_name, u.first_name),
          };
        }),
      );
      (role === 'teacher' ? ids.teachers : role === 'student' ? ids.students : ids.clients).push(
        ...memberships,
      );
    }
    result.set(school.schoolId, ids);
  }
  return result;
}

/**
 * Guardians (each client one to three children, a student sometimes two guardians), and a
 * level and now and then a tag on each student.
 */
export async function seedPeopleLinks(
  db: SeedDb,
  random: Random,
  people: SchoolPeople,
  frame: SchoolFrame,
): Promise<void> {
  const school = people.schoolId;
  const guardianLinks = new Map<
    string,
    { school_id: number; student_id: number; client_id: number }
  >();
  const guard = (student: number, client: number) =>
    guardianLinks.set(`${student}:${client}`, {
      school_id: school,
      student_id: student,
      client_id: client,
    });
  people.students.forEach((student, i) => {
    const client = people.clients[i % people.clients.length];
    if (client !== undefined) guard(student, client);
    if (random.next() < 0.15) guard(student, random.pick(people.clients));
  });
  await insertReturningIds(db, 'student_guardians', [...guardianLinks.values()]);

  for (const [l, level] of frame.levels.entries()) {
    const ofLevel = people.students.filter((_, i) => i % frame.levels.length === l);
    if (ofLevel.length)
      await db
        .updateTable('memberships')
        .set({ level_id: level })
        .where('id', 'in', ofLevel)
        .execute();
  }
  const tagLinks = people.students
    .filter(() => random.next() < 0.2)
    .map((student) => ({
      school_id: school,
      membership_id: student,
      tag_id: random.pick(frame.tags),
    }));
  await insertReturningIds(db, 'member_tags', tagLinks);
}
