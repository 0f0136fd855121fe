import { describe, expect, it } from 'vitest';
import { DEFAULT_PALETTE } from '../../src/shared/constants';
import { parseSchoolSettings } from '../../src/renderer/src/app/area/schoolSettings';

const json = (name: string, value: unknown) => ({
  name,
  data: JSON.stringify(value),
  isJSON: true,
});

describe('school settings', () => {
  it('reads translations, language, colours, drawer, embeds and the chatbot flag', () => {
    const settings = parseSchoolSettings([
      json('translations', { el: { Home: 'Σπίτι' } }),
      { name: 'school_language', data: 'el', isJSON: false },
      json('colors', { thirdBackground: '#004488' }),
      json('drawer', { admin: { tags: false } }),
      json('embed_pages', [{ title: 'Board', slug: 'board', url: 'https://example.org' }]),
      { name: 'ai_chatbot_enabled', data: 'true', isJSON: false },
    ]);
    expect(settings.translations).toEqual({ el: { Home: 'Σπίτι' } });
    expect(settings.language).toBe('el');
    expect(settings.palette).toEqual({ ...DEFAULT_PALETTE, thirdBackground: '#004488' });
    expect(settings.drawer).toEqual({ admin: { tags: false } });
    expect(settings.embedPages).toHaveLength(1);
    expect(settings.aiChatbotEnabled).toBe(true);
  });

  it('falls back to the defaults for missing or malformed settings', () => {
    const settings = parseSchoolSettings([
      { name: 'colors', data: '{not json', isJSON: true },
      { name: 'school_language', data: 'fr', isJSON: false },
      { name: 'ai_chatbot_enabled', data: 'yes', isJSON: false },
    ]);
    expect(settings.palette).toEqual(DEFAULT_PALETTE);
    expect(settings.language).toBeNull();
    expect(settings.aiChatbotEnabled).toBe(false);
    expect(parseSchoolSettings(undefined).translations).toBeNull();
  });
});
