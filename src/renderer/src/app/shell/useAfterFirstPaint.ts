import { useEffect, useState } from 'react';

// A tab opened in the background paints no frame until it is shown; what waits for a paint
// comes after this long at the latest.
const HIDDEN_TAB_FALLBACK_MS = 500;

/** Calls back once the browser has painted the next frame; returns a cancel function. */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The frame callback runs before that frame's paint; the task after it, after the paint.
  const frame = requestAnimationFrame(() => {
    clearTimeout(timer);
    timer = setTimeout(callback, 0);
  });
  timer = setTimeout(() => {
    cancelAnimationFrame(frame);
    callback();
  }, HIDDEN_TAB_FALLBACK_MS);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

// Once the app has painted a screen, later ones have no first paint to protect.
let paintedOnce = false;

/**
 * False on the first render, true once the browser has painted it. What only matters after
 * the first screen is up (menus, panels, the other screens' code) waits for it, so that its
 * download and evaluation do not hold up that screen's largest paint (bench W5).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(paintedOnce);
  useEffect(() => {
    if (painted) return undefined;
    return afterNextPaint(() => {
      paintedOnce = true;
      setPainted(true);
    });
  }, [painted]);
  return painted;
}
