import type { NotificationEntity } from '../../../shared/api/inbox';
import type { Role } from '../../../shared/constants';
import { notificationAppPath } from '../../../shared/notifications/route';
import type { MailMessage } from '../../integrations/mail';

// What a notification looks like outside the app: the e-mail in the recipient's language and
// the Web Push payload the service worker shows. Both carry the screen it opens.

export interface DeliveredNotification {
  id: number;
  school_id: number;
  school_name: string;
  role: string;
  title: string;
  body: string | null;
  entity: string | null;
  entity_id: number | null;
  lesson_id: number | null;
  first_name: string;
  email: string | null;
  language: string;
}

export const appPathOf = (n: DeliveredNotification) =>
  notificationAppPath(n.role as Role, n.school_id, {
    entity: n.entity as NotificationEntity | null,
    entity_id: n.entity_id,
    lesson_id: n.lesson_id,
  }) ?? `/${n.role}/${n.school_id}/home`;

const TEXTS = {
  en: {
    greeting: (name: string) => `Hello ${name},`,
    intro: (school: string) => `There is something new for you at ${school}:`,
    open: 'Open it in Mathema',
    footer: 'You can choose which notifications reach you by e-mail in Mathema.',
  },
  el: {
    greeting: (name: string) => `Γεια σας ${name},`,
    intro: (school: string) => `Υπάρχει κάτι νέο για εσάς στο ${school}:`,
    open: 'Ανοίξτε το στο Mathema',
    footer: 'Μπορείτε να επιλέξετε ποιες ειδοποιήσεις σας έρχονται με e-mail στο Mathema.',
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function notificationMail(n: DeliveredNotification, publicUrl: string): MailMessage {
  const t = TEXTS[n.language === 'el' ? 'el' : 'en'];
  const link = `${publicUrl}${appPathOf(n)}`;
  const lines = [t.greeting(n.first_name), '', t.intro(n.school_name), n.title];
  if (n.body) lines.push(n.body);
  return {
    to: n.email!,
    subject: n.title,
    text: `${lines.join('\n')}\n\n${t.open}: ${link}\n\n${t.footer}\n`,
    html: [
      `<p>${escapeHtml(t.greeting(n.first_name))}</p>`,
      `<p>${escapeHtml(t.intro(n.school_name))}</p>`,
      `<p><strong>${escapeHtml(n.title)}</strong></p>`,
      n.body ? `<p>${escapeHtml(n.body)}</p>` : '',
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p>`,
      `<p><small>${escapeHtml(t.footer)}</small></p>`,
    ].join(''),
  };
}

/** What the service worker receives (service-worker.js shows it and opens `url` on a click). */
export interface PushPayload {
  title: string;
  body: string;
  /** The app path to open: `/{role}/{school_id}/{screen}`. */
  url: string;
  /** One notification shown once, however often it is delivered. */
  tag: string;
  school_id: number;
  role: string;
  entity: string | null;
  entity_id: number | null;
}

// A push message carries at most about 4 KB; titles are short anyway.
const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

export function pushPayload(n: DeliveredNotification): PushPayload {
  return {
    title: clip(n.title, 200),
    body: clip(n.body ?? n.school_name, 300),
    url: appPathOf(n),
    tag: `notification-${n.id}`,
    school_id: n.school_id,
    role: n.role,
    entity: n.entity,
    entity_id: n.entity_id,
  };
}
