import type { TFunction } from 'i18next';
import type { LearnerStatus } from '../../../../shared/scorm/cmi';
import { msg } from '../../i18n/msg';

const STATUS_LABELS: Record<LearnerStatus, string> = {
  not_attempted: msg('Not attempted'),
  incomplete: msg('Incomplete'),
  completed: msg('Completed'),
  passed: msg('Passed'),
  failed: msg('Failed'),
};

export const statusLabel = (status: LearnerStatus, t: TFunction) => t(STATUS_LABELS[status]);

export const statusColor = (status: LearnerStatus) =>
  status === 'passed' || status === 'completed'
    ? ('success' as const)
    : status === 'failed'
      ? ('danger' as const)
      : status === 'incomplete'
        ? ('warning' as const)
        : ('subtle' as const);

/** Seconds as "1 h 05 min" or "3 min 20 s". */
export function durationText(seconds: number, t: TFunction): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return t('{{h}} h {{m}} min', { h, m: String(m).padStart(2, '0') });
  return t('{{m}} min {{s}} s', { m, s: String(s).padStart(2, '0') });
}

export const scoreText = (percent: number | null, language: string) =>
  percent === null
    ? '—'
    : `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(percent)}%`;
