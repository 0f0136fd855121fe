import { describe, expect, it } from 'vitest';
import { localDate, zonedInstant } from '../../src/server/areas/calendar/school-time';

// The wall clock of a zone, read straight from Intl: what school-time's cached offsets must agree
// with at every instant.
const intlFormats = new Map<string, Intl.DateTimeFormat>();
function intlDate(ms: number, timeZone: string): string {
  let format = intlFormats.get(timeZone);
  // en-CA writes dates as YYYY-MM-DD.
  if (!format) intlFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone })));
  return format.format(ms);
}

const ATHENS = 'Europe/Athens';

describe('school time', () => {
  it('reads the local date on both sides of midnight and of a daylight-saving change', () => {
    // Athens: UTC+2 in winter, UTC+3 from 2026-03-29 01:00 UTC.
    expect(localDate(new Date('2026-03-28T21:59:59.999Z'), ATHENS)).toBe('2026-03-28');
    expect(localDate(new Date('2026-03-28T22:00:00.000Z'), ATHENS)).toBe('2026-03-29');
    expect(localDate(new Date('2026-07-01T20:59:59.000Z'), ATHENS)).toBe('2026-07-01');
    expect(localDate(new Date('2026-07-01T21:00:00.000Z'), ATHENS)).toBe('2026-07-02');
    // The same second twice, then the next one: the second reading comes from the cache.
    expect(localDate(new Date('2026-07-01T20:59:59.500Z'), ATHENS)).toBe('2026-07-01');
    expect(localDate(new Date('2026-07-01T21:00:00.001Z'), ATHENS)).toBe('2026-07-02');
  });

  it('agrees with Intl at instants around every change of a year, in several zones', () => {
    const zones = [ATHENS, 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
    for (const zone of zones) {
      for (
        let ms = Date.parse('2026-01-01T00:00:00Z');
        ms < Date.parse('2027-01-01T00:00:00Z');
        ms += 5 * 3_600_000 + 17_000
      ) {
        expect(localDate(new Date(ms), zone), `${zone} ${new Date(ms).toISOString()}`).toBe(
          intlDate(ms, zone),
        );
      }
    }
  });

  it('places a local time on the right instant across daylight-saving changes', () => {
    expect(zonedInstant('2026-03-28', '15:00', ATHENS).toISOString()).toBe(
      '2026-03-28T13:00:00.000Z',
    );
    expect(zonedInstant('2026-03-29', '15:00', ATHENS).toISOString()).toBe(
      '2026-03-29T12:00:00.000Z',
    );
    expect(zonedInstant('2026-10-25', '15:00', ATHENS).toISOString()).toBe(
      '2026-10-25T13:00:00.000Z',
    );
    expect(zonedInstant('2026-11-02', '09:30', 'America/New_York').toISOString()).toBe(
      '2026-11-02T14:30:00.000Z',
    );
  });
});
