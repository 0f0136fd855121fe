import { describe, expect, it, vi } from 'vitest';
import { createI18n, loadLanguage, preloadLanguage } from '../../src/renderer/src/i18n';

// Counts how often the Greek table's chunk is fetched (its module evaluated).
const fetched = vi.hoisted(() => ({ greek: 0 }));
vi.mock('../../src/renderer/src/i18n/el', async (original) => {
  fetched.greek += 1;
  return original();
});

describe('the language texts fetched ahead of use', () => {
  it('starts fetching Greek when the start learns it is wanted, and fetches it once', async () => {
    preloadLanguage('en');
    preloadLanguage('el');
    // Fetched without anything having asked for the language yet (no render, no instance).
    await vi.waitFor(() => expect(fetched.greek).toBe(1));

    const i18n = createI18n();
    await loadLanguage(i18n, 'el');
    expect(i18n.language).toBe('el');
    expect(i18n.t('Home')).not.toBe('Home');
    preloadLanguage('el');
    expect(fetched.greek).toBe(1);
  });
});
