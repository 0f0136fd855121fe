import { useEffect, useState, type RefObject } from 'react';
import { windowRange, type WindowRange } from './listLogic';

/**
 * Long lists render only the rows near the visible part of their scroll container, with blank
 * space standing in for the rest (DESIGN.md: long lists are virtualised).
 */
export function useWindowedRows(
  listRef: RefObject<HTMLElement | null>,
  container: HTMLElement | null,
  count: number,
  rowHeight: number,
): WindowRange {
  const [range, setRange] = useState<WindowRange>(() =>
    windowRange({ count, rowHeight, scrolledPast: 0, viewportHeight: 1000 }),
  );
  useEffect(() => {
    const list = listRef.current;
    if (!container || !list) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const scrolledPast = container.getBoundingClientRect().top - list.getBoundingClientRect().top;
      const next = windowRange({
        count,
        rowHeight,
        scrolledPast,
        viewportHeight: container.clientHeight || window.innerHeight,
      });
      setRange((current) =>
        current.start === next.start && current.end === next.end && current.after === next.after
          ? current
          : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    container.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      container.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [container, listRef, count, rowHeight]);
  return range;
}
