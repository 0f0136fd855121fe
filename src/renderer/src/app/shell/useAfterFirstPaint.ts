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

// What tells that the user is about to do something: a press, a touch, a key, or a mouse that
// comes over a link or a button.
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown'] as const;
const POINTED = 'a[href], button, [role="button"], [role="tab"], [role="menuitem"]';

/**
 * Calls back at the user's first sign of interaction with the page (see INTENT_EVENTS); returns
 * a cancel function. Code that no screen on view needs, only the next one, waits for it.
 */
export function onFirstIntent(callback: () => void): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    cancel();
    callback();
  };
  const onPointerOver = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(POINTED)) fire();
  };
  const options = { capture: true, passive: true };
  for (const name of INTENT_EVENTS) window.addEventListener(name, fire, options);
  window.addEventListener('pointerover', onPointerOver, options);
  const cancel = () => {
    for (const name of INTENT_EVENTS) window.removeEventListener(name, fire, options);
    window.removeEventListener('pointerover', onPointerOver, options);
  };
  return () => {
    done = true;
    cancel();
  };
}
