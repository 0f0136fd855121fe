import type { TFunction } from 'i18next';
import { msg } from '../i18n/msg';
import { ApiError } from './apiError';
import { apiErrorMessage } from './apiErrorText';
import { ruleIssueText } from './ruleIssueText';

export interface FormErrors {
  /** Texts to show under the inputs, by field name (only fields the form shows). */
  fields: Record<string, string>;
  /** The text for the form's flash: what belongs to no shown field, else a pointer to them. */
  general: string;
}

/**
 * Where a failed save's reasons go in a form: a rule issue about a shown field under that
 * field, the others in the flash; without issues, the server's `fields` and `message`.
 */
export function formErrors(error: unknown, shown: readonly string[], t: TFunction): FormErrors {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  const place = (field: string | undefined, text: string) => {
    if (field && shown.includes(field)) fields[field] ??= text;
    else general.push(text);
  };
  if (error instanceof ApiError && error.issues.length > 0) {
    for (const issue of error.issues) place(issue.field, ruleIssueText(issue, t));
  } else {
    if (error instanceof ApiError) {
      // The server's English texts are the zod messages, which are i18n keys.
      for (const [name, text] of Object.entries(error.fields)) {
        if (shown.includes(name)) fields[name] ??= t(text);
      }
    }
    general.push(apiErrorMessage(error, t));
  }
  const pointer = Object.keys(fields).length > 0 ? t(msg('Please correct the marked fields')) : '';
  return { fields, general: general.length > 0 ? general.join(' ') : pointer };
}
