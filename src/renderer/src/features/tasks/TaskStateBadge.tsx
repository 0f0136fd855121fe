import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { SubmissionState } from '../../../../shared/api/tasks';
import { STATE_COLORS, STATE_LABELS } from './taskStates';

/** Where a student's work stands, with "late" beside it when it came after the due instant. */
export function TaskStateBadge({ state, late }: { state: SubmissionState; late?: boolean }) {
  const { t } = useTranslation();
  return (
    <span data-testid="task-state">
      <Badge appearance="tint" color={STATE_COLORS[state]}>
        {t(STATE_LABELS[state])}
      </Badge>
      {late && (
        <Badge appearance="tint" color="warning" style={{ marginLeft: 4 }}>
          {t('Late')}
        </Badge>
      )}
    </span>
  );
}

/** "18 / 20" once graded, else a dash. */
export const gradeText = (points: number | null | undefined, max: number) =>
  points === null || points === undefined ? '–' : `${points} / ${max}`;
