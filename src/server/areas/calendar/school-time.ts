// Timetables are written in the school's local time ("15:00" on Mondays); answers carry UTC
// instants (DESIGN.md). These convert between them for SCHOOL_TIME_ZONE, daylight saving
// included, with the platform's time-zone data (Intl).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let known = formatters.get(timeZone);
  if (!known) {
    known = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, known);
  }
  return known;
}

/** The wall-clock fields in a zone at an instant. */
function wallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const offsetAt = (ms: number, timeZone: string) => {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - (ms - (ms % 1000));
};

/** The instant of a local date and "HH:MM" in a zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Twice: the offset at the first guess may differ across a daylight-saving change.
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return new Date(guess);
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The days from `from` to `to`, both included, with their ISO weekday (1 Monday … 7 Sunday). */
export function daysBetween(from: string, to: string): { date: string; weekday: number }[] {
  const days: { date: string; weekday: number }[] = [];
  for (
    let ms = Date.parse(`${from}T00:00:00Z`);
    ms <= Date.parse(`${to}T00:00:00Z`);
    ms += 86_400_000
  ) {
    const date = new Date(ms);
    days.push({ date: date.toISOString().slice(0, 10), weekday: ((date.getUTCDay() + 6) % 7) + 1 });
  }
  return days;
}

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
