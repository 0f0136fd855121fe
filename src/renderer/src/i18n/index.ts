import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants';
import { english } from './en';

// Keys are the English texts themselves (the spec's strings), so English needs no table of its
// own: a missing key shows the key. Greek must cover every key (a unit test checks it).
// The Greek table is loaded only when Greek is wanted, so that the sign-in screens of an English
// user do not download it.
type Table = Record<string, string>;
const builtInLoaders: Record<Language, () => Promise<Table>> = {
  en: async () => english,
  el: async () => (await import('./el')).greek,
};
const builtIn: Partial<Record<Language, Table>> = { en: english };
// Each language's table is fetched once; a failed fetch may be tried again.
const fetching: Partial<Record<Language, Promise<Table>>> = {};

function fetchTable(language: Language): Promise<Table> {
  const table = (fetching[language] ??= builtInLoaders[language]());
  table.catch(() => {
    if (fetching[language] === table) delete fetching[language];
  });
  return table;
}

/**
 * Starts fetching a language's texts ahead of their use: the start calls it as soon as an
 * answer names the language in force (the account's, the school's), so that the Greek table
 * arrives with the start's other loads instead of after the first screen has been drawn in
 * English (bench W5, the parent's home).
 */
export function preloadLanguage(language: Language): void {
  if (!builtIn[language]) fetchTable(language).catch(() => undefined);
}

type SchoolOverrides = Partial<Record<string, Record<string, string>>> | null;
// The school translations in force per instance, so that a table loaded later still gets them.
const overridesByInstance = new WeakMap<i18n, SchoolOverrides>();

/** An i18next instance in English; loadLanguage switches it (fetching Greek first). */
export function createI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(builtIn).map(([lng, table]) => [lng, { translation: { ...table } }]),
    ),
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

function putBundle(instance: i18n, language: Language): void {
  instance.removeResourceBundle(language, 'translation');
  instance.addResourceBundle(language, 'translation', {
    ...builtIn[language],
    ...overridesByInstance.get(instance)?.[language],
  });
}

/** Makes sure the built-in texts of a language are in the instance (fetching them once). */
export async function ensureLanguage(instance: i18n, language: Language): Promise<void> {
  if (!builtIn[language]) builtIn[language] = await fetchTable(language);
  if (!instance.hasResourceBundle(language, 'translation')) putBundle(instance, language);
}

/** Switches to a language once its texts are there, so that nothing shows half-translated. */
export async function loadLanguage(instance: i18n, language: Language): Promise<void> {
  await ensureLanguage(instance, language);
  if (instance.language !== language) await instance.changeLanguage(language);
}

/** Puts the built-in texts back and lays the school's own translations over them. */
export function applySchoolTranslations(instance: i18n, overrides: SchoolOverrides): void {
  overridesByInstance.set(instance, overrides);
  for (const language of LANGUAGES) {
    if (builtIn[language]) putBundle(instance, language);
    else instance.removeResourceBundle(language, 'translation');
  }
  // Re-render translated components with the new texts.
  void instance.changeLanguage(instance.language);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
