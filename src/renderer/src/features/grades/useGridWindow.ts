import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

// Which rows and columns of a large grid are in view, so that only those are in the DOM: a
// 40 × 80 gradebook renders a screenful of cells, not 3,200. Rows and columns have fixed sizes,
// so the window is arithmetic on the scroll offsets; sticky parts (header, name column, grade
// column) are given as insets and always rendered by the grid itself.

export interface GridWindow {
  firstRow: number;
  lastRow: number;
  firstCol: number;
  lastCol: number;
}

export interface GridGeometry {
  rowCount: number;
  colCount: number;
  rowHeight: number;
  colWidth: number;
  /** Pixels the sticky header covers above the first row. */
  top: number;
  /** Pixels the sticky columns cover, left of the first column and right of the last. */
  left: number;
  right: number;
  /** Extra rows and columns rendered beyond the edges, so quick scrolling shows no gaps. */
  overscan?: number;
}

const clampWindow = (first: number, last: number, count: number) => ({
  first: Math.max(0, Math.min(first, count - 1)),
  last: Math.max(-1, Math.min(last, count - 1)),
});

export function windowOf(
  geometry: GridGeometry,
  view: { scrollTop: number; scrollLeft: number; height: number; width: number },
): GridWindow {
  const overscan = geometry.overscan ?? 3;
  const innerHeight = Math.max(0, view.height - geometry.top);
  const innerWidth = Math.max(0, view.width - geometry.left - geometry.right);
  const rows = clampWindow(
    Math.floor(view.scrollTop / geometry.rowHeight) - overscan,
    Math.ceil((view.scrollTop + innerHeight) / geometry.rowHeight) + overscan,
    geometry.rowCount,
  );
  const cols = clampWindow(
    Math.floor(view.scrollLeft / geometry.colWidth) - overscan,
    Math.ceil((view.scrollLeft + innerWidth) / geometry.colWidth) + overscan,
    geometry.colCount,
  );
  return { firstRow: rows.first, lastRow: rows.last, firstCol: cols.first, lastCol: cols.last };
}

const sameWindow = (a: GridWindow, b: GridWindow) =>
  a.firstRow === b.firstRow &&
  a.lastRow === b.lastRow &&
  a.firstCol === b.firstCol &&
  a.lastCol === b.lastCol;

/**
 * The window of `container` (a scrolling element), kept current on scroll and resize. Only a
 * change of the window renders again: scrolling within a row or a column, which is most scroll
 * events, costs the grid nothing.
 */
export function useGridWindow(
  container: RefObject<HTMLElement | null>,
  geometry: GridGeometry,
): GridWindow {
  // Before the first measure, assume a laptop screen; the layout effect corrects it at once.
  const [view, setView] = useState(() =>
    windowOf(geometry, { scrollTop: 0, scrollLeft: 0, height: 800, width: 1280 }),
  );
  // The geometry as of this render, for the scroll listener registered once.
  const latest = useRef(geometry);
  latest.current = geometry;
  const measure = useCallback(() => {
    const element = container.current;
    if (!element) return;
    const next = windowOf(latest.current, {
      scrollTop: element.scrollTop,
      scrollLeft: element.scrollLeft,
      height: element.clientHeight,
      width: element.clientWidth,
    });
    setView((previous) => (sameWindow(previous, next) ? previous : next));
  }, [container]);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [container, measure]);
  // The geometry changed (rows or columns added, a narrower name column): measure again.
  const { rowCount, colCount, rowHeight, colWidth, top, left, right, overscan } = geometry;
  useLayoutEffect(measure, [
    measure,
    rowCount,
    colCount,
    rowHeight,
    colWidth,
    top,
    left,
    right,
    overscan,
  ]);
  return view;
}
