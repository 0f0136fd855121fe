import type { Duty } from '../../../../shared/api/calendar';

/** The study guide's days: what is late, what is near, what can wait, what was done before. */
export type DutyGroupId = 'overdue' | 'today' | 'tomorrow' | 'week' | 'later' | 'earlier';

export interface DutyGroup {
  id: DutyGroupId;
  duties: Duty[];
}

/** Days back and ahead the study guide asks for (the server allows 93 days a request). */
export const DUTIES_DAYS_BACK = 30;
export const DUTIES_DAYS_AHEAD = 60;

/** A `YYYY-MM-DD` day moved by some days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today's `YYYY-MM-DD` on the device's clock. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const ORDER: DutyGroupId[] = ['overdue', 'today', 'tomorrow', 'week', 'later', 'earlier'];

/**
 * The duties by group, in the order a student works through them: overdue (past and not done),
 * today, tomorrow, the rest of the coming week, later, and what was done on past days. Empty
 * groups are left out; each keeps the server's order (by day).
 */
export function groupDuties(
  duties: Duty[],
  today: string,
  { hideDone = false, lessonId = null }: { hideDone?: boolean; lessonId?: number | null } = {},
): DutyGroup[] {
  const tomorrow = addDays(today, 1);
  const weekEnd = addDays(today, 6);
  const groups = new Map<DutyGroupId, Duty[]>(ORDER.map((id) => [id, []]));
  for (const duty of duties) {
    if (hideDone && duty.done) continue;
    if (lessonId !== null && duty.lesson_id !== lessonId) continue;
    const id: DutyGroupId =
      duty.date < today
        ? duty.done
          ? 'earlier'
          : 'overdue'
        : duty.date === today
          ? 'today'
          : duty.date === tomorrow
            ? 'tomorrow'
            : duty.date <= weekEnd
              ? 'week'
              : 'later';
    groups.get(id)!.push(duty);
  }
  return ORDER.flatMap((id) => {
    const list = groups.get(id)!;
    return list.length ? [{ id, duties: list }] : [];
  });
}
