import type { DatesSetArg, EventClickArg, EventContentArg } from '@fullcalendar/core';
import elLocale from '@fullcalendar/core/locales/el';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import {
  Button,
  makeStyles,
  Spinner,
  Text,
  ToggleButton,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useNavigate, useSearchParams } from 'react-router-dom';
import { CARD_LAYOUT_MAX_WIDTH } from '../../../../shared/constants';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { useViewportWidth } from '../../app/shell/useViewportWidth';
import { announce } from '../../components/LiveAnnouncer';
import { PageFrame } from '../../components/PageFrame';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { msg } from '../../i18n/msg';
import { homeLinks } from '../home/homeLinks';
import { calendarKeys, listEvents } from './calendarApi';
import {
  type EventDetails,
  hoursShown,
  KIND_LOOKS,
  rangeOf,
  toCalendarInputs,
} from './calendarEvents';
import { CalendarLegend, KindIcon } from './CalendarLegend';
import { FeedPanel } from './FeedPanel';
import { useCalendarStyles } from './calendarStyles';

type ViewChoice = 'month' | 'week' | 'list';

const VIEWS: Record<ViewChoice, { fullCalendar: string; label: string; unit: string }> = {
  month: { fullCalendar: 'dayGridMonth', label: msg('Month'), unit: 'month' },
  week: { fullCalendar: 'timeGridWeek', label: msg('Week'), unit: 'week' },
  list: { fullCalendar: 'listWeek', label: msg('List'), unit: 'week' },
};
const VIEW_CHOICES = Object.keys(VIEWS) as ViewChoice[];

const isViewChoice = (value: string | null): value is ViewChoice =>
  value !== null && value in VIEWS;

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  group: { display: 'flex', gap: tokens.spacingHorizontalXS },
  heading: { margin: 0 },
  range: {
    flexGrow: 1,
    minWidth: '10em',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  event: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    overflow: 'hidden',
    minWidth: 0,
  },
  // Whole words: in a narrow column a word that does not fit is cut, not spelt letter by letter.
  eventTitle: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden' },
  eventMeta: { overflow: 'hidden' },
  listEvent: { display: 'flex', flexDirection: 'column', gap: '2px' },
  listMeta: { color: tokens.colorNeutralForeground2 },
});

/**
 * The teacher's and student's calendar: the timetable's meetings and the tasks due, by month,
 * week or as a list (the list on phones), fetched for the visible range only, and the private
 * iCalendar link. FullCalendar arrives with this screen's chunk, never before.
 */
export default function CalendarPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const calendarStyles = useCalendarStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const navigate = useNavigate();
  const rootHref = useHref('/');
  const narrow = useViewportWidth() < CARD_LAYOUT_MAX_WIDTH;
  const [search, setSearch] = useSearchParams();
  const asked = search.get('view');
  // A view chosen stays in the address; without one, phones get the list.
  const view: ViewChoice = isViewChoice(asked) ? asked : narrow ? 'list' : 'week';
  const calendar = useRef<FullCalendar>(null);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [title, setTitle] = useState('');

  const events = useQuery({
    queryKey: calendarKeys.range(scope, range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
    // Teachers add tasks and the office changes the timetable: ask again on every opening.
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => listEvents(scope, range!.from, range!.to, signal),
  });

  const inputs = useMemo(() => {
    const links = homeLinks(role, basePath);
    return toCalendarInputs(
      events.data ?? [],
      (event) =>
        event.kind === 'task' && event.task_id !== null
          ? links.task(event.task_id)
          : event.kind === 'quiz' && event.quiz_id !== null
            ? links.quiz(event.lesson_id, event.quiz_id)
            : links.lesson(event.lesson_id),
      (to) => `${rootHref.replace(/\/$/, '')}${to}`,
    );
  }, [events.data, role, basePath, rootHref]);
  const hours = useMemo(() => hoursShown(events.data ?? []), [events.data]);

  useEffect(() => {
    const api = calendar.current?.getApi();
    if (api && api.view.type !== VIEWS[view].fullCalendar) api.changeView(VIEWS[view].fullCalendar);
  }, [view]);

  const onDatesSet = (info: DatesSetArg) => {
    const next = rangeOf(info.start, info.end);
    setRange((previous) =>
      previous?.from === next.from && previous.to === next.to ? previous : next,
    );
    setTitle(info.view.title);
  };

  const go = (where: 'prev' | 'next' | 'today') => {
    const api = calendar.current?.getApi();
    if (!api) return;
    api[where]();
    announce(api.view.title);
  };

  const choose = (choice: ViewChoice) => {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('view', choice);
        return next;
      },
      { replace: true },
    );
  };

  const onEventClick = (info: EventClickArg) => {
    const { to } = info.event.extendedProps as EventDetails;
    const click = info.jsEvent;
    if (!to || click.metaKey || click.ctrlKey || click.shiftKey || click.button !== 0) return;
    click.preventDefault();
    void navigate(to);
  };

  const renderEvent = (arg: EventContentArg) => {
    const details = arg.event.extendedProps as EventDetails;
    const meta =
      details.kind !== 'lesson'
        ? details.lessonName
        : details.room
          ? t('Room {{room}}', { room: details.room })
          : null;
    const kind = t(KIND_LOOKS[details.kind].label);
    if (arg.view.type.startsWith('list'))
      return (
        <span className={styles.listEvent} data-testid={`calendar-event-${details.kind}`}>
          <span className={styles.event}>
            <KindIcon kind={details.kind} />
            <span className={styles.eventTitle}>{arg.event.title}</span>
          </span>
          <Text size={200} className={styles.listMeta}>
            {meta ? `${kind} · ${meta}` : kind}
          </Text>
        </span>
      );
    return (
      <span className={styles.event} data-testid={`calendar-event-${details.kind}`}>
        <KindIcon kind={details.kind} />
        <VisuallyHidden>{`${kind}:`}</VisuallyHidden>
        {/* The title first: in a narrow column it is what must show. */}
        <span className={styles.eventTitle}>{arg.event.title}</span>
        {arg.timeText && <span>{arg.timeText}</span>}
        {/* A month's cells are small: the room waits for the week and the list. */}
        {meta && !arg.view.type.startsWith('dayGrid') && (
          <span className={styles.eventMeta}>{meta}</span>
        )}
      </span>
    );
  };

  const unit = VIEWS[view].unit;
  return (
    <PageFrame title={t('Calendar')}>
      <div className={styles.toolbar}>
        <div className={styles.group}>
          <Tooltip
            content={unit === 'month' ? t('Previous month') : t('Previous week')}
            relationship="label"
          >
            <Button
              icon={<ChevronLeft20Regular />}
              onClick={() => go('prev')}
              data-testid="calendar-prev"
            />
          </Tooltip>
          <Button onClick={() => go('today')} data-testid="calendar-today">
            {t('Today')}
          </Button>
          <Tooltip
            content={unit === 'month' ? t('Next month') : t('Next week')}
            relationship="label"
          >
            <Button
              icon={<ChevronRight20Regular />}
              onClick={() => go('next')}
              data-testid="calendar-next"
            />
          </Tooltip>
        </div>
        <div className={styles.range}>
          <Text
            as="h3"
            size={500}
            weight="semibold"
            className={styles.heading}
            data-testid="calendar-title"
          >
            {title}
          </Text>
          {events.isFetching && <Spinner size="extra-tiny" aria-label={t('Loading...')} />}
        </div>
        <div role="group" aria-label={t('View')} className={styles.group}>
          {VIEW_CHOICES.map((choice) => (
            <ToggleButton
              key={choice}
              checked={view === choice}
              onClick={() => choose(choice)}
              data-testid={`calendar-view-${choice}`}
            >
              {t(VIEWS[choice].label)}
            </ToggleButton>
          ))}
        </div>
      </div>
      <CalendarLegend />
      {events.isError && <Text role="alert">{t(apiErrorText(events.error))}</Text>}
      <div className={calendarStyles.calendar} data-testid="calendar" data-view={view}>
        <FullCalendar
          ref={calendar}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
          initialView={VIEWS[view].fullCalendar}
          headerToolbar={false}
          locale={i18n.language === 'el' ? elLocale : enGbLocale}
          firstDay={1}
          height="auto"
          events={inputs}
          datesSet={onDatesSet}
          eventClick={onEventClick}
          eventContent={renderEvent}
          eventDisplay="block"
          dayMaxEvents={false}
          allDaySlot={false}
          // Meetings at the same time side by side, never one over another's words.
          slotEventOverlap={false}
          nowIndicator={false}
          slotMinTime={hours.min}
          slotMaxTime={hours.max}
          slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          noEventsText={t('Nothing in these days.')}
          timeHint={t('Time')}
          eventHint={t('Event')}
          closeHint={t('Close')}
          allDayText={t('All day')}
        />
      </div>
      <FeedPanel />
    </PageFrame>
  );
}
