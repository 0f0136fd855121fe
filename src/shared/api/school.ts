import { z } from 'zod';
import { PALETTE_KEYS, ROLES } from '../constants';
import { GRADE_PUBLISHING, GRADE_ROUNDINGS, GRADE_SCALES } from '../grades/average';
import { endpoint } from './endpoint';

export const roleParam = z.enum(ROLES);
export const idParam = z.coerce.number().int().positive();

export const schoolParams = z.object({ school_id: idParam });
export const schoolRoleParams = z.object({ school_id: idParam, role: roleParam });

/** Setting names the shell reads (spec §3), and the school page's public details. */
export const SETTING_NAMES = [
  'translations',
  'school_language',
  'colors',
  'drawer',
  'embed_pages',
  'jitsi_config_overwrite',
  'ai_chatbot_enabled',
  'grade_scale',
  'grade_rounding',
  'grades_publish',
  'absence_notice_grace_minutes',
  'absence_threshold',
  'school_contacts',
  'sessions_parents_join',
  'finance_overdue_reminders',
  'chat_students_may_message',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

export const setting = z.object({
  name: z.string(),
  /** Text; parse as JSON when isJSON is true. */
  data: z.string(),
  isJSON: z.boolean(),
});
export type Setting = z.infer<typeof setting>;

/** Shapes of the JSON settings, for the renderer that parses them. */
export const translationsSetting = z.record(z.string(), z.record(z.string(), z.string()));
export const colorsSetting = z.object(
  Object.fromEntries(
    PALETTE_KEYS.map((k) => [
      k,
      z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #RRGGBB')
        .optional(),
    ]),
  ) as Record<(typeof PALETTE_KEYS)[number], z.ZodOptional<z.ZodString>>,
);
/** Drawer visibility overrides: item id -> visible, per role. */
export const drawerSetting = z.record(z.string(), z.record(z.string(), z.boolean()));
export const embedPagesSetting = z
  .array(
    z.object({
      title: z.string().trim().min(1).max(100),
      slug: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Use lower-case letters, digits and dashes'),
      url: z.url({ protocol: /^https?$/ }).optional(),
    }),
  )
  .max(50);

const contactText = (max: number) => z.string().trim().max(max, 'This text is too long');

/** The school's public details (setting school_contacts), shown to its members read-only. */
export const schoolContactsSetting = z.object({
  address: contactText(200).optional(),
  city: contactText(100).optional(),
  postal_code: contactText(20).optional(),
  phone: contactText(40).optional(),
  email: z.email('Enter an email address').max(320).optional(),
  website: z.url({ protocol: /^https?$/, error: 'Enter a web address (https://…)' }).optional(),
  /** Opening hours of the office, as the school writes them. */
  office_hours: contactText(200).optional(),
});
export type SchoolContacts = z.infer<typeof schoolContactsSetting>;

export const category = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  color: z.string().nullable(),
});
export type Category = z.infer<typeof category>;

export const subPeriod = z.object({
  id: z.number().int(),
  period_id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
export type SubPeriod = z.infer<typeof subPeriod>;

export const period = z.object({
  id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  iscurrent: z.boolean(),
  sub_periods: z.array(subPeriod),
});
export type Period = z.infer<typeof period>;

export const permissionEntry = z.object({
  resource: z.string(),
  read: z.boolean(),
  write: z.boolean(),
});

export const schoolEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/schools/:school_id/settings',
    access: 'school-member',
    summary: "The school's settings (translations, language, colours, drawer, ...).",
    params: schoolParams,
    response: z.array(setting),
  }),
  categories: endpoint({
    method: 'GET',
    path: '/schools/:school_id/categories',
    access: 'school-member',
    summary: "The school's categories, optionally of one type.",
    params: schoolParams,
    query: z.object({ type: z.string().max(60).optional() }),
    response: z.array(category),
  }),
  periods: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/period',
    access: 'school-role',
    summary: "The school's periods with their sub-periods; the current one has iscurrent.",
    params: schoolRoleParams,
    response: z.array(period),
  }),
  period: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/period/:id',
    access: 'school-role',
    summary: 'One period with its sub-periods.',
    params: schoolRoleParams.extend({ id: idParam }),
    response: period,
  }),
  userPermissions: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/school/user-permissions',
    access: 'school-role',
    summary: "The caller's effective read/write per permission resource.",
    params: schoolRoleParams,
    response: z.array(permissionEntry),
  }),
};

/** A whole number stored as setting text (numbers are accepted and kept as text). */
const wholeNumberText = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .regex(/^\d{1,4}$/, 'Enter a whole number')
      .refine((v) => Number(v) >= min && Number(v) <= max, `Enter a number from ${min} to ${max}`),
  );

/** What an admin may change in the school's settings; each JSON setting is checked by shape. */
export const settingValueSchemas = {
  translations: translationsSetting,
  school_language: z.enum(['en', 'el']),
  colors: colorsSetting,
  drawer: drawerSetting,
  embed_pages: embedPagesSetting,
  jitsi_config_overwrite: z.partialRecord(z.enum(ROLES), z.record(z.string(), z.unknown())),
  ai_chatbot_enabled: z.enum(['true', 'false']),
  /** The gradebook's scale (its top grade) and how a sub-period grade is rounded. */
  grade_scale: z.enum(GRADE_SCALES, { error: 'Choose 20, 10 or 100' }),
  grade_rounding: z.enum(GRADE_ROUNDINGS),
  /** Students and parents see the sub-period grade at once, or once the sub-period ends. */
  grades_publish: z.enum(GRADE_PUBLISHING),
  /** Minutes between marking an absence and telling the family (a correction cancels it). */
  absence_notice_grace_minutes: wholeNumberText(0, 720),
  /** Unjustified absences per lesson that warn the office and the parents (0: never). */
  absence_threshold: wholeNumberText(0, 500),
  school_contacts: schoolContactsSetting,
  /** Parents may join their children's live sessions (docs/live-sessions.md). */
  sessions_parents_join: z.enum(['true', 'false']),
  /** Payers with overdue installments hear of them by e-mail, at most once a week. */
  finance_overdue_reminders: z.enum(['true', 'false']),
  /** Students may open conversations with classmates ("true"); off by default. */
  chat_students_may_message: z.enum(['true', 'false']),
} as const;

export const updateSettingsBody = z.object({
  /** The school's name shown in menus and the dashboard. */
  name: z.string().trim().min(1, 'This field is required').max(200).optional(),
  settings: z
    .object({
      translations: settingValueSchemas.translations.optional(),
      school_language: settingValueSchemas.school_language.optional(),
      colors: settingValueSchemas.colors.optional(),
      drawer: settingValueSchemas.drawer.optional(),
      embed_pages: settingValueSchemas.embed_pages.optional(),
      jitsi_config_overwrite: settingValueSchemas.jitsi_config_overwrite.optional(),
      ai_chatbot_enabled: settingValueSchemas.ai_chatbot_enabled.optional(),
      grade_scale: settingValueSchemas.grade_scale.optional(),
      grade_rounding: settingValueSchemas.grade_rounding.optional(),
      grades_publish: settingValueSchemas.grades_publish.optional(),
      absence_notice_grace_minutes: settingValueSchemas.absence_notice_grace_minutes.optional(),
      absence_threshold: settingValueSchemas.absence_threshold.optional(),
      school_contacts: settingValueSchemas.school_contacts.optional(),
      sessions_parents_join: settingValueSchemas.sessions_parents_join.optional(),
      finance_overdue_reminders: settingValueSchemas.finance_overdue_reminders.optional(),
      chat_students_may_message: settingValueSchemas.chat_students_may_message.optional(),
    })
    .default({}),
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;

export const schoolAdminEndpoints = {
  updateSettings: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/settings',
    access: 'school-role',
    summary: "Change the school's name and settings (admins with the settings permission).",
    params: schoolRoleParams,
    body: updateSettingsBody,
    response: z.array(setting),
  }),
  uploadLogo: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/settings/logo',
    access: 'school-role',
    summary: 'Upload the school\'s logo (PNG, JPEG, WebP or SVG, at most 2 MB; multipart "file").',
    params: schoolRoleParams,
    response: z.object({ logo: z.string() }),
  }),
  schoolFile: endpoint({
    method: 'GET',
    path: '/school-files/:name',
    access: 'public',
    summary:
      "A school's logo or login image by file name (public: the login screen shows them; images only).",
    params: z.object({ name: z.string().max(200) }),
    response: z.null(),
  }),
};
