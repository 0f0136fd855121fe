import { createElement, lazy } from 'react';
import { LazyPage } from '../../components/LazyPage';

// FullCalendar (about 70 kB gzip) comes with the calendar screen's own chunk, not with the
// role's route table.
const CalendarPage = lazy(() => import('./CalendarPage'));

function CalendarScreen() {
  return createElement(LazyPage, null, createElement(CalendarPage));
}

// Teachers and students see their timetable and tasks due; parents and the office have none.
export const calendarScreens = {
  teacher: { calendar: CalendarScreen },
  student: { calendar: CalendarScreen },
};
