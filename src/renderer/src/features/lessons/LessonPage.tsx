import {
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { CARD_LAYOUT_MAX_WIDTH } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { useViewportWidth } from '../../app/shell/useViewportWidth';
import { PageFrame } from '../../components/PageFrame';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { AttendancePanel } from '../attendance/AttendancePanel';
import { LessonQuizzesPanel } from '../quizzes/LessonQuizzesPanel';
import { LessonScormPanel } from '../scorm/LessonScormPanel';
import { LessonSessionsPanel } from '../sessions/LessonSessionsPanel';
import { StartSessionButton } from '../sessions/StartSessionButton';
import { definitionOf } from '../../resources/resourceScreen';
import { useRecordQuery } from '../../resources/useRecordQuery';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { useResourceList } from '../../resources/useResourceList';
import {
  AnnouncementsPanel,
  ChaptersPanel,
  FilesPanel,
  StudentsPanel,
  TasksPanel,
} from './LessonTabPanels';
import { LessonTimetable } from './LessonTimetable';
import { SaveAsTemplateButton } from './SaveAsTemplateDialog';
import { slotTimes, toSlots, weekdayShortName } from './timetableLogic';

const TAB_LABELS = {
  timetable: 'Timetable',
  students: 'Students',
  attendance: 'Attendance',
  chapters: 'Chapters',
  tasks: 'Tasks',
  quizzes: 'Quizzes',
  sessions: 'Sessions',
  files: 'Files',
  scorm: 'SCORM',
  announcements: 'Announcements',
} as const;
type LessonTab = keyof typeof TAB_LABELS;

/** The tabs each role sees, in order; a student's are read-only (spec §2). */
const TABS: Record<'teacher' | 'student', LessonTab[]> = {
  teacher: [
    'timetable',
    'students',
    'attendance',
    'chapters',
    'tasks',
    'quizzes',
    'sessions',
    'files',
    'scorm',
    'announcements',
  ],
  student: [
    'timetable',
    'chapters',
    'tasks',
    'quizzes',
    'sessions',
    'announcements',
    'files',
    'scorm',
  ],
};

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  fact: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  tabs: { overflowX: 'auto' },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const labelsOf = (labels: unknown) =>
  Array.isArray(labels) ? labels.map((o: { label: string }) => o.label) : [];

/**
 * A lesson's page (spec §2 `lesson/{lesson_id}`): its name, class, teachers and week, and tabs
 * listing its material through each area's API. The tab is kept in the address (`?tab=`) so
 * that a reload or the back button returns to it; phones choose it from a select.
 */
export function LessonPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const id = Number(useParams().lesson_id);
  const { role } = useArea();
  const narrow = useViewportWidth() < CARD_LAYOUT_MAX_WIDTH;
  const tabs = TABS[role === 'teacher' ? 'teacher' : 'student'];
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') as LessonTab | null;
  const tab: LessonTab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  // Each choice is an entry in the history, so Back returns to the previous tab.
  const choose = (next: LessonTab) =>
    setSearch(next === tabs[0] ? {} : { tab: next }, { replace: false });

  const lessons = useResourceAccess(definitionOf('lessons'));
  const record = useRecordQuery(lessons.scope, Number.isInteger(id) ? id : null);
  const schedules = useResourceAccess(definitionOf('lesson_schedules'));
  const slots = useResourceList(
    schedules.scope,
    {
      search: '',
      sort: { field: 'weekday', order: 'asc' },
      filters: { lesson_id: id },
      perPage: 100,
    },
    schedules.read,
    true,
  );
  const week = useMemo(
    () =>
      toSlots(slots.rows)
        .map((slot) => `${weekdayShortName(slot.weekday, i18n.language)} ${slotTimes(slot)}`)
        .join(' · '),
    [slots.rows, i18n.language],
  );
  const [sessionError, setSessionError] = useState<string | null>(null);

  const lesson = record.data;
  const labels = lesson?.labels ?? {};
  const teachers = labelsOf(labels.teacher_ids);
  const level = labelsOf(labels.level_id)[0];
  const course = labelsOf(labels.course_id)[0];
  const fact = (term: string, value: string, testId: string) => (
    <div className={styles.fact} data-testid={testId}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{value || '–'}</dd>
    </div>
  );

  const panel = (() => {
    switch (tab) {
      case 'timetable':
        return <LessonTimetable parentId={id} />;
      case 'students':
        return <StudentsPanel lessonId={id} />;
      case 'attendance':
        return <AttendancePanel lessonId={id} />;
      case 'chapters':
        return <ChaptersPanel lessonId={id} />;
      case 'tasks':
        return <TasksPanel lessonId={id} />;
      case 'files':
        return <FilesPanel lessonId={id} />;
      case 'announcements':
        return <AnnouncementsPanel lessonId={id} />;
      case 'quizzes':
        return <LessonQuizzesPanel lessonId={id} />;
      case 'scorm':
        return <LessonScormPanel lessonId={id} />;
      case 'sessions':
        return <LessonSessionsPanel lessonId={id} />;
    }
  })();

  return (
    <PageFrame
      title={lesson ? String(lesson.name) : t('Lesson')}
      actions={
        lesson && role === 'teacher' ? (
          <>
            <StartSessionButton lessonId={id} onError={setSessionError} />
            <SaveAsTemplateButton lessonId={id} lessonName={String(lesson.name)} />
          </>
        ) : undefined
      }
    >
      {sessionError && (
        <MessageBar intent="error">
          <MessageBarBody>{t(sessionError)}</MessageBarBody>
        </MessageBar>
      )}
      {!Number.isInteger(id) ? (
        <NothingFound />
      ) : record.isError ? (
        <LoadError message={apiErrorText(record.error)} />
      ) : !lesson ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <>
          <section className={styles.header} aria-label={t('About the lesson')}>
            <dl className={styles.facts}>
              {fact(t('Class'), [course, level].filter(Boolean).join(' · '), 'lesson-class')}
              {fact(t('Teachers'), teachers.join(', '), 'lesson-teachers')}
              {fact(
                t('Every week'),
                // Not "no slots" while they are still on their way.
                slots.isPending ? '…' : week || t('No weekly slots yet.'),
                'lesson-week',
              )}
            </dl>
          </section>
          {narrow ? (
            <Field label={t('Show')}>
              <Select
                value={tab}
                onChange={(_event, data) => choose(data.value as LessonTab)}
                data-testid="lesson-tab-select"
              >
                {tabs.map((value) => (
                  <option key={value} value={value}>
                    {t(TAB_LABELS[value])}
                  </option>
                ))}
              </Select>
            </Field>
          ) : (
            <div className={styles.tabs}>
              <TabList
                selectedValue={tab}
                onTabSelect={(_event, data) => choose(data.value as LessonTab)}
                aria-label={t('Lesson')}
              >
                {tabs.map((value) => (
                  <Tab key={value} value={value} data-testid={`lesson-tab-${value}`}>
                    {t(TAB_LABELS[value])}
                  </Tab>
                ))}
              </TabList>
            </div>
          )}
          <div
            className={styles.panel}
            role="region"
            aria-label={t(TAB_LABELS[tab])}
            data-testid={`lesson-panel-${tab}`}
          >
            {panel}
          </div>
        </>
      )}
    </PageFrame>
  );
}
