import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '../../../../shared/api/calendar';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError, NothingFound } from '../../resources/ListStates';
import type { ResourceRecord } from '../../resources/resourceApi';
import { definitionOf } from '../../resources/resourceScreen';
import { useRecordQuery } from '../../resources/useRecordQuery';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { useResourceList } from '../../resources/useResourceList';
import { calendarKeys, listEvents } from '../calendar/calendarApi';

// Under a parent's view of their child: the child's week of lessons and the announcements the
// family receives. Both read what the parent may already see (the calendar of their children,
// the announcements addressed to them), narrowed to this child's lessons.

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
});

/** The child's lessons, as ids, from their record (the screen above has it cached). */
function useChildLessons(childId: number): Set<number> | null {
  const { schoolId, role } = useArea();
  const record = useRecordQuery({ schoolId, role, resource: 'students' }, childId);
  return useMemo(() => {
    if (!record.data) return null;
    const lessons = record.data.lessons;
    return new Set(Array.isArray(lessons) ? lessons.map(Number) : []);
  }, [record.data]);
}

/** Monday to Sunday of the week `day` falls in, as YYYY-MM-DD (the device's calendar). */
export function weekAround(day: Date): { from: string; to: string } {
  const dayOf = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const monday = new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate() - ((day.getDay() + 6) % 7),
  );
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  return { from: dayOf(monday), to: dayOf(sunday) };
}

/** This week's meetings of the child's lessons, in order. */
export function ChildWeekSection({ parentId }: { parentId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const lessons = useChildLessons(parentId);
  const { from, to } = weekAround(new Date());
  const events = useQuery({
    queryKey: calendarKeys.range(scope, from, to),
    queryFn: ({ signal }) => listEvents(scope, from, to, signal),
  });
  const rows = (events.data ?? [])
    .filter((event) => event.kind === 'lesson' && lessons?.has(event.lesson_id))
    .sort((a, b) => a.start.localeCompare(b.start));
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const columns: SimpleColumn<CalendarEvent>[] = [
    {
      id: 'day',
      label: t('Day'),
      width: '30%',
      cell: (row) =>
        new Date(row.start).toLocaleDateString(i18n.language, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
        }),
    },
    { id: 'time', label: t('Time'), cell: (row) => `${time(row.start)} – ${time(row.end)}` },
    { id: 'lesson', label: t('Lesson'), cell: (row) => row.lesson_name },
    { id: 'room', label: t('Room'), cell: (row) => row.room ?? '' },
  ];
  return (
    <section className={styles.section} aria-labelledby="child-week-heading">
      <Text as="h3" id="child-week-heading" size={500} weight="semibold" className={styles.heading}>
        {t('This week')}
      </Text>
      {events.isError && <LoadError message={apiErrorText(events.error)} />}
      {events.isPending || lessons === null ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 && !events.isError ? (
        <NothingFound />
      ) : (
        <SimpleList
          rows={rows}
          columns={columns}
          rowKey={(row) => row.uid}
          label={t('This week')}
          testId="child-week-row"
        />
      )}
    </section>
  );
}

/** The newest announcements the family receives: the school's, and those of the child's lessons. */
export function ChildAnnouncementsSection({ parentId }: { parentId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const lessons = useChildLessons(parentId);
  const access = useResourceAccess(definitionOf('announcements'));
  const list = useResourceList(
    access.scope,
    { search: '', sort: { field: 'created_at', order: 'desc' }, filters: {} },
    access.read,
    true,
  );
  // A lesson's announcement belongs to this child only if they attend that lesson.
  const rows = list.rows.filter(
    (row) =>
      row.lesson_id === null || row.lesson_id === undefined || lessons?.has(Number(row.lesson_id)),
  );
  const columns: SimpleColumn<ResourceRecord>[] = [
    { id: 'title', label: t('Title'), width: '60%', cell: (row) => String(row.title ?? '') },
    {
      id: 'date',
      label: t('Date'),
      cell: (row) => (row.created_at ? formatLongDate(String(row.created_at), i18n.language) : ''),
    },
  ];
  if (!access.read) return null;
  return (
    <section className={styles.section} aria-labelledby="child-announcements-heading">
      <Text
        as="h3"
        id="child-announcements-heading"
        size={500}
        weight="semibold"
        className={styles.heading}
      >
        {t('Announcements')}
      </Text>
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending || lessons === null ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 && !list.isError ? (
        <NothingFound />
      ) : (
        <SimpleList
          rows={rows.slice(0, 10)}
          columns={columns}
          rowKey={(row) => row.id}
          label={t('Announcements')}
          testId="child-announcement-row"
        />
      )}
    </section>
  );
}
