import i18next from 'i18next';

// The call page's own words (it is not part of the renderer bundle), in English and Greek.
const resources = {
  en: {
    translation: {
      connecting: 'Connecting to the call…',
      failed: 'The call could not start. Check your connection and try again.',
    },
  },
  el: {
    translation: {
      connecting: 'Σύνδεση στην κλήση…',
      failed: 'Η κλήση δεν μπόρεσε να ξεκινήσει. Ελέγξτε τη σύνδεσή σας και δοκιμάστε ξανά.',
    },
  },
} as const;

export function callPageTranslator(language: string) {
  const instance = i18next.createInstance();
  void instance.init({ lng: language, fallbackLng: 'en', resources, initAsync: false });
  return instance.t;
}
