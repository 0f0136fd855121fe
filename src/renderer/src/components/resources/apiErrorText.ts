import { ApiError } from '../../api/apiError';
import { msg } from '../../i18n/msg';

/** The text to show for a failed call: the server's message, or 'Network Error!' (spec §8). */
export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'network') return error.message;
  return msg('Network Error!');
}
