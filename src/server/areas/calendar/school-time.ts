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

// Reading a zone's offset costs a formatToParts (some 50 µs on a server, more than the rest of a
// small request), and a zone changes its offset only at a whole second: the last reading of
// each zone serves every call in the same second.
const lastOffsets = new Map<string, { second: number; offsetMs: number }>();

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const second = Math.floor(ms / 1000);
  const last = lastOffsets.get(timeZone);
  if (last?.second === second) return last.offsetMs;
  const start = second * 1000;
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(start))
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offsetMs = wall - start;
  lastOffsets.set(timeZone, { second, offsetMs });
  return offsetMs;
}

/** The wall-clock fields in a zone at an instant. */
function wallClock(ms: number, timeZone: string) {
  const wall = new Date(ms + offsetAt(ms, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

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
