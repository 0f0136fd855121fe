// The weekly timetable of a lesson, apart from React: its slots by day, in time order.

/** A lesson_schedules row as the list call answers it. */
export interface TimetableSlot {
  id: number;
  /** 1 (Monday) to 7 (Sunday). */
  weekday: number;
  start_time: string;
  end_time: string;
  room_label?: string | null;
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Reads the slots out of list rows, skipping any that is not a well-formed slot. */
export function toSlots(rows: readonly Record<string, unknown>[]): TimetableSlot[] {
  return rows.flatMap((row) => {
    const weekday = Number(row.weekday);
    if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7) return [];
    return [
      {
        id: Number(row.id),
        weekday,
        start_time: String(row.start_time ?? ''),
        end_time: String(row.end_time ?? ''),
        room_label: typeof row.room_label === 'string' ? row.room_label : null,
      },
    ];
  });
}

/** Each day from Monday to Sunday with its slots, earliest first. */
export function slotsByWeekday(slots: readonly TimetableSlot[]): Map<number, TimetableSlot[]> {
  const days = new Map<number, TimetableSlot[]>(WEEKDAYS.map((day) => [day, []]));
  for (const slot of slots) days.get(slot.weekday)?.push(slot);
  for (const daySlots of days.values())
    daySlots.sort(
      (a, b) => a.start_time.localeCompare(b.start_time) || a.end_time.localeCompare(b.end_time),
    );
  return days;
}

/** "09:00–10:30". */
export const slotTimes = (slot: TimetableSlot) => `${slot.start_time}–${slot.end_time}`;

/** The short name of a weekday 1..7 in a language (1 January 2024 was a Monday). */
export const weekdayShortName = (day: number, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'short' }).format(new Date(2024, 0, day));
