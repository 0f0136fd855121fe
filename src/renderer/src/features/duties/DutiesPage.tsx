import { Badge, makeStyles, Spinner, Switch, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircle20Filled, Circle20Regular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Duty } from '../../../../shared/api/calendar';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { formatLongDate } from '../../i18n/formatDate';
import { msg } from '../../i18n/msg';
import { LoadError } from '../../resources/ListStates';
import { LessonFilter } from '../lessons/LessonFilter';
import { useLessonChoices } from '../lessons/useLessonChoices';
import { StudentTaskBooks } from '../taskbooks/StudentTaskBooks';
import { dutyKeys, listDuties } from './dutiesApi';
import {
  addDays,
  DUTIES_DAYS_AHEAD,
  DUTIES_DAYS_BACK,
  groupDuties,
  localToday,
  type DutyGroupId,
} from './dutyGroups';

const useStyles = makeStyles({
  tools: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'flex-end',
  },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  overdue: { color: tokens.colorPaletteRedForeground1 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
  },
  mark: { flexShrink: 0, paddingTop: '2px' },
  markDone: { color: tokens.colorPaletteGreenForeground1 },
  markOpen: { color: tokens.colorNeutralForeground3 },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  title: { overflowWrap: 'anywhere' },
  meta: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground3,
  },
  done: { textDecorationLine: 'line-through' },
});

const GROUP_TITLES: Record<DutyGroupId, string> = {
  overdue: msg('Overdue'),
  today: msg('Today'),
  tomorrow: msg('Tomorrow'),
  week: msg('This week'),
  later: msg('Later'),
  earlier: msg('Done earlier'),
};

/**
 * The student's study guide (spec: duties): tasks due and chapters to read across their lessons,
 * grouped by day, each marked done or not and opening its task or chapter; then their task books.
 */
export function DutiesPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [search, setSearch] = useSearchParams();
  const hideDone = search.get('hide_done') === '1';
  const lessonParam = Number(search.get('lesson'));
  const lessonId = Number.isInteger(lessonParam) && lessonParam > 0 ? lessonParam : null;
  const lessons = useLessonChoices();
  const today = localToday();
  const from = addDays(today, -DUTIES_DAYS_BACK);
  const to = addDays(today, DUTIES_DAYS_AHEAD);
  const duties = useQuery({
    queryKey: dutyKeys.range(scope, from, to),
    // Handing in and reading change it: ask again on every opening.
    staleTime: 0,
    queryFn: ({ signal }) => listDuties(scope, from, to, signal),
  });
  const groups = groupDuties(duties.data ?? [], today, { hideDone, lessonId });
  const setParam = (name: string, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return (
    <PageFrame title={t('Study guide')}>
      <div className={styles.tools}>
        <LessonFilter
          lessons={lessons.data ?? []}
          value={lessonId}
          onChange={(next) => setParam('lesson', next === null ? null : String(next))}
        />
        <Switch
          label={t('Hide done')}
          checked={hideDone}
          onChange={(_event, data) => setParam('hide_done', data.checked ? '1' : null)}
          data-testid="duties-hide-done"
        />
      </div>
      {duties.isError && <LoadError message={apiErrorText(duties.error)} />}
      {duties.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : groups.length === 0 && !duties.isError ? (
        <Text data-testid="duties-empty">{t('Nothing to do. Well done!')}</Text>
      ) : (
        groups.map((group) => (
          <section
            key={group.id}
            className={styles.group}
            aria-labelledby={`duties-${group.id}`}
            data-testid={`duties-group-${group.id}`}
          >
            <Text
              as="h3"
              id={`duties-${group.id}`}
              size={500}
              weight="semibold"
              className={
                group.id === 'overdue' ? `${styles.heading} ${styles.overdue}` : styles.heading
              }
            >
              {`${t(GROUP_TITLES[group.id])} (${group.duties.length})`}
            </Text>
            <ul className={styles.list}>
              {group.duties.map((duty) => (
                <DutyItem key={`${duty.kind}:${duty.id}`} duty={duty} />
              ))}
            </ul>
          </section>
        ))
      )}
      <StudentTaskBooks />
    </PageFrame>
  );
}

/** Where each kind of duty opens, its badge, and the words for done and not done. */
const DUTY_LOOKS: Record<
  Duty['kind'],
  (
    basePath: string,
    duty: Duty,
  ) => {
    to: string;
    kind: { label: string; color: 'brand' | 'informative' | 'important' };
    state: string;
  }
> = {
  task: (basePath, duty) => ({
    to: `${basePath}/task/${duty.id}`,
    kind: { label: msg('Task'), color: 'brand' },
    state: duty.done ? msg('Work handed in') : msg('To hand in'),
  }),
  chapter: (basePath, duty) => ({
    to: `${basePath}/chapters/${duty.id}`,
    kind: { label: msg('Chapter'), color: 'informative' },
    state: duty.done ? msg('Already read') : msg('To read'),
  }),
  quiz: (basePath, duty) => ({
    to: `${basePath}/lesson/${duty.lesson_id}/quiz/${duty.id}`,
    kind: { label: msg('Quiz'), color: 'important' },
    state: duty.done ? msg('Quiz taken') : msg('To take'),
  }),
};

function DutyItem({ duty }: { duty: Duty }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { basePath } = useArea();
  const { to, kind, state } = DUTY_LOOKS[duty.kind](basePath, duty);
  return (
    <li className={styles.item} data-testid="duty" data-kind={duty.kind} data-done={duty.done}>
      <span className={`${styles.mark} ${duty.done ? styles.markDone : styles.markOpen}`}>
        {duty.done ? (
          <CheckmarkCircle20Filled role="img" aria-label={t('Done')} />
        ) : (
          <Circle20Regular role="img" aria-label={t('Not done')} />
        )}
      </span>
      <span className={styles.body}>
        <span className={duty.done ? `${styles.title} ${styles.done}` : styles.title}>
          <AppLink to={to}>{duty.title}</AppLink>
        </span>
        <span className={styles.meta}>
          <Badge appearance="tint" color={kind.color}>
            {t(kind.label)}
          </Badge>
          <Text size={200}>{duty.lesson_name}</Text>
          <Text size={200}>
            {duty.due_at
              ? t('Due {{when}}', { when: formatLongDate(duty.due_at, i18n.language, true) })
              : formatLongDate(`${duty.date}T12:00:00Z`, i18n.language)}
          </Text>
          <Text size={200} data-testid="duty-state">
            {t(state)}
          </Text>
        </span>
      </span>
    </li>
  );
}
