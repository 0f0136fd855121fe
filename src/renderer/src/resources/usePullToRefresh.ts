import { useEffect, useRef, useState } from 'react';

/** How far a finger must pull down at the top of a list before releasing refreshes it. */
export const PULL_THRESHOLD_PX = 70;

/** Pull-to-refresh on touch screens (spec §2): returns how far the list is being pulled. */
export function usePullToRefresh(
  container: HTMLElement | null,
  onRefresh: () => unknown,
): { pull: number } {
  const [pull, setPull] = useState(0);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;
  useEffect(() => {
    if (!container) return;
    let startY: number | null = null;
    let distance = 0;
    const onStart = (event: TouchEvent) => {
      startY = container.scrollTop <= 0 ? (event.touches[0]?.clientY ?? null) : null;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      distance = Math.max(0, (event.touches[0]?.clientY ?? startY) - startY);
      setPull(Math.min(distance, PULL_THRESHOLD_PX * 1.5));
    };
    const onEnd = () => {
      if (startY !== null && distance >= PULL_THRESHOLD_PX) void refresh.current();
      startY = null;
      distance = 0;
      setPull(0);
    };
    container.addEventListener('touchstart', onStart, { passive: true });
    container.addEventListener('touchmove', onMove, { passive: true });
    container.addEventListener('touchend', onEnd);
    container.addEventListener('touchcancel', onEnd);
    return () => {
      container.removeEventListener('touchstart', onStart);
      container.removeEventListener('touchmove', onMove);
      container.removeEventListener('touchend', onEnd);
      container.removeEventListener('touchcancel', onEnd);
    };
  }, [container]);
  return { pull };
}
