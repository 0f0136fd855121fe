import type {
  AdminHome,
  AdminHomeCard,
  FirstStep,
  FirstStepKey,
  FirstSteps,
} from '../../../shared/api/office';
import type { PermissionResource } from '../../../shared/permissions';
import type { ServerDeps } from '../../deps';
import { daysBetween, localDate, zonedInstant } from '../calendar/school-time';
import { mayRead } from './policy';
import * as q from './queries';

// The admin's home is a list of typed cards, each built by one function over one resource;
// a card whose resource the admin cannot read is neither built nor sent.

/** How many items a card lists; its count says how many there are in all. */
const CARD_ITEMS = 5;
/** Announcements count as recent for this long. */
const RECENT_ANNOUNCEMENT_DAYS = 7;

interface Today {
  schoolId: number;
  date: string;
  weekday: number;
  /** The school's local wall-clock time, "HH:MM". */
  time: string;
  now: Date;
}

type CardBuilder = (deps: ServerDeps, today: Today) => Promise<AdminHomeCard>;

const localTime = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

const lessonsNow: CardBuilder = async (deps, today) => {
  const slots = await q.lessonsRunning(deps.db, today.schoolId, today.weekday, today.time);
  const zone = deps.config.timeZone;
  return {
    kind: 'lessons_now',
    count: slots.length,
    amount_cents: null,
    link: 'lessons',
    items: slots.slice(0, CARD_ITEMS).map((s) => ({
      id: s.lesson_id,
      title: s.lesson_name,
      subtitle: s.room,
      start: zonedInstant(today.date, s.start_time, zone).toISOString(),
      end: zonedInstant(today.date, s.end_time, zone).toISOString(),
      count: null,
      amount_cents: null,
      link: `lessons/${s.lesson_id}`,
    })),
  };
};

const sessionsLive: CardBuilder = async (deps, today) => {
  const { rows, total } = await q.sessionsLive(deps.db, today.schoolId, CARD_ITEMS);
  return {
    kind: 'sessions_live',
    count: total,
    amount_cents: null,
    // The office has no list of sessions (spec §2): each opens its dashboard.
    link: null,
    items: rows.map((s) => ({
      id: s.id,
      title: s.title,
      subtitle: s.lesson_name,
      start: s.started_at,
      end: s.scheduled_end,
      count: null,
      amount_cents: null,
      link: `session-dashboard/${s.id}`,
    })),
  };
};

const absencesToday: CardBuilder = async (deps, today) => {
  const students = await q.absencesOn(deps.db, today.schoolId, today.date);
  return {
    kind: 'absences_today',
    count: students.reduce((sum, s) => sum + Number(s.absences), 0),
    amount_cents: null,
    link: 'absences',
    items: students.slice(0, CARD_ITEMS).map((s) => ({
      id: s.student_id,
      title: `${s.first_name} ${s.last_name}`.trim(),
      subtitle: null,
      start: null,
      end: null,
      count: Number(s.absences),
      amount_cents: null,
      link: `absence/${s.student_id}`,
    })),
  };
};

const announcementsLatest: CardBuilder = async (deps, today) => {
  const since = new Date(today.now.getTime() - RECENT_ANNOUNCEMENT_DAYS * 86_400_000);
  const { rows, recent } = await q.latestAnnouncements(
    deps.db,
    today.schoolId,
    since.toISOString(),
    CARD_ITEMS,
  );
  return {
    kind: 'announcements_latest',
    count: recent,
    amount_cents: null,
    link: 'announcements',
    items: rows.map((a) => ({
      id: a.id,
      title: a.title,
      subtitle: null,
      start: a.created_at,
      end: null,
      count: null,
      amount_cents: null,
      link: `announcements/${a.id}`,
    })),
  };
};

const personName = (first: string | null, last: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim();

const installmentsOverdue: CardBuilder = async (deps, today) => {
  const payers = await q.overdueByPayer(deps.db, today.schoolId, today.date);
  return {
    kind: 'installments_overdue',
    count: payers.reduce((sum, p) => sum + Number(p.installments), 0),
    amount_cents: payers.reduce((sum, p) => sum + Number(p.owed), 0),
    // Each payer's account is where the office takes the payment or sends a reminder.
    link: 'clients',
    items: payers.slice(0, CARD_ITEMS).map((p) => ({
      id: p.client_id,
      title: personName(p.first_name, p.last_name),
      subtitle: null,
      start: null,
      end: null,
      count: Number(p.installments),
      amount_cents: Number(p.owed),
      link: `clients/${p.client_id}`,
    })),
  };
};

const paymentsToday: CardBuilder = async (deps, today) => {
  const payments = await q.paymentsOn(deps.db, today.schoolId, today.date);
  return {
    kind: 'payments_today',
    count: payments.length,
    amount_cents: payments.reduce((sum, p) => sum + p.amount_cents, 0),
    link: 'transactions',
    items: payments.slice(0, CARD_ITEMS).map((p) => ({
      id: p.id,
      title: personName(p.first_name, p.last_name),
      subtitle: null,
      start: null,
      end: null,
      count: null,
      amount_cents: p.amount_cents,
      link: `clients/${p.client_id}`,
    })),
  };
};

const mydataProblems: CardBuilder = async (deps, today) => {
  const { rows, total } = await q.mydataProblems(deps.db, today.schoolId, CARD_ITEMS);
  return {
    kind: 'mydata_problems',
    count: total,
    amount_cents: null,
    link: 'invoices',
    items: rows.map((d) => ({
      id: d.id,
      title: `${d.series}-${d.number}`,
      subtitle: d.payer_name,
      start: null,
      end: null,
      count: null,
      amount_cents: d.gross_cents,
      link: `invoices/${d.id}`,
    })),
  };
};

/** The home's cards in order, each with the resource an admin must read to see it. */
const CARDS: readonly { resource: PermissionResource; build: CardBuilder }[] = [
  { resource: 'lessons', build: lessonsNow },
  { resource: 'lessons', build: sessionsLive },
  { resource: 'absences', build: absencesToday },
  { resource: 'clients', build: installmentsOverdue },
  { resource: 'transactions', build: paymentsToday },
  { resource: 'transactions', build: mydataProblems },
  { resource: 'announcements', build: announcementsLatest },
];

/** The admin's home for this moment, with only the cards the caller may read. */
export async function adminHomeOf(
  deps: ServerDeps,
  schoolId: number,
  readable: ReadonlySet<string>,
): Promise<AdminHome> {
  const now = deps.now();
  const zone = deps.config.timeZone;
  const date = localDate(now, zone);
  const today: Today = {
    schoolId,
    date,
    weekday: daysBetween(date, date)[0]!.weekday,
    time: localTime(now, zone),
    now,
  };
  const [cards, steps] = await Promise.all([
    Promise.all(
      CARDS.filter((c) => mayRead(readable, c.resource)).map((c) => c.build(deps, today)),
    ),
    firstStepsOf(deps, schoolId, readable),
  ]);
  return { date, cards, first_steps_open: steps.total - steps.done };
}

/** Each step with the screen it is done on and the resource that screen needs. */
const STEP_SCREENS: Record<FirstStepKey, { link: string; resource: PermissionResource } | null> = {
  school_details: { link: 'settings', resource: 'settings' },
  periods: { link: 'periods', resource: 'periods' },
  levels: { link: 'levels', resource: 'levels' },
  buildings: { link: 'sites', resource: 'sites' },
  teachers: { link: 'teachers', resource: 'teachers' },
  students: { link: 'students', resource: 'students' },
  lessons: { link: 'lessons', resource: 'lessons' },
  pricing_items: { link: 'pricing_items', resource: 'pricing_items' },
  // The receipts and invoices screen holds the issuer details and myDATA's readiness.
  mydata: { link: 'invoices', resource: 'transactions' },
};

/** The first-steps checklist, ticked from what the school holds now. */
export async function firstStepsOf(
  deps: ServerDeps,
  schoolId: number,
  readable: ReadonlySet<string>,
): Promise<FirstSteps> {
  const c = await q.setupCounts(deps.db, schoolId);
  const found: Record<FirstStepKey, { done: boolean; count: number }> = {
    school_details: { done: c.hasName && c.hasLogo, count: Number(c.hasName) + Number(c.hasLogo) },
    periods: { done: c.periods > 0 && c.subPeriods > 0, count: c.periods },
    levels: { done: c.levels > 0, count: c.levels },
    buildings: { done: c.sites > 0 && c.rooms > 0, count: c.sites },
    teachers: { done: c.teachers > 0, count: c.teachers },
    students: { done: c.students > 0, count: c.students },
    lessons: { done: c.timetabledLessons > 0, count: c.timetabledLessons },
    pricing_items: { done: c.pricingItems > 0, count: c.pricingItems },
    // myDATA's credentials are the server's (MYDATA_* settings); the school's part is its
    // issuer details. Both are needed before a document can be sent.
    mydata: {
      done: deps.config.mydata !== null && c.issuerComplete,
      count: Number(deps.config.mydata !== null) + Number(c.issuerComplete),
    },
  };
  const steps: FirstStep[] = (Object.keys(found) as FirstStepKey[]).map((key) => {
    const screen = STEP_SCREENS[key];
    return {
      key,
      ...found[key],
      link: screen && mayRead(readable, screen.resource) ? screen.link : null,
    };
  });
  return { steps, done: steps.filter((s) => s.done).length, total: steps.length };
}
