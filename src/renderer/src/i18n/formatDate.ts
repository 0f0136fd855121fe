// Building an Intl.DateTimeFormat costs far more than formatting with one (a home lists a dozen
// dates), so each language and style is built once.
const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: string, style: 'date' | 'dateTime' | 'time'): Intl.DateTimeFormat {
  const key = `${language}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      ...(style !== 'time' ? { dateStyle: 'long' } : {}),
      ...(style !== 'date' ? { timeStyle: 'short' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * Builds the formats of a language ahead of their first use. The first Intl.DateTimeFormat of a
 * page costs 15–45 ms in Chromium (its locale data is read then); the start calls this while its
 * first requests are on their way, so that a home's first render does not pay it (bench W5).
 */
export function prepareDateFormats(language: string): void {
  for (const style of ['date', 'dateTime', 'time'] as const) dateFormat(language, style);
}

/** A long date (spec §9), optionally with hours and minutes, in the UI language. */
export function formatLongDate(iso: string, language: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(language, withTime ? 'dateTime' : 'date').format(date);
}

/** Hours and minutes (a lesson's start, a payment's time), in the UI language. */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(language, 'time').format(date);
}
