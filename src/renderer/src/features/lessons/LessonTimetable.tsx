import {
  Button,
  makeStyles,
  mergeClasses,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_LAYOUT_MAX_WIDTH } from '../../../../shared/constants';
import { useViewportWidth } from '../../app/shell/useViewportWidth';
import { apiErrorText } from '../../api/apiErrorText';
import { weekdayName } from '../../resources/listLogic';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { LoadError } from '../../resources/ListStates';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { useResourceList } from '../../resources/useResourceList';
import { PartDialog, type PartEditing } from '../../resources/PartDialog';
import { definitionOf } from '../../resources/resourceScreen';
import {
  slotsByWeekday,
  slotTimes,
  toSlots,
  weekdayShortName,
  WEEKDAYS,
  type TimetableSlot,
} from './timetableLogic';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  heading: { margin: 0, flexGrow: 1 },
  week: {
    display: 'grid',
    gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    overflow: 'hidden',
  },
  day: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    minHeight: '120px',
    padding: tokens.spacingHorizontalXS,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    ':first-child': { borderLeft: 'none' },
  },
  dayName: {
    textAlign: 'center',
    padding: `${tokens.spacingVerticalXS} 0`,
    color: tokens.colorNeutralForeground2,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    marginBottom: tokens.spacingVerticalXS,
  },
  slot: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: '2px',
    minWidth: 0,
    width: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    border: 'none',
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
    textAlign: 'left',
    fontFamily: 'inherit',
  },
  pressable: {
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  room: { color: tokens.colorNeutralForeground2 },
  days: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  dayGroup: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  empty: { color: tokens.colorNeutralForeground3 },
});

/**
 * A lesson's weekly timetable: Monday to Sunday columns with its slots as blocks (time and
 * room), or a list by weekday under 768. Those who may change lessons add and edit slots in
 * the parts dialog.
 */
export function LessonTimetable({ parentId }: { parentId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const resource = definitionOf('lesson_schedules');
  const access = useResourceAccess(resource);
  const narrow = useViewportWidth() < CARD_LAYOUT_MAX_WIDTH;
  const [editing, setEditing] = useState<PartEditing | null>(null);
  const list = useResourceList(
    access.scope,
    {
      search: '',
      sort: { field: 'weekday', order: 'asc' },
      filters: { lesson_id: parentId },
      perPage: 100,
    },
    access.read,
    true,
  );
  const days = useMemo(() => slotsByWeekday(toSlots(list.rows)), [list.rows]);
  if (!access.read) return null;
  const open = access.write
    ? (slot: TimetableSlot) => setEditing({ mode: 'update', id: slot.id })
    : undefined;

  const block = (slot: TimetableSlot) => {
    const content = (
      <>
        <Text weight="semibold" size={200} className={styles.ellipsis}>
          {slotTimes(slot)}
        </Text>
        {slot.room_label && (
          <Text size={200} className={mergeClasses(styles.ellipsis, styles.room)}>
            {slot.room_label}
          </Text>
        )}
      </>
    );
    const label = `${weekdayName(slot.weekday, i18n.language)} ${slotTimes(slot)}${slot.room_label ? `, ${slot.room_label}` : ''}`;
    return open ? (
      <button
        key={slot.id}
        type="button"
        className={mergeClasses(styles.slot, styles.pressable)}
        onClick={() => open(slot)}
        title={label}
        data-testid="timetable-slot"
      >
        {/* Named by what it shows, then the day the column heading gives the eye (label in
            name, WCAG 2.5.3). */}
        {content}
        <VisuallyHidden>{`, ${weekdayName(slot.weekday, i18n.language)}`}</VisuallyHidden>
      </button>
    ) : (
      <div key={slot.id} className={styles.slot} title={label} data-testid="timetable-slot">
        {content}
      </div>
    );
  };

  const total = list.rows.length;
  return (
    <section className={styles.section} data-testid="lesson-timetable">
      <div className={styles.header}>
        <Text as="h3" size={500} weight="semibold" className={styles.heading}>
          {t(resource.title)}
        </Text>
        {access.write && (
          <Button
            icon={<Add20Regular />}
            onClick={() => setEditing({ mode: 'create' })}
            data-testid="timetable-new"
          >
            {t('New slot')}
          </Button>
        )}
      </div>
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : narrow ? (
        <div className={styles.days} data-testid="timetable-days">
          {total === 0 && <Text className={styles.empty}>{t('No weekly slots yet.')}</Text>}
          {WEEKDAYS.filter((day) => days.get(day)!.length > 0).map((day) => (
            <div key={day} className={styles.dayGroup} data-testid={`timetable-day-${day}`}>
              <Text weight="semibold">{weekdayName(day, i18n.language)}</Text>
              {days.get(day)!.map(block)}
            </div>
          ))}
        </div>
      ) : (
        <>
          <div className={styles.week} role="list" data-testid="timetable-week">
            {WEEKDAYS.map((day) => (
              <div
                key={day}
                className={styles.day}
                role="listitem"
                aria-label={weekdayName(day, i18n.language)}
                data-testid={`timetable-day-${day}`}
              >
                <Text size={200} weight="semibold" className={styles.dayName} aria-hidden>
                  {weekdayShortName(day, i18n.language)}
                </Text>
                {days.get(day)!.map(block)}
              </div>
            ))}
          </div>
          {total === 0 && <Text className={styles.empty}>{t('No weekly slots yet.')}</Text>}
        </>
      )}
      <PartDialog
        resource={resource}
        parentField="lesson_id"
        parentId={parentId}
        editing={editing}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
