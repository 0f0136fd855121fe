import { describe, expect, it } from 'vitest';
import { FIELD_MSG, RESOURCES } from '../../../src/shared/resources';
import { createI18n, loadLanguage } from '../../../src/renderer/src/i18n';
import { greek } from '../../../src/renderer/src/i18n/el';

describe('Greek for the declarations', () => {
  it('covers every title, field label, option and field message of src/shared/resources', () => {
    const keys = new Set<string>(Object.values(FIELD_MSG));
    for (const resource of Object.values(RESOURCES)) {
      keys.add(resource.title);
      keys.add(resource.singular);
      for (const field of resource.fields) {
        keys.add(field.label);
        for (const option of field.options ?? []) keys.add(option);
      }
    }
    expect([...keys].filter((key) => !(key in greek))).toEqual([]);
  });

  it('asks before deleting in the words of spec §8', async () => {
    const el = createI18n();
    await loadLanguage(el, 'el');
    expect(el.t('Are you sure you want to delete this?')).toBe(
      'Πρόκειται να διαγράψεις αυτό το αντικείμενο. Είσαι σίγουρος;',
    );
    expect(el.t('Cancel')).toBe('Ακύρωση');
    expect(el.t('Delete')).toBe('Διαγραφή');
    expect(createI18n().t('Nothing Found')).toBe('Nothing Found');
  });
});
