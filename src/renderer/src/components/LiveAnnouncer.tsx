import { useEffect, useRef } from 'react';

// One polite live region for the whole app: the page title after a route change, the result of
// a save, every toast. One region, mounted once at start-up, is announced reliably; regions that
// appear together with their text are often not.

let region: HTMLElement | null = null;
let pending: ReturnType<typeof setTimeout> | null = null;

/** Says a message to screen-reader users without moving focus. */
export function announce(message: string): void {
  if (!region) return;
  const target = region;
  if (pending) clearTimeout(pending);
  // Emptied first so that the same words twice (two saves) are read twice.
  target.textContent = '';
  pending = setTimeout(() => {
    target.textContent = message;
  }, 50);
}

const visuallyHidden: React.CSSProperties = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** The live region itself; rendered once, above the router. */
export function LiveRegion() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    region = ref.current;
    return () => {
      region = null;
    };
  }, []);
  return (
    <div
      ref={ref}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      style={visuallyHidden}
      data-testid="live-region"
    />
  );
}
