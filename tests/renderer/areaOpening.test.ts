import { describe, expect, it } from 'vitest';
import {
  markAppStart,
  markAreaPrefetched,
  reloadOlderThan,
  areaOpened,
  areaOpening,
} from '../../src/renderer/src/api/areaOpening';

const fetchedAt = (dataUpdatedAt: number) => ({ state: { dataUpdatedAt } });

// Opening an area loads its data again (spec §4), but what the start fetched for this very
// opening is that load: asking twice was the duplicate /account before the home could paint.
describe('what an area opening loads again', () => {
  it('keeps what the start prefetched for this area, and reloads on every later opening', () => {
    markAppStart(1_000);
    markAreaPrefetched('teacher', 3, 1_000);
    const first = areaOpening('teacher', 3, 5_000);
    expect(first).toBe(1_000);
    // A render thrown away by a suspending lazy part asks again and gets the same answer.
    expect(areaOpening('teacher', 3, 5_100)).toBe(1_000);
    areaOpened('teacher', 3);
    expect(reloadOlderThan(first)(fetchedAt(1_200))).toBe(false);
    expect(reloadOlderThan(first)(fetchedAt(900))).toBe('always');

    const again = areaOpening('teacher', 3, 9_000);
    expect(again).toBe(9_000);
    expect(reloadOlderThan(again)(fetchedAt(1_200))).toBe('always');
  });
});
