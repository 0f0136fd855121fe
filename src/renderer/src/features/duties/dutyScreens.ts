import { DutiesPage } from './DutiesPage';

// The study guide is the student's (the server refuses it to other roles).
export const dutyScreens = { student: { list: DutiesPage } };
