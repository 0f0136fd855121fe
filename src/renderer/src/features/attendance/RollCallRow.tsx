import { Badge, makeStyles, Text, ToggleButton, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE_STATUSES, type AttendanceStatusName } from '../../../../shared/api/attendance';
import { STATUS_LABELS } from './statusLabels';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  absent: { backgroundColor: tokens.colorPaletteRedBackground1 },
  late: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  who: { display: 'flex', flexDirection: 'column', minWidth: '140px', flexGrow: 1 },
  name: { overflowWrap: 'anywhere' },
  choices: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  choice: { minWidth: '72px' },
});

/**
 * One student of the roll call: the name, and present / absent / late / excused as toggle
 * buttons of which one is pressed (one tap changes it). Says what was recorded before.
 */
export function RollCallRow({
  name,
  status,
  recorded,
  justified,
  onMark,
}: {
  name: string;
  status: AttendanceStatusName;
  /** The status saved for this day, or null before the register was saved. */
  recorded: AttendanceStatusName | null;
  justified: boolean;
  onMark: (status: AttendanceStatusName) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const nameId = useId();
  const tint = status === 'absent' ? styles.absent : status === 'late' ? styles.late : undefined;
  return (
    <li className={`${styles.row} ${tint ?? ''}`} data-testid="roll-call-row" data-status={status}>
      <span className={styles.who}>
        <Text id={nameId} weight="semibold" className={styles.name}>
          {name}
        </Text>
        {recorded && recorded !== 'present' && (
          <span>
            <Badge appearance="tint" color={justified ? 'success' : 'informative'}>
              {justified
                ? t('Recorded: {{status}}, justified', { status: t(STATUS_LABELS[recorded]) })
                : t('Recorded: {{status}}', { status: t(STATUS_LABELS[recorded]) })}
            </Badge>
          </span>
        )}
      </span>
      <span className={styles.choices} role="group" aria-labelledby={nameId}>
        {ATTENDANCE_STATUSES.map((choice) => (
          <ToggleButton
            key={choice}
            size="small"
            className={styles.choice}
            checked={status === choice}
            appearance={status === choice ? 'primary' : 'secondary'}
            onClick={() => onMark(choice)}
            data-testid={`roll-call-${choice}`}
          >
            {t(STATUS_LABELS[choice])}
          </ToggleButton>
        ))}
      </span>
    </li>
  );
}
