import { z } from 'zod';
import { PALETTE_KEYS, ROLES } from '../constants';
import { endpoint } from './endpoint';

export const roleParam = z.enum(ROLES);
export const idParam = z.coerce.number().int().positive();

export const schoolParams = z.object({ school_id: idParam });
export const schoolRoleParams = z.object({ school_id: idParam, role: roleParam });

/** Setting names the shell reads (spec §3). */
export const SETTING_NAMES = [
  'translations',
  'school_language',
  'colors',
  'drawer',
  'embed_pages',
  'jitsi_config_overwrite',
  'ai_chatbot_enabled',
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
  Object.fromEntries(PALETTE_KEYS.map((k) => [k, z.string().optional()])) as Record<
    (typeof PALETTE_KEYS)[number],
    z.ZodOptional<z.ZodString>
  >,
);
/** Drawer visibility overrides: item id -> visible, per role. */
export const drawerSetting = z.record(z.string(), z.record(z.string(), z.boolean()));
export const embedPagesSetting = z.array(
  z.object({ title: z.string(), slug: z.string(), url: z.string().optional() }),
);

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
