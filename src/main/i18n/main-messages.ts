import i18next, { type TFunction } from 'i18next';
import type { Language } from '../../shared/constants';

// The few sentences the main process says itself (dialogs, refusals), in English and Greek.
// The renderer has its own, larger resources; these never reach it except as finished text.

const resources = {
  en: {
    translation: {
      vault: {
        plaintextOnly:
          'Mathema cannot keep you signed in on this computer: there is no secure key store (such as GNOME Keyring or KWallet), and Mathema never saves your sign-in as plain text. You stay signed in until you close the app.',
        encryptionUnavailable:
          "Mathema cannot keep you signed in on this computer: the system's secure storage is not available. You stay signed in until you close the app.",
      },
      config: {
        invalidMachineFile:
          'The configuration file {{path}} set by your administrator could not be used ({{reason}}). Mathema is using its default settings.',
        locked: '{{key}} is set by your administrator and cannot be changed here.',
        invalidServerUrl:
          'The server address must start with https:// (or http:// on this computer).',
      },
    },
  },
  el: {
    translation: {
      vault: {
        plaintextOnly:
          'Το Mathema δεν μπορεί να σας κρατήσει συνδεδεμένους σε αυτόν τον υπολογιστή: δεν υπάρχει ασφαλής αποθήκη κλειδιών (όπως GNOME Keyring ή KWallet) και το Mathema δεν αποθηκεύει ποτέ τη σύνδεσή σας ως απλό κείμενο. Παραμένετε συνδεδεμένοι μέχρι να κλείσετε την εφαρμογή.',
        encryptionUnavailable:
          'Το Mathema δεν μπορεί να σας κρατήσει συνδεδεμένους σε αυτόν τον υπολογιστή: η ασφαλής αποθήκευση του συστήματος δεν είναι διαθέσιμη. Παραμένετε συνδεδεμένοι μέχρι να κλείσετε την εφαρμογή.',
      },
      config: {
        invalidMachineFile:
          'Το αρχείο ρυθμίσεων {{path}} του διαχειριστή σας δεν μπόρεσε να χρησιμοποιηθεί ({{reason}}). Το Mathema χρησιμοποιεί τις προεπιλεγμένες ρυθμίσεις.',
        locked: 'Η ρύθμιση {{key}} ορίζεται από τον διαχειριστή σας και δεν αλλάζει από εδώ.',
        invalidServerUrl:
          'Η διεύθυνση του διακομιστή πρέπει να αρχίζει με https:// (ή http:// σε αυτόν τον υπολογιστή).',
      },
    },
  },
} as const;

export type MainTranslate = TFunction;

/** A translator for the main process's own messages in one language. */
export function createMainTranslator(language: Language): MainTranslate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance.t;
}
