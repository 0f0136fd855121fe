import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { DEFAULT_PALETTE } from '../../../shared/constants';
import { hashPassword } from '../../areas/account/passwords';
import type { ServerDeps } from '../../deps';
import type { Database } from '../schema';
import { searchTextOf, sortNameOf } from '../../../shared/search';
import { seedAnnouncements, seedSchoolStructure } from './demo-structure';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { seededRandom, type Random } from './random';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_LOGINS = [
  {
    email: 'admin@demo.school',
    holds: 'admin in "Demo School Athens", teacher in "Demo School Thessaloniki"',
  },
  { email: 'teacher@demo.school', holds: 'teacher in Athens' },
  { email: 'student@demo.school', holds: 'student in Athens' },
  {
    email: 'parent@demo.school',
    holds: 'client in Athens, guardian and payer of student@demo.school',
  },
] as const;

type Tx = Kysely<Database>;

async function insertInBatches<T extends keyof Database>(
  db: Tx,
  table: T,
  rows: object[],
  size = 400,
) {
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

/** Creates the demo schools when the database has none. */
export async function seedDemoIfEmpty(
  deps: ServerDeps,
  logger: { info(message: string): void },
): Promise<boolean> {
  const existing = await deps.db.selectFrom('schools').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await seedDemo(deps);
  logger.info('demo data created');
  return true;
}

export async function seedDemo(deps: ServerDeps, seed = 2026): Promise<void> {
  const random = seededRandom(seed);
  const now = deps.now().toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await writeDemoLogos(deps.config.dataDir);

  await deps.db.transaction().execute(async (db) => {
    await db
      .insertInto('white_labels')
      .values({
        id: 'athens-academy',
        host: null,
        name: 'Athens Academy',
        logo: 'athens-logo.svg',
        splash: null,
        login_img: null,
        colors: JSON.stringify({ ...DEFAULT_PALETTE, thirdBackground: '#0b5394' }),
      })
      .execute();

    const athens = await insertSchool(db, 'Demo School Athens', 'athens-logo.svg', now);
    const thessaloniki = await insertSchool(db, 'Demo School Thessaloniki', null, now);

    const user = async (email: string, first: string, last: string, language = 'en') => {
      const row = await db
        .insertInto('users')
        .values({
          username: email.split('@')[0]!,
          email,
          first_name: first,
          last_name: last,
          password_hash: passwordHash,
          language,
          logo: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const admin = await user('admin@demo.school', 'Ελένη', 'Αλεξίου');
    const teacher = await user('teacher@demo.school', 'Νίκος', 'Παπαδάκης');
    const student = await user('student@demo.school', 'Σοφία', 'Γεωργίου');
    const parent = await user('parent@demo.school', 'Μαρία', 'Γεωργίου', 'el');
    const secretary = await user('secretary@demo.school', 'Κατερίνα', 'Μακρή');

    const member = async (schoolId: number, userId: number, role: string, extra: object = {}) => {
      const user = await db
        .selectFrom('users')
        .select(['first_name', 'last_name', 'email'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const row = await db
        .insertInto('memberships')
        .values({
          school_id: schoolId,
          user_id: userId,
          role,
          created_at: now,
          sort_name: sortNameOf(user.last_name, user.first_name),
          search_text: searchTextOf([
            user.last_name,
            user.first_name,
            user.email,
            (extra as { code?: string }).code,
          ]),
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    await member(athens, admin, 'admin');
    const adminAsTeacher = await member(thessaloniki, admin, 'teacher');
    const demoTeacher = await member(athens, teacher, 'teacher', {
      phone: '+30 690 000 0001',
      subjects: 'Mathematics, Physics',
    });
    const demoStudent = await member(athens, student, 'student', {
      code: 'S0000',
      birth_date: '2011-03-14',
      phone: '+30 690 000 0002',
    });
    const demoParent = await member(athens, parent, 'client', {
      phone: '+30 690 000 0003',
      city: 'Athens',
      vat_number: '123456789',
    });
    await member(athens, secretary, 'admin');

    const people = await insertPeople(db, random, passwordHash, now, [
      { schoolId: athens, teachers: 11, students: 299, clients: 160, prefix: 'ath' },
      { schoolId: thessaloniki, teachers: 5, students: 60, clients: 30, prefix: 'the' },
    ]);
    const athensPeople = people.get(athens)!;
    const thessalonikiPeople = people.get(thessaloniki)!;

    const currentPeriods: number[] = [];
    for (const [schoolId, language, colors, aiEnabled] of [
      [athens, 'en', DEFAULT_PALETTE, 'true'],
      [
        thessaloniki,
        'el',
        { ...DEFAULT_PALETTE, secondaryBackground: '#2e7d32', thirdBackground: '#00695c' },
        'false',
      ],
    ] as const) {
      await insertSettings(db, schoolId, language, colors, aiEnabled);
      await insertCategories(db, schoolId);
      currentPeriods.push(await insertPeriods(db, schoolId));
    }

    const athensLessons = await seedSchoolStructure(
      db,
      random,
      {
        schoolId: athens,
        teachers: [demoTeacher, ...athensPeople.teachers],
        students: [demoStudent, ...athensPeople.students],
        clients: [demoParent, ...athensPeople.clients],
      },
      {
        currentPeriodId: currentPeriods[0]!,
        lessons: 24,
        siteNames: ['Main building', 'Annex'],
        demoTeacher,
        demoStudent,
      },
    );
    await seedSchoolStructure(
      db,
      random,
      {
        schoolId: thessaloniki,
        teachers: [adminAsTeacher, ...thessalonikiPeople.teachers],
        students: thessalonikiPeople.students,
        clients: thessalonikiPeople.clients,
      },
      { currentPeriodId: currentPeriods[1]!, lessons: 8, siteNames: ['Central'] },
    );
    await seedAnnouncements(db, athens, admin, athensLessons[0]!, now);

    const office = await db
      .insertInto('permission_groups')
      .values({ school_id: athens, name: 'Office' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const accounting = await db
      .insertInto('permission_groups')
      .values({ school_id: athens, name: 'Accounting' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rule = (groupId: number, resource: string, read: boolean, write: boolean) => ({
      school_id: athens,
      group_id: groupId,
      resource,
      can_read: read ? 1 : 0,
      can_write: write ? 1 : 0,
    });
    await insertInBatches(db, 'permission_rules', [
      ...[
        'students',
        'clients',
        'teachers',
        'lessons',
        'courses',
        'absences',
        'announcements',
        'periods',
        'levels',
        'tags',
        'sites',
        'categories',
      ].map((r) => rule(office.id, r, true, true)),
      rule(office.id, 'transactions', true, false),
      ...['transactions', 'funds', 'suppliers', 'pricing_items', 'reporting'].map((r) =>
        rule(accounting.id, r, true, true),
      ),
      rule(accounting.id, 'clients', true, false),
    ]);
    await insertInBatches(db, 'permission_group_members', [
      { school_id: athens, group_id: office.id, user_id: secretary },
    ]);

    await insertInbox(db, random, now, {
      athens,
      admin,
      teacher,
      student,
      parent,
      otherTeachers: athensPeople.teacherUsers,
    });
  });
}

async function insertSchool(db: Tx, name: string, logo: string | null, now: string) {
  const row = await db
    .insertInto('schools')
    .values({ name, logo, white_label_id: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertPeople(
  db: Tx,
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
) {
  const result = new Map<
    number,
    { teachers: number[]; students: number[]; clients: number[]; teacherUsers: number[] }
  >();
  for (const school of schools) {
    const ids = {
      teachers: [] as number[],
      students: [] as number[],
      clients: [] as number[],
      teacherUsers: [] as number[],
    };
    for (const role of ['teacher', 'student', 'client'] as const) {
      const count =
        role === 'teacher'
          ? school.teachers
          : role === 'student'
            ? school.students
            : school.clients;
      const users = Array.from({ length: count }, (_, i) => {
        const [first, firstLatin] = random.pick(FIRST_NAMES);
        const [last, lastLatin] = random.pick(LAST_NAMES);
        const username = `${firstLatin}.${lastLatin}.${school.prefix}${role[0]}${i + 1}`;
        return {
          username,
          email: `${username}@demo.school`,
          first_name: first,
          last_name: last,
          password_hash: passwordHash,
          language: random.next() < 0.7 ? 'el' : 'en',
          logo: null,
          created_at: now,
        };
      });
      await insertInBatches(db, 'users', users);
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'email'])
        .where(
          'username',
          'in',
          users.map((u) => u.username),
        )
        .orderBy('id')
        .execute();
      if (role === 'teacher') ids.teacherUsers.push(...rows.map((r) => r.id));
      await insertInBatches(
        db,
        'memberships',
        rows.map((r, i) => {
          const code = role === 'student' ? `S${String(i + 1).padStart(4, '0')}` : null;
          const phone = `+30 69${random.int(10_000_000, 99_999_999)}`;
          return {
            school_id: school.schoolId,
            user_id: r.id,
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
            search_text: searchTextOf([r.last_name, r.first_name, r.email, code, phone]),
            sort_name: sortNameOf(r.last_name, r.first_name),
          };
        }),
      );
      const memberships = await db
        .selectFrom('memberships')
        .select('id')
        .where('school_id', '=', school.schoolId)
        .where('role', '=', role)
        .where(
          'user_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute();
      const list =
        role === 'teacher' ? ids.teachers : role === 'student' ? ids.students : ids.clients;
      list.push(...memberships.map((m) => m.id));
    }
    result.set(school.schoolId, ids);
  }
  return result;
}

async function insertSettings(
  db: Tx,
  schoolId: number,
  language: string,
  colors: object,
  aiEnabled: string,
) {
  const json = (name: string, value: unknown) => ({
    school_id: schoolId,
    name,
    data: JSON.stringify(value),
    is_json: 1,
  });
  await insertInBatches(db, 'settings', [
    json('translations', { en: {}, el: {} }),
    { school_id: schoolId, name: 'school_language', data: language, is_json: 0 },
    json('colors', colors),
    json('drawer', { admin: {}, teacher: {}, student: {}, client: {} }),
    json('embed_pages', [
      { title: 'School rules', slug: 'school-rules', url: 'https://example.org/school-rules' },
    ]),
    json('jitsi_config_overwrite', {
      teacher: { startWithAudioMuted: false, startWithVideoMuted: false },
      student: { startWithAudioMuted: true, startWithVideoMuted: true },
      admin: {},
      client: {},
    }),
    { school_id: schoolId, name: 'ai_chatbot_enabled', data: aiEnabled, is_json: 0 },
  ]);
}

async function insertCategories(db: Tx, schoolId: number) {
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
  await insertInBatches(
    db,
    'categories',
    categories.map(([type, name, color]) => ({ school_id: schoolId, type, name, color })),
  );
}

/** Returns the current period's id. */
async function insertPeriods(db: Tx, schoolId: number): Promise<number> {
  let current = 0;
  const periods = [
    { name: '2025–2026', start: '2025-09-01', end: '2026-06-30', current: 0 },
    { name: '2026–2027', start: '2026-09-01', end: '2027-06-30', current: 1 },
  ];
  for (const p of periods) {
    const year = Number(p.start.slice(0, 4));
    const row = await db
      .insertInto('periods')
      .values({
        school_id: schoolId,
        name: p.name,
        start_date: p.start,
        end_date: p.end,
        is_current: p.current,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.current) current = row.id;
    await insertInBatches(db, 'sub_periods', [
      {
        school_id: schoolId,
        period_id: row.id,
        name: 'Term 1',
        start_date: `${year}-09-01`,
        end_date: `${year}-12-23`,
      },
      {
        school_id: schoolId,
        period_id: row.id,
        name: 'Term 2',
        start_date: `${year + 1}-01-08`,
        end_date: `${year + 1}-03-31`,
      },
      {
        school_id: schoolId,
        period_id: row.id,
        name: 'Term 3',
        start_date: `${year + 1}-04-01`,
        end_date: `${year + 1}-06-30`,
      },
    ]);
  }
  return current;
}

async function insertInbox(
  db: Tx,
  random: Random,
  now: string,
  ids: {
    athens: number;
    admin: number;
    teacher: number;
    student: number;
    parent: number;
    otherTeachers: number[];
  },
) {
  const base = Date.parse(now);
  const at = (hoursAgo: number) => new Date(base - hoursAgo * 3_600_000).toISOString();
  const notification = (
    userId: number,
    role: string,
    title: string,
    entity: string | null,
    hoursAgo: number,
  ) => ({
    school_id: ids.athens,
    user_id: userId,
    role,
    title,
    body: null,
    entity,
    entity_id: entity ? random.int(1, 50) : null,
    created_at: at(hoursAgo),
    seen_at: null,
  });
  const adminTitles = [
    'New enrolment request',
    'Invoice sent to myDATA',
    'Payment received',
    'Teacher absence reported',
    'Room B2 booked',
    'Term 1 grades published',
    'New parent message',
    'Monthly report ready',
    'Announcement scheduled',
    'Lesson timetable changed',
    'Supplier invoice due',
    'Fund balance low',
  ];
  await insertInBatches(db, 'notifications', [
    ...adminTitles.map((title, i) =>
      notification(ids.admin, 'admin', title, i % 3 === 0 ? 'announcements' : null, i * 5 + 1),
    ),
    notification(ids.teacher, 'teacher', 'New task submissions', 'task', 2),
    notification(ids.teacher, 'teacher', 'Live session starts at 17:00', 'event', 5),
    notification(ids.student, 'student', 'New task: Algebra exercises', 'task', 3),
    notification(ids.student, 'student', 'Quiz available: Fractions', 'quiz', 8),
    notification(ids.student, 'student', 'School closed on Friday', 'announcements', 30),
    notification(ids.parent, 'client', 'Invoice for November', null, 12),
  ]);

  const room = async (name: string, members: number[]) => {
    const row = await db
      .insertInto('chat_rooms')
      .values({ school_id: ids.athens, name, created_at: at(200) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertInBatches(
      db,
      'chat_room_members',
      members.map((userId) => ({
        school_id: ids.athens,
        room_id: row.id,
        user_id: userId,
        last_read_message_id: 0,
      })),
    );
    return row.id;
  };
  const staffRoom = await room("Teachers' room", [
    ids.admin,
    ids.teacher,
    ...ids.otherTeachers.slice(0, 4),
  ]);
  const parentsRoom = await room('Class A1 parents', [ids.teacher, ids.parent]);
  const studentRoom = await room('Mathematics A1', [ids.teacher, ids.student]);
  const message = (roomId: number, userId: number, body: string, hoursAgo: number) => ({
    school_id: ids.athens,
    room_id: roomId,
    user_id: userId,
    body,
    created_at: at(hoursAgo),
  });
  await insertInBatches(db, 'chat_messages', [
    message(
      staffRoom,
      ids.otherTeachers[0]!,
      'Good morning! The projector in room A3 is fixed.',
      20,
    ),
    message(staffRoom, ids.teacher, 'Thanks! I will use it for the physics lab.', 19),
    message(staffRoom, ids.otherTeachers[1]!, 'Staff meeting moved to Thursday 14:00.', 4),
    message(parentsRoom, ids.teacher, 'Καλησπέρα σας, η εκδρομή είναι την Παρασκευή.', 10),
    message(parentsRoom, ids.parent, 'Ευχαριστούμε πολύ!', 9),
    message(studentRoom, ids.teacher, 'Remember to finish exercises 4–7 for Monday.', 6),
  ]);
}

/** A small logo for the Athens demo school, served from /api/school-files. */
async function writeDemoLogos(dataDir: string) {
  const dir = path.join(dataDir, 'school_files');
  await fs.mkdir(dir, { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#2f6fd6"/><path d="M20 70 L48 22 L76 70 Z" fill="none" stroke="#fff" stroke-width="7" stroke-linejoin="round"/><circle cx="48" cy="56" r="7" fill="#f28c28"/></svg>`;
  await fs.writeFile(path.join(dir, 'athens-logo.svg'), svg);
}
