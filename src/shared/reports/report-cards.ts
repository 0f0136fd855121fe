import type { PermissionResource } from '../permissions';

/**
 * What an admin must read to make report cards: the reports screen, and the data a card
 * shows (the student, the lessons' grades, the absences). Permission groups grant each.
 */
export const REPORT_CARD_RESOURCES: readonly PermissionResource[] = [
  'reporting',
  'students',
  'lessons',
  'absences',
];
