import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants';
import { greek } from './el';
import { english } from './en';

// Keys are the English texts themselves (the spec's strings), so English needs no table of its
// own: a missing key shows the key. Greek must cover every key (a unit test checks it).
const builtIn: Record<Language, Record<string, string>> = { en: english, el: greek };

export function createI18n(language: Language = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: {
      en: { translation: { ...builtIn.en } },
      el: { translation: { ...builtIn.el } },
    },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Puts the built-in texts back and lays the school's own translations over them. */
export function applySchoolTranslations(
  instance: i18n,
  overrides: Partial<Record<string, Record<string, string>>> | null,
): void {
  for (const language of LANGUAGES) {
    instance.removeResourceBundle(language, 'translation');
    instance.addResourceBundle(language, 'translation', {
      ...builtIn[language],
      ...overrides?.[language],
    });
  }
  // Re-render translated components with the new texts.
  void instance.changeLanguage(instance.language);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
