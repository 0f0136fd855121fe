import { describe, expect, it } from 'vitest';
import { formatLongDate, formatTime } from '../../src/renderer/src/i18n/formatDate';

describe('dates and times in the UI language', () => {
  const iso = '2026-11-24T13:05:00.000Z';

  it('writes hours and minutes as each language does', () => {
    expect(formatTime(iso, 'en')).toMatch(/^\d{1,2}:05\s?(AM|PM)$/);
    expect(formatTime(iso, 'el')).toMatch(/^\d{1,2}:05\s?(π\.μ\.|μ\.μ\.)$/);
  });

  it('keeps a long date and its time apart from the time alone', () => {
    expect(formatLongDate(iso, 'en')).toMatch(/November 2[45], 2026/);
    expect(formatLongDate(iso, 'en', true)).toContain(formatTime(iso, 'en'));
  });

  it('gives back what is not a date', () => {
    expect(formatTime('not a date', 'en')).toBe('not a date');
  });
});
