// The room a floating action button (the assistant's, on phones) takes at the bottom right.
// While such a button is shown it sets the variable; the page's sticky bottom controls (a chat's
// composer, Save bars) keep that much space on their right, so that it never covers one of them.

const VARIABLE = '--mathema-floating-action-space';

/** For a style: the space to keep on the right, 0 when no floating button is shown. */
export const FLOATING_ACTION_SPACE = `var(${VARIABLE}, 0px)`;

/** Marks the space as taken until the returned function is called. */
export function takeFloatingActionSpace(width: string): () => void {
  const root = document.documentElement.style;
  root.setProperty(VARIABLE, width);
  return () => root.removeProperty(VARIABLE);
}
