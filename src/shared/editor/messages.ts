/**
 * What a refused editor text says, in English (the renderer translates it). A module of its
 * own, so that the Greek table can name these keys without pulling in zod and the sanitiser.
 */
export const EDITOR_CONTENT_MSG = {
  invalid: 'The text is not a valid editor document',
  tooLong: 'The text is too long',
  tooDeep: 'The text is nested too deeply',
} as const;
