import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '../../../../shared/api/calendar';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { useRecordQuery } from '../../resources/useRecordQuery';
import { calendarKeys, listEvents } from '../calendar/calendarApi';

// Under a parent's view of their child: the child's week of lessons, from the parent's calendar
// (their children's lessons) narrowed to this child's.

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
    const lessons = record.data.lesson_ids;
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
