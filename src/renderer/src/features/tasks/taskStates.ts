import type { SubmissionState } from '../../../../shared/api/tasks';
import { msg } from '../../i18n/msg';

/** How each state of a student's work is named and coloured wherever it shows. */
export const STATE_LABELS: Record<SubmissionState, string> = {
  missing: msg('Missing'),
  draft: msg('Draft'),
  submitted: msg('Submitted'),
  returned: msg('Returned'),
  graded: msg('Graded'),
};

export const STATE_COLORS = {
  missing: 'danger',
  draft: 'subtle',
  submitted: 'brand',
  returned: 'warning',
  graded: 'success',
} as const;

/** An ISO instant as the value of a datetime-local input (the user's own clock). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local input's value back to an ISO instant ('' stays ''). */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
