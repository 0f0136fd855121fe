import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/api';
import { applySchoolTranslations, createI18n, loadLanguage } from '../../src/renderer/src/i18n';
import { greek } from '../../src/renderer/src/i18n/el';

const sourceRoot = path.resolve(import.meta.dirname, '../../src/renderer/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every literal key passed to t('…') or marked with msg('…') in the renderer. */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  const call = /\b(?:t|msg)\(\s*(['"`])((?:\\.|(?!\1).)*)\1/gs;
  for (const file of sourceFiles(sourceRoot)) {
    for (const match of readFileSync(file, 'utf8').matchAll(call))
      keys.add(match[2]!.replace(/\\'/g, "'"));
  }
  keys.delete('…');
  return keys;
}

describe('translations', () => {
  it('has Greek for every text the renderer shows, and for the spec messages', () => {
    const keys = usedKeys();
    expect(keys.size).toBeGreaterThan(150);
    const missing = [...keys, ...Object.values(MSG)].filter((key) => !(key in greek));
    expect(missing).toEqual([]);
  });

  it('shows English by default, with the English text as key', () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('Email is required!')).toBe('Email is required!');
    expect(i18n.t('Welcome, {{name}}', { name: 'Ada' })).toBe('Welcome, Ada');
    expect(i18n.t('exit_no_save')).toBe('Leave without saving?');
  });

  it('speaks Greek once its table is loaded', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'el');
    expect(i18n.language).toBe('el');
    expect(i18n.t('Wrong password Or Email')).toBe('Λάθος κωδικός ή email');
    expect(i18n.t('Welcome, {{name}}', { name: 'Άννα' })).toBe('Καλώς ήρθατε, Άννα');
  });

  it("lets a school's translations override the built-in ones, and removes them again", async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'el');
    applySchoolTranslations(i18n, { el: { Students: 'Σπουδαστές' }, en: { Students: 'Pupils' } });
    expect(i18n.t('Students')).toBe('Σπουδαστές');
    expect(i18n.t('Teachers')).toBe('Καθηγητές');
    expect(i18n.getFixedT('en')('Students')).toBe('Pupils');
    applySchoolTranslations(i18n, null);
    expect(i18n.t('Students')).toBe('Μαθητές');
    expect(i18n.getFixedT('en')('Students')).toBe('Students');
  });

  it('keeps school translations for a language whose table arrives later', async () => {
    const i18n = createI18n();
    applySchoolTranslations(i18n, { el: { Students: 'Σπουδαστές' } });
    await loadLanguage(i18n, 'el');
    expect(i18n.t('Students')).toBe('Σπουδαστές');
    expect(i18n.t('Teachers')).toBe('Καθηγητές');
  });
});
