import { describe, expect, it, vi } from 'vitest';
import {
  toasterMounted,
  toasterWanted,
  useAppToaster,
  wantToaster,
} from '../../src/renderer/src/app/toaster';

describe('the app-wide toaster, fetched when first needed', () => {
  it('keeps the toasts raised before it is there, asks for it once, and hands them over in order', () => {
    const asked = vi.fn();
    const unsubscribe = toasterWanted.subscribe(asked);
    expect(toasterWanted.get()).toBe(false);

    const { dispatchToast } = useAppToaster();
    dispatchToast('Could not load the area', { intent: 'error' });
    dispatchToast('Saved', { intent: 'success' });
    expect(toasterWanted.get()).toBe(true);
    expect(asked).toHaveBeenCalledTimes(1);
    wantToaster();
    expect(asked).toHaveBeenCalledTimes(1);

    const shown = vi.fn();
    const unmount = toasterMounted(shown);
    expect(shown.mock.calls).toEqual([
      ['Could not load the area', { intent: 'error' }],
      ['Saved', { intent: 'success' }],
    ]);

    // Mounted: straight through, nothing kept.
    dispatchToast('Invited');
    expect(shown).toHaveBeenLastCalledWith('Invited');
    expect(shown).toHaveBeenCalledTimes(3);

    // Gone (the signed-in page left): toasts wait for the next one.
    unmount();
    dispatchToast('Deleted');
    const next = vi.fn();
    toasterMounted(next);
    expect(next.mock.calls).toEqual([['Deleted']]);
    expect(shown).toHaveBeenCalledTimes(3);
    unsubscribe();
  });
});
