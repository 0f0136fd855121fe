import type { Setting, UpdateSettingsBody } from '../../../../shared/api';
import { DEFAULT_PALETTE, ROLES, type Palette } from '../../../../shared/constants';
import {
  GRADE_PUBLISHING,
  GRADE_ROUNDINGS,
  GRADE_SCALES,
  type GradePublishing,
  type GradeRounding,
  type GradeScaleSetting,
} from '../../../../shared/grades/average';

/** The settings page's working copy: plain values that inputs edit. */
export interface SettingsDraft {
  name: string;
  language: 'en' | 'el';
  colors: Palette;
  drawer: Record<string, Record<string, boolean>>;
  embedPages: { title: string; slug: string; url: string }[];
  /** One row per overridden text: the English key and its two translations. */
  translations: { key: string; en: string; el: string }[];
  aiChatbot: boolean;
  overdueReminders: boolean;
  /** Per role, the Jitsi overrides as JSON text (edited as text, checked on save). */
  jitsi: Record<string, string>;
  /** Parents may join their children's live sessions (setting sessions_parents_join). */
  parentsJoinSessions: boolean;
  /** The gradebook's scale, rounding and when students and parents see the grade. */
  gradeScale: GradeScaleSetting;
  gradeRounding: GradeRounding;
  gradesPublish: GradePublishing;
  /** Whole numbers as typed (checked by the shared schema on save). */
  absenceGraceMinutes: string;
  absenceThreshold: string;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

function valueOf(settings: readonly Setting[], name: string): unknown {
  const entry = settings.find((s) => s.name === name);
  if (!entry) return undefined;
  if (!entry.isJSON) return entry.data;
  try {
    return JSON.parse(entry.data) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The draft of stored settings; anything malformed starts from its default. */
export function draftFromSettings(settings: readonly Setting[], schoolName: string): SettingsDraft {
  const colors = valueOf(settings, 'colors');
  const translations = valueOf(settings, 'translations');
  const rows = new Map<string, { key: string; en: string; el: string }>();
  if (isObject(translations)) {
    for (const language of ['en', 'el'] as const) {
      const table = translations[language];
      if (!isObject(table)) continue;
      for (const [key, text] of Object.entries(table)) {
        const row = rows.get(key) ?? { key, en: '', el: '' };
        row[language] = String(text);
        rows.set(key, row);
      }
    }
  }
  const pages = valueOf(settings, 'embed_pages');
  const jitsi = valueOf(settings, 'jitsi_config_overwrite');
  const drawer = valueOf(settings, 'drawer');
  return {
    name: schoolName,
    language: valueOf(settings, 'school_language') === 'en' ? 'en' : 'el',
    colors: { ...DEFAULT_PALETTE, ...(isObject(colors) ? (colors as Partial<Palette>) : {}) },
    drawer: isObject(drawer) ? (drawer as SettingsDraft['drawer']) : {},
    embedPages: Array.isArray(pages)
      ? pages.filter(isObject).map((p) => ({
          title: String(p.title ?? ''),
          slug: String(p.slug ?? ''),
          url: String(p.url ?? ''),
        }))
      : [],
    translations: [...rows.values()],
    aiChatbot: valueOf(settings, 'ai_chatbot_enabled') === 'true',
    parentsJoinSessions: valueOf(settings, 'sessions_parents_join') === 'true',
    overdueReminders: valueOf(settings, 'finance_overdue_reminders') === 'true',
    gradeScale: oneOf(GRADE_SCALES, valueOf(settings, 'grade_scale'), '20'),
    gradeRounding: oneOf(GRADE_ROUNDINGS, valueOf(settings, 'grade_rounding'), 'tenth'),
    gradesPublish: oneOf(GRADE_PUBLISHING, valueOf(settings, 'grades_publish'), 'immediately'),
    absenceGraceMinutes: String(valueOf(settings, 'absence_notice_grace_minutes') ?? '10'),
    absenceThreshold: String(valueOf(settings, 'absence_threshold') ?? '0'),
    jitsi: Object.fromEntries(
      ROLES.map((role) => [
        role,
        isObject(jitsi) && isObject(jitsi[role]) ? JSON.stringify(jitsi[role], null, 2) : '',
      ]),
    ),
  };
}

/** The PUT body of a draft, or the name of the part whose JSON text does not parse. */
export function bodyFromDraft(
  draft: SettingsDraft,
): { body: UpdateSettingsBody } | { invalidJitsiRole: string } {
  const jitsi: Record<string, Record<string, unknown>> = {};
  // The shared schema's record over ROLES wants every role: an empty override is {}.
  for (const role of ROLES) {
    const text = draft.jitsi[role] ?? '';
    jitsi[role] = {};
    if (!text.trim()) continue;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!isObject(parsed)) return { invalidJitsiRole: role };
      jitsi[role] = parsed;
    } catch {
      return { invalidJitsiRole: role };
    }
  }
  const translations: Record<string, Record<string, string>> = { en: {}, el: {} };
  for (const row of draft.translations) {
    const key = row.key.trim();
    if (!key) continue;
    if (row.en.trim()) translations.en![key] = row.en;
    if (row.el.trim()) translations.el![key] = row.el;
  }
  return {
    body: {
      name: draft.name,
      settings: {
        school_language: draft.language,
        colors: draft.colors,
        drawer: draft.drawer,
        embed_pages: draft.embedPages.map((p) => ({
          title: p.title,
          slug: p.slug,
          ...(p.url.trim() ? { url: p.url.trim() } : {}),
        })),
        translations,
        ai_chatbot_enabled: draft.aiChatbot ? 'true' : 'false',
        sessions_parents_join: draft.parentsJoinSessions ? 'true' : 'false',
        finance_overdue_reminders: draft.overdueReminders ? 'true' : 'false',
        grade_scale: draft.gradeScale,
        grade_rounding: draft.gradeRounding,
        grades_publish: draft.gradesPublish,
        absence_notice_grace_minutes: draft.absenceGraceMinutes.trim() || '10',
        absence_threshold: draft.absenceThreshold.trim() || '0',
        jitsi_config_overwrite: jitsi as UpdateSettingsBody['settings']['jitsi_config_overwrite'],
      },
    },
  };
}
