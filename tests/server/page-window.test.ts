import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../src/server/resources/list';

describe('where a list page is read from', () => {
  it('reads the first half from the start and the second half from the end', () => {
    expect(pageWindow(5000, 1, 20)).toEqual({ backwards: false, limit: 20, offset: 0 });
    expect(pageWindow(5000, 125, 20)).toEqual({ backwards: false, limit: 20, offset: 2480 });
    expect(pageWindow(5000, 126, 20)).toEqual({ backwards: true, limit: 20, offset: 2480 });
    expect(pageWindow(5000, 250, 20)).toEqual({ backwards: true, limit: 20, offset: 0 });
  });

  it('shortens a last partial page and has nothing past the end', () => {
    expect(pageWindow(45, 3, 20)).toEqual({ backwards: true, limit: 5, offset: 0 });
    expect(pageWindow(45, 4, 20)).toBeNull();
    expect(pageWindow(0, 1, 20)).toBeNull();
    expect(pageWindow(1, 1, 20)).toEqual({ backwards: false, limit: 1, offset: 0 });
  });
});
