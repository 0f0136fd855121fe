import { ERROR_STATUS, type ErrorCode, type RuleIssue } from '../../shared/api/envelope';

/** An error the client may see: a code of DESIGN.md, a human message, optional fields. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds, sent as Retry-After (rate limits, draining). */
    readonly retryAfter?: number,
    /** Which rule refused, as codes the renderer words in the user's language. */
    readonly issues?: RuleIssue[],
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const loginRequired = () => new ApiError('login_required', 'Please sign in again.');
export const forbidden = (message = 'You do not have access to this.') =>
  new ApiError('forbidden', message);
export const notFound = (message = 'Not found.') => new ApiError('not_found', message);
export const validationError = (
  fields: Record<string, string>,
  message = 'Some fields are not valid.',
) => new ApiError('validation', message, fields);

/** A rule's refusal: the English message, and the same as a coded issue (on a field, if any). */
export const ruleError = (code: ErrorCode, issue: RuleIssue, message: string): ApiError =>
  new ApiError(code, message, issue.field ? { [issue.field]: message } : undefined, undefined, [
    issue,
  ]);
