// Scale data for the benchmarks (`npm run seed -- --scale large`): one big school beside the
// demo schools, made the same way from the same seed number every time.
import type { Kysely } from 'kysely';
import { searchTextOf, sortNameOf } from '../../../shared/search';
import type { Database } from '../schema';
import { randomAccount } from '../../areas/people/seed';
import { insertReturningIds } from './batches';
import { seedSchoolStructure } from './school-structure';
import { seededRandom, type Random } from './random';

export interface ScaleSize {
  students: number;
  /** Parents and payers; each has one to three of the students. */
  clients: number;
  teachers: number;
  lessons: number;
}

export const SCALE_SIZES = {
  /** What a large school's office works with at 8:00. */
  large: { students: 5000, clients: 3000, teachers: 100, lessons: 300 },
  /** The same shape in miniature, for tests. */
  small: { students: 120, clients: 70, teachers: 6, lessons: 12 },
} as const satisfies Record<string, ScaleSize>;
export type ScaleName = keyof typeof SCALE_SIZES;

export const SCALE_SCHOOL_NAME = 'Scale School';
/** The scale school's office account (password: the demo password). */
export const SCALE_ADMIN_EMAIL = 'office@scale.school';
export const DEFAULT_SCALE_SEED = 1;

// A fixed instant, so that the same seed gives the same rows (only ids and salts differ).
const CREATED_AT = '2026-09-01T07:00:00.000Z';

type Tx = Kysely<Database>;

export interface ScaleSchool {
  schoolId: number;
  adminEmail: string;
  size: ScaleSize;
}

/**
 * Adds the scale school (its people, guardians, lessons and timetable) in one transaction, so
 * that a failed run leaves nothing half-written. The caller checks that it is not there yet.
 */
export async function seedScaleSchool(
  db: Kysely<Database>,
  options: { size: ScaleSize; seed: number; passwordHash: string },
): Promise<ScaleSchool> {
  const random = seededRandom(options.seed);
  const { size, passwordHash } = options;
  return db.transaction().execute(async (trx) => {
    const { id: schoolId } = await trx
      .insertInto('schools')
      .values({ name: SCALE_SCHOOL_NAME, logo: null, white_label_id: null, created_at: CREATED_AT })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertSchoolBasics(trx, schoolId);
    const periodId = await insertCurrentPeriod(trx, schoolId);

    const [adminUser] = await insertReturningIds(trx, 'users', [
      {
        username: 'office.scale',
        email: SCALE_ADMIN_EMAIL,
        first_name: 'Γραμματεία',
        last_name: 'Scale',
        password_hash: passwordHash,
        language: 'en',
        logo: null,
        created_at: CREATED_AT,
      },
    ]);
    await insertReturningIds(trx, 'memberships', [
      {
        school_id: schoolId,
        user_id: adminUser,
        role: 'admin',
        full_access: 1,
        created_at: CREATED_AT,
        sort_name: sortNameOf('Γραμματεία', 'Scale'),
        search_text: searchTextOf(['Scale', 'Γραμματεία', SCALE_ADMIN_EMAIL]),
      },
    ]);

    const person = insertPerson(trx, random, schoolId, passwordHash);
    const teachers = await person('teacher', size.teachers);
    const students = await person('student', size.students);
    const clients = await person('client', size.clients);
    await seedSchoolStructure(
      trx,
      random,
      { schoolId, teachers, students, clients },
      {
        currentPeriodId: periodId,
        lessons: size.lessons,
        siteNames: ['North building', 'South building', 'Annex'],
      },
    );
    return { schoolId, adminEmail: SCALE_ADMIN_EMAIL, size };
  });
}

/** People of one role: accounts, then their memberships; resolves to the membership ids. */
function insertPerson(trx: Tx, random: Random, schoolId: number, passwordHash: string) {
  return async (role: 'teacher' | 'student' | 'client', count: number): Promise<number[]> => {
    const people = Array.from({ length: count }, (_, i) => {
      return {
        account: randomAccount(random, {
          tag: `scale${role[0]}${i + 1}`,
          domain: 'scale.school',
          passwordHash,
          now: CREATED_AT,
        }),
        code: role === 'student' ? `L${String(i + 1).padStart(5, '0')}` : null,
        phone: `+30 69${random.int(10_000_000, 99_999_999)}`,
        birthDate:
          role === 'student'
            ? `20${random.int(8, 16).toString().padStart(2, '0')}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`
            : null,
      };
    });
    const userIds = await insertReturningIds(
      trx,
      'users',
      people.map((p) => p.account),
    );
    return insertReturningIds(
      trx,
      'memberships',
      people.map((p, i) => ({
        school_id: schoolId,
        user_id: userIds[i]!,
        role,
        created_at: CREATED_AT,
        code: p.code,
        phone: p.phone,
        birth_date: p.birthDate,
        sort_name: sortNameOf(p.account.last_name, p.account.first_name),
        search_text: searchTextOf([
          p.account.last_name,
          p.account.first_name,
          p.account.email,
          p.code,
          p.phone,
        ]),
      })),
    );
  };
}

/** The settings and categories a school's screens expect. */
async function insertSchoolBasics(trx: Tx, schoolId: number) {
  await insertReturningIds(trx, 'settings', [
    { school_id: schoolId, name: 'school_language', data: 'el', is_json: 0 },
    { school_id: schoolId, name: 'ai_chatbot_enabled', data: 'false', is_json: 0 },
  ]);
  // The lesson categories seedSchoolStructure files courses under.
  await insertReturningIds(
    trx,
    'categories',
    ['Mathematics', 'Physics', 'Languages'].map((name) => ({
      school_id: schoolId,
      type: 'lesson',
      name,
      color: null,
      search_text: searchTextOf([name]),
    })),
  );
}

async function insertCurrentPeriod(trx: Tx, schoolId: number): Promise<number> {
  const [periodId] = await insertReturningIds(trx, 'periods', [
    {
      school_id: schoolId,
      name: '2026–2027',
      start_date: '2026-09-01',
      end_date: '2027-06-30',
      is_current: 1,
      search_text: searchTextOf(['2026–2027']),
    },
  ]);
  return periodId!;
}
