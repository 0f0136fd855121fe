/**
 * Marks an English text as the translation key the renderer shows (titles, labels of the
 * declarations); the reports test checks each has Greek.
 */
export const msg = <T extends string>(text: T): T => text;
