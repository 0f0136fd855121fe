import { describe, expect, it } from 'vitest';
import { greek } from '../../../src/renderer/src/i18n/el';
import { EDITOR_CONTENT_MSG } from '../../../src/shared/editor';

describe('editor translations', () => {
  it('has Greek for the messages of the shared editor content schema', () => {
    const missing = Object.values(EDITOR_CONTENT_MSG).filter((key) => !(key in greek));
    expect(missing).toEqual([]);
  });
});
