import {
  colorsSetting,
  drawerSetting,
  embedPagesSetting,
  type Setting,
  translationsSetting,
} from '../../../../shared/api';
import type { Language, Palette } from '../../../../shared/constants';
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

/** The settings the shell reads (spec §3), parsed; a malformed setting falls back to the default. */
export function parseSchoolSettings(
  settings: readonly Setting[] | undefined,
  basePalette?: Palette,
): SchoolSettings {
  const list = settings ?? [];
  const translations = translationsSetting.safeParse(settingValue(list, 'translations'));
  const language = settingValue(list, 'school_language');
  const colors = colorsSetting.safeParse(settingValue(list, 'colors'));
  const drawer = drawerSetting.safeParse(settingValue(list, 'drawer'));
  const embedPages = embedPagesSetting.safeParse(settingValue(list, 'embed_pages'));
  return {
    translations: translations.success ? translations.data : null,
    language: isLanguage(language) ? language : null,
    palette: resolvePalette(colors.success ? colors.data : null, basePalette),
    drawer: drawer.success ? drawer.data : {},
    embedPages: embedPages.success ? embedPages.data : [],
    // The spec's rule: shown only when the setting is the text true.
    aiChatbotEnabled: settingValue(list, 'ai_chatbot_enabled') === 'true',
  };
}
