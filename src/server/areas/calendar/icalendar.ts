// iCalendar text (RFC 5545) for the private feeds, written by hand: CRLF line ends, TEXT
// values escaped (§3.3.11), and content lines folded at 75 octets (§3.1) without cutting a
// UTF-8 character in two.

export interface IcsEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string | null;
}

/** Escapes a TEXT value: backslash, semicolon, comma and new lines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line into pieces of at most 75 octets; continuations start with a space. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // A continuation's leading space counts towards its 75.
    if (octets + size > 75) {
      pieces.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n');
}

/** An instant as an iCalendar UTC DATE-TIME: 20260312T143000Z. */
export const icsInstant = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A whole calendar of events, as the text a calendar app subscribes to. */
export function icalendar(input: { name: string; events: IcsEvent[]; now: Date }): string {
  const stamp = icsInstant(input.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Mathema//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
  ];
  for (const event of input.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsInstant(event.start)}`,
      `DTEND:${icsInstant(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
