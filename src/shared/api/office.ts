import { z } from 'zod';
import { endpoint } from './endpoint';
import { schoolRoleParams } from './school';

// The office's start: the admin's home (today at a glance) and the first-steps checklist of a
// new school. Both answer in one call each; docs/admin-start.md describes the card contract.

/**
 * The kinds of card the admin's home may hold. An area adds its kind here and its builder on
 * the server; the renderer shows any card by the same rules and needs only the kind's texts.
 */
export const ADMIN_HOME_CARD_KINDS = [
  'lessons_now',
  'sessions_live',
  'absences_today',
  'installments_overdue',
  'payments_today',
  'mydata_problems',
  'announcements_latest',
] as const;
export type AdminHomeCardKind = (typeof ADMIN_HOME_CARD_KINDS)[number];

export const adminHomeItem = z.object({
  id: z.number().int(),
  /** What the item is called (a lesson, a student, an announcement): data, not translated. */
  title: z.string(),
  /** A second line of data (a room, a lesson, a teacher), or null. */
  subtitle: z.string().nullable(),
  /** ISO instants of the item's time span (a lesson's slot) or moment (start only). */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** A figure the item carries (absences of a student today, overdue installments), or null. */
  count: z.number().int().nullable(),
  /** An amount of money the item carries, in cents (what a payer owes, a payment), or null. */
  amount_cents: z.number().int().nullable(),
  /** The screen inside /admin/{school_id} that opens the item, or null. */
  link: z.string().nullable(),
});
export type AdminHomeItem = z.infer<typeof adminHomeItem>;

export const adminHomeCard = z.object({
  kind: z.enum(ADMIN_HOME_CARD_KINDS),
  /** The headline figure: how many there are in all (items shows at most a few). */
  count: z.number().int(),
  /** The card's total in cents where it is about money (owed, paid today), else null. */
  amount_cents: z.number().int().nullable(),
  /** The screen with the whole list, or null when there is none. */
  link: z.string().nullable(),
  items: z.array(adminHomeItem),
});
export type AdminHomeCard = z.infer<typeof adminHomeCard>;

export const adminHome = z.object({
  /** The school's local date the home speaks of (YYYY-MM-DD). */
  date: z.string(),
  /** Only the cards whose resource the caller's permission groups may read, in order. */
  cards: z.array(adminHomeCard),
  /** Whether the first-steps checklist still has open items (the home links to it then). */
  first_steps_open: z.number().int(),
});
export type AdminHome = z.infer<typeof adminHome>;

export const FIRST_STEP_KEYS = [
  'school_details',
  'periods',
  'levels',
  'buildings',
  'teachers',
  'students',
  'lessons',
  'pricing_items',
  'mydata',
] as const;
export type FirstStepKey = (typeof FIRST_STEP_KEYS)[number];

export const firstStep = z.object({
  key: z.enum(FIRST_STEP_KEYS),
  done: z.boolean(),
  /** What was found (periods, levels, students…), for the checklist's second line. */
  count: z.number().int(),
  /** The screen where the step is done, or null while that screen does not exist yet. */
  link: z.string().nullable(),
});
export type FirstStep = z.infer<typeof firstStep>;

export const firstSteps = z.object({
  steps: z.array(firstStep),
  done: z.number().int(),
  total: z.number().int(),
});
export type FirstSteps = z.infer<typeof firstSteps>;

export const officeEndpoints = {
  adminHome: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/admin-home',
    access: 'school-role',
    summary:
      "The admin's home: today's cards (lessons now, live sessions, absences today, latest announcements), each only when the caller may read its resource.",
    params: schoolRoleParams,
    response: adminHome,
  }),
  firstSteps: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/first-steps',
    access: 'school-role',
    summary: "A new school's checklist, ticked from the school's own data.",
    params: schoolRoleParams,
    response: firstSteps,
  }),
};
