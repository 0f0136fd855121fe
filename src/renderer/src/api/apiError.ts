import type { ApiFailure, ErrorCode, RuleIssue } from '../../../shared/api';
import { signInMessages } from './accountRoutes';

/** A failed call: the server's error envelope, or 'network' when no answer came back. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'network',
    message: string,
    readonly httpStatus: number | null = null,
    readonly fields: Record<string, string> = {},
    /** Coded reasons a rule refused the call, for the renderer to word (none from older servers). */
    readonly issues: readonly RuleIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static fromEnvelope(envelope: ApiFailure, httpStatus: number): ApiError {
    return new ApiError(
      envelope.error,
      envelope.message,
      httpStatus,
      envelope.fields ?? {},
      envelope.issues ?? [],
    );
  }

  static network(): ApiError {
    return new ApiError('network', signInMessages.networkError);
  }
}

/** True when the failure ends the session (spec §4): HTTP 401 or a login_required body. */
export function endsSession(error: ApiError): boolean {
  return (
    error.code === 'login_required' ||
    (error.httpStatus === 401 && error.code !== 'invalid_credentials')
  );
}
