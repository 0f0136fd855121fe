import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Home } from '../../../../shared/api/calendar';
import type { SubmissionState } from '../../../../shared/api/tasks';
import { apiErrorText } from '../../api/apiErrorText';
import { reloadOlderThan } from '../../api/areaOpening';
import { useArea } from '../../app/area/AreaContext';
import { SchoolSummary } from '../../app/area/WelcomeHome';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { formatLongDate, formatTime } from '../../i18n/formatDate';
import { msg } from '../../i18n/msg';
import { FamilyBalanceCard } from '../finance/FamilyBalanceCard';
import { myAccountQuery } from '../finance/myAccountQuery';
import { TaskStateBadge } from '../tasks/TaskStateBadge';
import { homeOpened, homeOpening, homeQuery } from './homeApi';
import { homeLinks } from './homeLinks';
import { useHomeInvalidation } from './useHomeInvalidation';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    alignItems: 'start',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    minWidth: 0,
  },
  heading: { margin: 0 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: { display: 'flex', flexDirection: 'column', gap: '2px', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
});

const NEW_KIND_LABELS: Record<Home['new_items'][number]['kind'], string> = {
  graded: msg('Graded'),
  chapter: msg('New chapter'),
  announcement: msg('Announcement'),
  submission: msg('Handed in'),
};

/**
 * A teacher's, student's or parent's home: today's timetable, the next tasks due and what is
 * new since the last visit, from one call. It lives in the area's own chunk, so it carries
 * neither the editor nor the list engine.
 */
export function RoleHome() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  // What the start fetched for this opening is not asked for again (homeApi.ts).
  const [openedAt] = useState(() => homeOpening(schoolId, role, Date.now()));
  useEffect(() => homeOpened(schoolId, role), [schoolId, role]);
  const { refresh } = useHomeInvalidation();
  const home = useQuery({
    ...homeQuery(schoolId, role),
    // Others change these too (students hand in, teachers publish): always ask again on opening.
    staleTime: 0,
    refetchOnMount: reloadOlderThan(openedAt),
  });
  // A parent's account heads their home. It waits with the rest (both come in the start's
  // round), so that it does not push the day down when it arrives.
  const account = useQuery({
    ...myAccountQuery(schoolId, role),
    enabled: role === 'client',
    staleTime: 0,
    refetchOnMount: reloadOlderThan(openedAt),
  });
  const links = homeLinks(role, basePath);
  const time = (iso: string) => formatTime(iso, i18n.language);
  const when = (iso: string) => formatLongDate(iso, i18n.language, true);
  const link = (to: string | null, text: string) =>
    to ? <AppLink to={to}>{text}</AppLink> : <Text weight="semibold">{text}</Text>;
  const empty = (text: string) => <Text className={styles.muted}>{text}</Text>;
  const data = home.data;

  return (
    <PageFrame
      title={t('Home')}
      actions={
        <Button
          icon={<ArrowClockwise20Regular />}
          onClick={() => void refresh()}
          disabledFocusable={home.isFetching}
        >
          {t('Refresh')}
        </Button>
      }
    >
      <SchoolSummary />
      {home.isError && !data && <Text role="alert">{t(apiErrorText(home.error))}</Text>}
      {!data || (role === 'client' && account.isPending) ? (
        !home.isError && <Spinner label={t('Loading...')} />
      ) : (
        <div className={styles.grid}>
          {account.data && <FamilyBalanceCard account={account.data} />}
          <section className={styles.card} aria-labelledby="home-today" data-testid="home-today">
            <Text as="h3" id="home-today" size={500} weight="semibold" className={styles.heading}>
              {t('Today')}
            </Text>
            {data.today.length === 0 ? (
              empty(t('No lessons today.'))
            ) : (
              <ul className={styles.list}>
                {data.today.map((event) => (
                  <li key={event.uid} className={styles.item}>
                    {link(links.lesson(event.lesson_id), event.lesson_name)}
                    <Text size={200} className={styles.muted}>
                      {`${time(event.start)} – ${time(event.end)}`}
                      {event.room ? ` · ${t('Room {{room}}', { room: event.room })}` : ''}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className={styles.card} aria-labelledby="home-due" data-testid="home-due">
            <Text as="h3" id="home-due" size={500} weight="semibold" className={styles.heading}>
              {t('Next due')}
            </Text>
            {data.next_due.length === 0 ? (
              empty(t('Nothing due.'))
            ) : (
              <ul className={styles.list}>
                {data.next_due.map((task) => (
                  <li key={`${task.task_id}-${task.student_id ?? ''}`} className={styles.item}>
                    {link(links.task(task.task_id), task.title)}
                    <Text size={200} className={styles.muted}>
                      {`${task.lesson_name} · ${t('Due {{when}}', { when: when(task.due_at) })}`}
                    </Text>
                    {task.state && <TaskStateBadge state={task.state as SubmissionState} />}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className={styles.card} aria-labelledby="home-new" data-testid="home-new">
            <Text as="h3" id="home-new" size={500} weight="semibold" className={styles.heading}>
              {t('What is new')}
            </Text>
            {data.new_items.length === 0 ? (
              empty(t('Nothing new since your last visit.'))
            ) : (
              <ul className={styles.list}>
                {data.new_items.map((item) => (
                  <li
                    key={`${item.kind}-${item.id}-${item.student_id ?? ''}`}
                    className={styles.item}
                  >
                    {link(links.newItem(item), item.title)}
                    <Text size={200} className={styles.muted}>
                      {item.count !== undefined
                        ? `${t('{{count}} handed in', { count: item.count })} · ${when(item.at)}`
                        : `${t(NEW_KIND_LABELS[item.kind])} · ${when(item.at)}`}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </PageFrame>
  );
}
