import type { Setting } from '../../../../shared/api';
import { type Language, PALETTE_KEYS, type Palette } from '../../../../shared/constants';
import { resolvePalette } from '../theme/paletteTheme';
import { isLanguage } from '../../i18n';

export interface SchoolSettings {
  translations: Record<string, Record<string, string>> | null;
  language: Language | null;
  palette: Palette;
  /** Drawer visibility overrides: role -> item id -> visible. */
  drawer: Record<string, Record<string, boolean>>;
  embedPages: { title: string; slug: string; url?: string }[];
  aiChatbotEnabled: boolean;
}

function settingValue(settings: readonly Setting[], name: string): unknown {
  const entry = settings.find((setting) => setting.name === name);
  if (!entry) return undefined;
  if (!entry.isJSON) return entry.data;
  try {
    return JSON.parse(entry.data) as unknown;
  } catch {
    return undefined;
  }
}

// The shapes of shared/api's translationsSetting, colorsSetting, drawerSetting and
// embedPagesSetting, checked by hand: every area opens with these, and zod (about 27 kB gzip)
// would hold the home's first paint. The server checks the same zod shapes on every write, so
// these only guard against a value stored before that; tests/renderer/schoolSettings.test.ts
// holds them equal to the zod shapes.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const recordOfRecords = <T>(value: unknown, isLeaf: (leaf: unknown) => leaf is T) =>
  isRecord(value) &&
  Object.values(value).every((inner) => isRecord(inner) && Object.values(inner).every(isLeaf))
    ? (value as Record<string, Record<string, T>>)
    : null;

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const COLOUR = /^#[0-9a-fA-F]{6}$/;
const SLUG = /^[a-z0-9-]{1,60}$/;
const MAX_EMBED_PAGES = 50;

/** colorsSetting: known keys only (others dropped), each absent or #RRGGBB. */
function colorsOf(value: unknown): Record<string, string> | null {
  if (!isRecord(value)) return null;
  const colors: Record<string, string> = {};
  for (const key of PALETTE_KEYS) {
    const colour = value[key];
    if (colour === undefined) continue;
    if (!isString(colour) || !COLOUR.test(colour)) return null;
    colors[key] = colour;
  }
  return colors;
}

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** embedPagesSetting: at most 50 pages of trimmed title (1–100), slug and optional http(s) url. */
function embedPagesOf(value: unknown): SchoolSettings['embedPages'] | null {
  if (!Array.isArray(value) || value.length > MAX_EMBED_PAGES) return null;
  const pages: SchoolSettings['embedPages'] = [];
  for (const page of value) {
    if (!isRecord(page) || !isString(page.title) || !isString(page.slug)) return null;
    const title = page.title.trim();
    if (title.length < 1 || title.length > 100 || !SLUG.test(page.slug)) return null;
    if (page.url !== undefined && (!isString(page.url) || !isHttpUrl(page.url))) return null;
    pages.push({ title, slug: page.slug, ...(page.url !== undefined && { url: page.url }) });
  }
  return pages;
}

/** The school's own default language (setting school_language), if it names one. */
export function schoolLanguageOf(settings: readonly Setting[]): Language | null {
  const language = settingValue(settings, 'school_language');
  return isLanguage(language) ? language : null;
}

/** The settings the shell reads (spec §3), parsed; a malformed setting falls back to the default. */
export function parseSchoolSettings(
  settings: readonly Setting[] | undefined,
  basePalette?: Palette,
): SchoolSettings {
  const list = settings ?? [];
  return {
    translations: recordOfRecords(settingValue(list, 'translations'), isString),
    language: schoolLanguageOf(list),
    palette: resolvePalette(colorsOf(settingValue(list, 'colors')), basePalette),
    drawer: recordOfRecords(settingValue(list, 'drawer'), isBoolean) ?? {},
    embedPages: embedPagesOf(settingValue(list, 'embed_pages')) ?? [],
    // The spec's rule: shown only when the setting is the text true.
    aiChatbotEnabled: settingValue(list, 'ai_chatbot_enabled') === 'true',
  };
}
