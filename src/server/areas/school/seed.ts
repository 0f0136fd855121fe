import { DEFAULT_PALETTE } from '../../../shared/constants';
import type { SchoolContacts } from '../../../shared/api/school';
import { insertReturningIds, type SeedDb } from '../../db/seed/batches';
import { schoolFileKey, type ObjectStore } from '../../files/object-store';

// Demo schools: a white label, the schools themselves, their settings and a logo.

export async function seedWhiteLabel(db: SeedDb): Promise<void> {
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
}

export async function seedSchool(
  db: SeedDb,
  name: string,
  logo: string | null,
  now: string,
): Promise<number> {
  const [id] = await insertReturningIds(db, 'schools', [
    { name, logo, white_label_id: null, created_at: now },
  ]);
  return id!;
}

/** The settings the shell reads (spec §3), in the school's language and colours. */
export async function seedSettings(
  db: SeedDb,
  schoolId: number,
  language: string,
  colors: object,
  aiEnabled: string,
): Promise<void> {
  const json = (name: string, value: unknown) => ({
    school_id: schoolId,
    name,
    data: JSON.stringify(value),
    is_json: 1,
  });
  await insertReturningIds(db, 'settings', [
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
    // Off, as for a new school: parents join no sessions, students message no classmates.
    { school_id: schoolId, name: 'sessions_parents_join', data: 'false', is_json: 0 },
    { school_id: schoolId, name: 'chat_students_may_message', data: 'false', is_json: 0 },
  ]);
}

/** The school's public details (setting school_contacts), shown on its school page. */
export async function seedSchoolContacts(
  db: SeedDb,
  schoolId: number,
  contacts: SchoolContacts,
): Promise<void> {
  await insertReturningIds(db, 'settings', [
    { school_id: schoolId, name: 'school_contacts', data: JSON.stringify(contacts), is_json: 1 },
  ]);
}

/** A small logo for the Athens demo school, served from /api/school-files. */
export async function writeDemoLogos(storage: ObjectStore): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#2f6fd6"/><path d="M20 70 L48 22 L76 70 Z" fill="none" stroke="#fff" stroke-width="7" stroke-linejoin="round"/><circle cx="48" cy="56" r="7" fill="#f28c28"/></svg>`;
  await storage.put(schoolFileKey('athens-logo.svg'), Buffer.from(svg));
}
