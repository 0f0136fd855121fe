import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * FullCalendar dressed in the school's theme: its CSS variables set to Fluent tokens, and the
 * few rules of its own sheet that would fail contrast (faded days of other months) or target
 * size (events) put right.
 */
export const useCalendarStyles = makeStyles({
  calendar: {
    '--fc-border-color': tokens.colorNeutralStroke2,
    '--fc-page-bg-color': tokens.colorNeutralBackground1,
    '--fc-neutral-bg-color': tokens.colorNeutralBackground3,
    '--fc-list-event-hover-bg-color': tokens.colorNeutralBackground1Hover,
    '--fc-today-bg-color': tokens.colorBrandBackground2,
    '--fc-event-border-color': 'transparent',
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    padding: tokens.spacingHorizontalS,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    minWidth: 0,
    // Day numbers and column headings are FullCalendar's links without an address: plain text.
    '& a:not([href])': { color: 'inherit', textDecorationLine: 'none' },
    '& .fc-daygrid-day.fc-day-other .fc-daygrid-day-top': {
      opacity: 1,
      color: tokens.colorNeutralForeground3,
    },
    '& .fc-event': {
      minHeight: '24px',
      borderRadius: tokens.borderRadiusMedium,
      padding: '1px 2px',
    },
    // A short meeting shows what fits; the rest is still read out.
    '& .fc-timegrid-event .fc-event-main': { overflow: 'hidden' },
    '& .fc-event:focus-visible': {
      outline: `2px solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
    // FullCalendar's focus shade lies over the event and its text: the outline above marks it.
    '& .fc-event:focus::after': { display: 'none' },
    '& .fc-list-event:focus-within': {
      outline: `2px solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
    '& .fc-list-event td': { verticalAlign: 'middle' },
    '& .fc-list-event-title a': { color: 'inherit', textDecorationLine: 'none' },
    '& .fc-list-event-title a:hover': { textDecorationLine: 'underline' },
    '& .fc-col-header-cell-cushion': { padding: '4px 2px' },
    // Room for a meeting's title, time and room in its half-hour slots.
    '& .fc-timegrid-slot': { height: '2.25em' },
    '& .fc-timegrid-slot-label-cushion, & .fc-list-event-time': {
      color: tokens.colorNeutralForeground2,
    },
  },
});
