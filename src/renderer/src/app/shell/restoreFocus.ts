// Where focus goes back to when the navigation drawer, opened over the page, closes: the button
// that opened it. Fluent's useRestoreFocusTarget gives this very mark, but it also creates
// tabster, Fluent's focus manager, during the first render of every area, which put tabster's
// code in front of the first paint and its watching of the page into every change after it
// (bench W5). The mark alone is inert; tabster's restorer, created by the overlay's own chunk
// after the first paint (OverlayNavigation), reads it. tests/renderer/restoreFocus.test.tsx
// holds it equal to Fluent's.

/** Spread onto the button that opens the overlay drawer. */
export const RESTORE_FOCUS_TARGET = { 'data-tabster': '{"restorer":{"type":1}}' } as const;
