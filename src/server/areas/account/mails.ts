import type { MailMessage } from '../../integrations/mail';

type Purpose = 'reset' | 'create';
type Language = 'en' | 'el';

const TEXTS: Record<
  Language,
  Record<Purpose, { subject: string; intro: string; action: string; expiry: string }>
> = {
  en: {
    reset: {
      subject: 'Reset your Mathema password',
      intro:
        'Someone asked to reset the password of your Mathema account. If it was you, choose a new password:',
      action: 'Choose a new password',
      expiry:
        'The link works once and expires in one hour. If you did not ask for it, ignore this message.',
    },
    create: {
      subject: 'Your Mathema account is ready',
      intro: 'Your school created a Mathema account for you. Choose your password to sign in:',
      action: 'Choose your password',
      expiry: 'The link works once and expires in seven days.',
    },
  },
  el: {
    reset: {
      subject: 'Επαναφορά κωδικού Mathema',
      intro:
        'Ζητήθηκε επαναφορά του κωδικού του λογαριασμού σας στο Mathema. Αν ήσασταν εσείς, ορίστε νέο κωδικό:',
      action: 'Ορισμός νέου κωδικού',
      expiry:
        'Ο σύνδεσμος λειτουργεί μία φορά και λήγει σε μία ώρα. Αν δεν το ζητήσατε, αγνοήστε αυτό το μήνυμα.',
    },
    create: {
      subject: 'Ο λογαριασμός σας στο Mathema είναι έτοιμος',
      intro:
        'Το σχολείο σας δημιούργησε λογαριασμό Mathema για εσάς. Ορίστε τον κωδικό σας για να συνδεθείτε:',
      action: 'Ορισμός κωδικού',
      expiry: 'Ο σύνδεσμος λειτουργεί μία φορά και λήγει σε επτά ημέρες.',
    },
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The reset or create-password mail, in the account's language. */
export function passwordLinkMail(options: {
  to: string;
  firstName: string;
  language: string;
  purpose: Purpose;
  link: string;
}): MailMessage {
  const language: Language = options.language === 'el' ? 'el' : 'en';
  const t = TEXTS[language][options.purpose];
  const greeting =
    language === 'el' ? `Γεια σας ${options.firstName},` : `Hello ${options.firstName},`;
  return {
    to: options.to,
    subject: t.subject,
    text: `${greeting}\n\n${t.intro}\n\n${options.link}\n\n${t.expiry}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t.intro)}</p><p><a href="${escapeHtml(options.link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(t.expiry)}</p>`,
  };
}
