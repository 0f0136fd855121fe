import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_CLEAR_MS } from '../../../shared/constants';

export type FlashIntent = 'error' | 'warning' | 'success' | 'info';
export interface Flash {
  intent: FlashIntent;
  /** An English text used as the translation key. */
  text: string;
}

/** A message that clears itself after MESSAGE_CLEAR_MS (spec §9). */
export function useFlashMessage(initial: Flash | null = null) {
  const [flash, setFlash] = useState<Flash | null>(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = useCallback((next: Flash | null) => {
    clearTimer();
    setFlash(next);
    if (next) timer.current = setTimeout(() => setFlash(null), MESSAGE_CLEAR_MS);
  }, []);

  useEffect(() => {
    if (initial) timer.current = setTimeout(() => setFlash(null), MESSAGE_CLEAR_MS);
    return clearTimer;
    // Only the first message arms the timer here; later ones go through show().
  }, []);

  return [flash, show] as const;
}
