import { financeEnglish } from './finance.en';

/** English texts whose key is an identifier rather than the text itself (spec §8). */
export const english: Record<string, string> = {
  exit_no_save: 'Leave without saving?',
  ...financeEnglish,
};
