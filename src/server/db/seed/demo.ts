import { DEFAULT_PALETTE } from '../../../shared/constants';
import { hashPassword } from '../../areas/account/passwords';
import { seedAnnouncements } from '../../areas/announcements/seed';
import { seedAttendance } from '../../areas/attendance/seed';
import { seedAssistantIndex } from '../../areas/assistant/seed';
import { localDate } from '../../areas/calendar/school-time';
import { seedAssessmentSettings, seedGrades } from '../../areas/grades/seed';
import { seedChapters } from '../../areas/chapters/seed';
import { seedFiles } from '../../areas/files/seed';
import { seedFinance } from '../../areas/finance/seed';
import { seedLessonTemplates } from '../../areas/lessons/template-seed';
import { seedTaskBooks } from '../../areas/taskbooks/seed';
import { seedTasks } from '../../areas/tasks/seed';
import { seedQuizzes } from '../../areas/quizzes/seed';
import { seedSessions } from '../../areas/sessions/seed';
import { seedScorm } from '../../areas/scorm/seed';
import { seedInbox } from '../../areas/inbox/seed';
import { seedInvoices } from '../../areas/invoices/seed';
import { seedChat } from '../../areas/chat/seed';
import { seedAccount, seedMembership, seedPeople } from '../../areas/people/seed';
import { seedPermissionGroups } from '../../areas/permissions/seed';
import {
  seedSchool,
  seedSchoolContacts,
  seedSettings,
  seedWhiteLabel,
  writeDemoLogos,
} from '../../areas/school/seed';
import { seedCategories, seedPeriods } from '../../areas/structure/seed';
import type { ServerDeps } from '../../deps';
import { seededRandom } from './random';
import { seedSchoolStructure } from './school-structure';

// The demo: two schools built from each area's seed, in one transaction. The order of the
// calls is the order the seeded random numbers are drawn in, so it stays as it is: the same
// seed must give the same demo (tests and the docs rely on its logins and counts).

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
  await writeDemoLogos(deps.storage);

  await deps.db.transaction().execute(async (db) => {
    await seedWhiteLabel(db);
    const athens = await seedSchool(db, 'Demo School Athens', 'athens-logo.svg', now);
    const thessaloniki = await seedSchool(db, 'Demo School Thessaloniki', null, now);

    const account = (email: string, first: string, last: string, language?: string) =>
      seedAccount(db, { email, first, last, language }, passwordHash, now);
    const admin = await account('admin@demo.school', 'Ελένη', 'Αλεξίου');
    const teacher = await account('teacher@demo.school', 'Νίκος', 'Παπαδάκης');
    const student = await account('student@demo.school', 'Σοφία', 'Γεωργίου');
    const parent = await account('parent@demo.school', 'Μαρία', 'Γεωργίου', 'el');
    const secretary = await account('secretary@demo.school', 'Κατερίνα', 'Μακρή');

    const member = (schoolId: number, userId: number, role: string, extra = {}) =>
      seedMembership(db, { schoolId, userId, role, now }, extra);
    // The head of the office holds every right; the secretary only her group's (below).
    await member(athens, admin, 'admin', { full_access: 1 });
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

    const people = await seedPeople(db, random, passwordHash, now, [
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
      await seedSettings(db, schoolId, language, colors, aiEnabled);
      await seedAssessmentSettings(db, schoolId);
      await seedCategories(db, schoolId);
      currentPeriods.push(await seedPeriods(db, schoolId, deps.now()));
    }
    await seedSchoolContacts(db, athens, {
      address: 'Λεωφόρος Αλεξάνδρας 42',
      city: 'Αθήνα',
      postal_code: '114 73',
      phone: '+30 210 640 1234',
      email: 'grammateia@demo.school',
      website: 'https://demo.school',
      office_hours: 'Δευτέρα–Παρασκευή 09:00–14:00 και 17:00–20:30',
    });
    await seedSchoolContacts(db, thessaloniki, {
      address: 'Εγνατία 118',
      city: 'Θεσσαλονίκη',
      postal_code: '546 22',
      phone: '+30 2310 555 678',
      email: 'thessaloniki@demo.school',
    });

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
    // Teaching: chapters, tasks with work in every state, task books and files of Athens.
    const teaching = {
      schoolId: athens,
      lessons: athensLessons,
      authorUserId: teacher,
      now: deps.now(),
    };
    const chapters = await seedChapters(db, teaching);
    const tasks = await seedTasks(db, { ...teaching, graderUserId: teacher, demoStudent });
    await seedTaskBooks(db, { ...teaching, chapters, tasks, demoStudent });
    await seedQuizzes(db, teaching);
    await seedLessonTemplates(db, athens);
    await seedFiles(db, deps.storage, {
      ...teaching,
      lessonId: athensLessons[0]!,
      chapterId: chapters.get(athensLessons[0]!)?.[0],
      taskId: tasks.get(athensLessons[0]!)?.[0],
      uploaderUserId: teacher,
    });
    await seedPermissionGroups(db, athens, secretary);
    await seedInbox(db, random, now, {
      athens,
      admin,
      teacher,
      student,
      parent,
      otherTeachers: athensPeople.teacherUsers,
    });
    const demoLessons = (
      await db
        .selectFrom('lesson_teachers')
        .select('lesson_id')
        .where('teacher_id', '=', demoTeacher)
        .orderBy('lesson_id')
        .execute()
    ).map((r) => r.lesson_id);
    // A random of its own, so that chat's picks leave the later seeds' data as it was.
    await seedChat(db, seededRandom(seed + 14), now, {
      schools: [athens, thessaloniki],
      athens,
      demoLessons,
      admin,
      teacher,
      student,
      parent,
      otherTeachers: athensPeople.teacherUsers,
    });
    // Assessment: the current sub-period's gradebooks and the past two weeks' registers.
    const today = localDate(deps.now(), deps.config.timeZone);
    await seedGrades(db, random, { schoolId: athens, lessons: athensLessons, today, now });
    await seedAttendance(db, random, {
      schoolId: athens,
      lessons: athensLessons,
      today,
      now,
      recorderUserId: teacher,
      demoStudent,
    });
    // Live sessions: one in progress, past ones with attendance and recordings.
    await seedSessions(db, {
      schoolId: athens,
      now: deps.now(),
      teacherUserId: teacher,
      demoTeacher,
      demoStudent,
      adminUserId: admin,
    });
    // Receipts and invoices with their myDATA states.
    await seedInvoices(db, {
      schoolId: athens,
      demoParent,
      clients: athensPeople.clients,
      today,
      now: deps.now(),
    });
    // Finance draws from its own sequence, so that adding it changed no other area's demo.
    await seedFinance(db, seededRandom(seed + 40), {
      schoolId: athens,
      today,
      now,
      adminUserId: admin,
      demoParent,
      demoStudent,
    });
    // Last, so that it draws no random numbers before the areas above.
    await seedScorm(db, deps.storage, {
      schoolId: athens,
      lessons: athensLessons,
      teacherMembership: demoTeacher,
      demoStudent,
      uploaderUserId: teacher,
      now: deps.now(),
    });
  });
  await seedAssistantIndex(deps);
}
