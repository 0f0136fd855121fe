import type { EventInput } from '@fullcalendar/core';
import { tokens } from '@fluentui/react-components';
import type { CalendarEvent } from '../../../../shared/api/calendar';
import { msg } from '../../i18n/msg';

export type CalendarKind = CalendarEvent['kind'];

/**
 * How each kind of event looks: the school's brand colour for the timetable, its accent for
 * tasks due, grape for quizzes closing (theme tokens, so a school's palette applies), and a word and an icon besides, so
 * that colour is never the only difference. A new kind of the contract must be added here.
 */
export const KIND_LOOKS: Record<CalendarKind, { label: string; background: string; text: string }> =
  {
    lesson: {
      label: msg('Lesson'),
      background: tokens.colorBrandBackground,
      text: tokens.colorNeutralForegroundOnBrand,
    },
    task: {
      label: msg('Task due'),
      background: tokens.colorPaletteDarkOrangeBackground3,
      text: tokens.colorPaletteDarkOrangeForeground3,
    },
    quiz: {
      label: msg('Quiz closes'),
      background: tokens.colorPaletteGrapeBackground2,
      text: tokens.colorPaletteGrapeForeground2,
    },
  };

export const CALENDAR_KINDS = Object.keys(KIND_LOOKS) as CalendarKind[];

/** What an event shown by FullCalendar carries besides its title and times. */
export interface EventDetails {
  kind: CalendarKind;
  lessonName: string;
  room: string | null;
  /** The address inside the app (react-router path), null when the role has no such screen. */
  to: string | null;
}

/** The server's events as FullCalendar's, each linking to its screen. */
export function toCalendarInputs(
  events: CalendarEvent[],
  link: (event: CalendarEvent) => string | null,
  href: (to: string) => string,
): EventInput[] {
  return events.map((event) => {
    const look = KIND_LOOKS[event.kind];
    const to = link(event);
    const details: EventDetails = {
      kind: event.kind,
      lessonName: event.lesson_name,
      room: event.room,
      to,
    };
    return {
      id: event.uid,
      title: event.title,
      start: event.start,
      // A task is an instant; FullCalendar gives it its default length to be seen.
      end: event.end === event.start ? undefined : event.end,
      url: to ? href(to) : undefined,
      backgroundColor: look.background,
      borderColor: look.background,
      textColor: look.text,
      extendedProps: details,
    };
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as YYYY-MM-DD. */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** FullCalendar's visible range (end exclusive) as the API's days, both included. */
export function rangeOf(start: Date, end: Date): { from: string; to: string } {
  const last = new Date(end);
  last.setDate(last.getDate() - 1);
  return { from: dayOf(start), to: dayOf(last) };
}

/**
 * The hours the week grid shows: those of the events shown (08:00–20:00 without any), so that
 * an afternoon school does not scroll past an empty morning.
 */
export function hoursShown(events: CalendarEvent[]): { min: string; max: string } {
  if (events.length === 0) return { min: '08:00:00', max: '20:00:00' };
  let first = 23;
  let last = 1;
  for (const event of events) {
    const start = new Date(event.start);
    const end = new Date(event.end === event.start ? start.getTime() + 3_600_000 : event.end);
    first = Math.min(first, start.getHours());
    const endHour = end.getHours() + (end.getMinutes() > 0 ? 1 : 0);
    // An event ending at or after midnight fills the day.
    last = Math.max(last, end.getDate() !== start.getDate() ? 24 : endHour);
  }
  return { min: `${pad(first)}:00:00`, max: `${pad(Math.min(last, 24))}:00:00` };
}
