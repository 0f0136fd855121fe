import { makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  BookOpen16Regular,
  ClipboardCheckmark16Regular,
  TaskListSquareLtr16Regular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { CALENDAR_KINDS, type CalendarKind, KIND_LOOKS } from './calendarEvents';

const ICONS: Record<CalendarKind, typeof BookOpen16Regular> = {
  lesson: BookOpen16Regular,
  task: TaskListSquareLtr16Regular,
  quiz: ClipboardCheckmark16Regular,
};

const useStyles = makeStyles({
  icon: { flexShrink: 0 },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '24px',
    height: '20px',
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** The shape that tells a kind of event apart without its colour; hidden from screen readers. */
export function KindIcon({ kind }: { kind: CalendarKind }) {
  const styles = useStyles();
  const Icon = ICONS[kind];
  return <Icon aria-hidden className={styles.icon} />;
}

/** What the colours and shapes of the calendar mean. */
export function CalendarLegend() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <ul className={styles.legend} aria-label={t('Legend')} data-testid="calendar-legend">
      {CALENDAR_KINDS.map((kind) => (
        <li key={kind} className={styles.item}>
          <span
            className={styles.swatch}
            style={{ backgroundColor: KIND_LOOKS[kind].background, color: KIND_LOOKS[kind].text }}
          >
            <KindIcon kind={kind} />
          </span>
          <Text>{t(KIND_LOOKS[kind].label)}</Text>
        </li>
      ))}
    </ul>
  );
}
