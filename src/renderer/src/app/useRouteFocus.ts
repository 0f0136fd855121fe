import { useEffect, useState } from 'react';
import type { createBrowserRouter } from 'react-router-dom';
import { announce } from '../components/LiveAnnouncer';

type Router = ReturnType<typeof createBrowserRouter>;

/** The new screen's heading: its own (inside main), else the page's first, else main itself. */
function screenHeading(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>('main h1, main h2') ??
    document.querySelector<HTMLElement>('h1, h2') ??
    document.querySelector<HTMLElement>('main')
  );
}

/** A screen still loading (a spinner, not a busy button's) or an overlay still closing. */
function settling(): boolean {
  const spinners = [...document.querySelectorAll('.fui-Spinner')];
  return (
    spinners.some((spinner) => !spinner.closest('button')) ||
    Boolean(document.querySelector('[role="dialog"], [role="alertdialog"]'))
  );
}

const SETTLE_LIMIT_MS = 5000;
// The old screen may stay up while the new one's chunk loads (a transition); its heading is not
// the new screen's, unless the same page stays (another record of the same list).
const SAME_HEADING_GRACE_MS = 400;

/**
 * On every route change (not the first load, where the skip link must stay first in the tab
 * order), focus moves to the new screen's heading and its title is announced: without it focus
 * falls to <body> when the link or button that was pressed disappears, and a screen-reader user
 * hears nothing. Screens load lazily, so the heading is awaited; a drawer or dialog closing on the
 * way is awaited too, or its focus restoration would pull focus back to its opener.
 */
export function useRouteFocus(router: Router): void {
  // Read while rendering: a redirect on start-up (/ to the dashboard) runs in a child's effect,
  // before this hook's own effect subscribes, and must count as a route change.
  const [firstPathname] = useState(() => router.state.location.pathname);
  useEffect(() => {
    let pathname = firstPathname;
    let frame = 0;
    const onChange = (state: Router['state']) => {
      if (state.navigation.state !== 'idle' || state.location.pathname === pathname) return;
      pathname = state.location.pathname;
      cancelAnimationFrame(frame);
      const started = performance.now();
      const previous = screenHeading();
      const moveFocus = () => {
        const heading = screenHeading();
        const elapsed = performance.now() - started;
        const stale = heading === previous && elapsed < SAME_HEADING_GRACE_MS;
        if ((!heading || stale || settling()) && elapsed < SETTLE_LIMIT_MS) {
          frame = requestAnimationFrame(moveFocus);
          return;
        }
        if (!heading) return;
        // Focusable by script only: a heading is not a tab stop.
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: false });
        const title = heading.textContent?.trim();
        if (title) announce(title);
      };
      frame = requestAnimationFrame(moveFocus);
    };
    const unsubscribe = router.subscribe(onChange);
    onChange(router.state);
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [router, firstPathname]);
}
