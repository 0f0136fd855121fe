import type { TFunction } from 'i18next';
import { msg } from '../i18n/msg';
import { ApiError } from './apiError';
import { ruleIssueText } from './ruleIssueText';

/** The text to show for a failed call: the server's message, or 'Network Error!' (spec §8). */
export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'network') return error.message;
  return msg('Network Error!');
}

/**
 * A failed call in the user's language, for a toast or a flash: the worded rule issues when the
 * server coded them, else its message.
 */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.issues.length > 0) {
    return error.issues.map((issue) => ruleIssueText(issue, t)).join(' ');
  }
  return t(apiErrorText(error));
}
