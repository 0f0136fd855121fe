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
