import { describe, expect, it } from 'vitest';
import {
  colorsSetting,
  drawerSetting,
  embedPagesSetting,
  translationsSetting,
} from '../../src/shared/api';
import { DEFAULT_PALETTE } from '../../src/shared/constants';
import { parseSchoolSettings } from '../../src/renderer/src/app/area/schoolSettings';
import { resolvePalette } from '../../src/renderer/src/app/theme/paletteTheme';

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

// The shell checks these shapes by hand (zod would hold the home's first paint); whatever zod's
// schemas accept it accepts, with the same result, and whatever they refuse falls back.
describe('school settings checked like the shared zod shapes', () => {
  const page = { title: 'Board', slug: 'board', url: 'https://example.org/x' };
  const cases: Record<string, unknown[]> = {
    translations: [
      { el: { Home: 'Σπίτι' } },
      {},
      { el: {} },
      { el: { Home: 3 } },
      { el: 'Σπίτι' },
      [],
      [{ Home: 'x' }],
      null,
      'text',
      { el: { Home: 'Σπίτι' }, en: null },
    ],
    colors: [
      { thirdBackground: '#004488' },
      {},
      { thirdBackground: '#04488' },
      { thirdBackground: 7 },
      { thirdBackground: '#004488', other: 'anything' },
      { thirdBackground: null },
      { primaryText: '#ABCDEF', primaryBackground: '#abcdef ' },
      [],
      null,
    ],
    drawer: [
      { admin: { tags: false } },
      { admin: { tags: 'no' } },
      { admin: [] },
      { admin: {}, teacher: { chat: true } },
      [],
      7,
    ],
    embed_pages: [
      [page],
      [],
      [{ ...page, title: '  Board  ' }],
      [{ ...page, title: '   ' }],
      [{ ...page, title: 'x'.repeat(101) }],
      [{ ...page, title: 'x'.repeat(100) }],
      [{ ...page, slug: 'Board' }],
      [{ ...page, slug: 'b'.repeat(61) }],
      [{ title: 'Board', slug: 'board' }],
      [{ ...page, url: 'ftp://example.org' }],
      [{ ...page, url: 'not a url' }],
      [{ ...page, url: 'http://example.org' }],
      [{ ...page, url: 7 }],
      [{ ...page, extra: true }],
      Array.from({ length: 50 }, (_, i) => ({ ...page, slug: `p${i}` })),
      Array.from({ length: 51 }, (_, i) => ({ ...page, slug: `p${i}` })),
      { 0: page },
      [null],
    ],
  };

  it('give what zod gives, or the default where zod refuses', () => {
    for (const value of cases.translations!) {
      const zod = translationsSetting.safeParse(value);
      expect(parseSchoolSettings([json('translations', value)]).translations).toEqual(
        zod.success ? zod.data : null,
      );
    }
    for (const value of cases.colors!) {
      const zod = colorsSetting.safeParse(value);
      expect(parseSchoolSettings([json('colors', value)]).palette).toEqual(
        resolvePalette(zod.success ? zod.data : null),
      );
    }
    for (const value of cases.drawer!) {
      const zod = drawerSetting.safeParse(value);
      expect(parseSchoolSettings([json('drawer', value)]).drawer).toEqual(
        zod.success ? zod.data : {},
      );
    }
    for (const value of cases.embed_pages!) {
      const zod = embedPagesSetting.safeParse(value);
      expect(parseSchoolSettings([json('embed_pages', value)]).embedPages).toEqual(
        zod.success ? zod.data : [],
      );
    }
  });
});
