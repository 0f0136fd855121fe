export * from './envelope';
export * from './endpoint';
export * from './account';
export * from './school';
export * from './whitelabel';
export * from './health';
export * from './weather';
export * from './inbox';
export * from './users';
export * from './invitations';
export * from './jobs';
export * from './teaching';
export * from './files';
export * from './chapters';
export * from './tasks';
export * from './taskbooks';
export * from './calendar';
export * from './quizzes';
export * from './grades';
export * from './attendance';
export * from './lessons';

import { accountEndpoints } from './account';
import { healthEndpoints } from './health';
import { inboxEndpoints } from './inbox';
import { invitationEndpoints } from './invitations';
import { userEndpoints } from './users';
import { jobEndpoints } from './jobs';
import { attendanceEndpoints } from './attendance';
import { calendarEndpoints } from './calendar';
import { gradeEndpoints } from './grades';
import { chapterEndpoints } from './chapters';
import { lessonEndpoints } from './lessons';
import { fileEndpoints } from './files';
import { taskBookEndpoints } from './taskbooks';
import { taskEndpoints } from './tasks';
import { quizEndpoints } from './quizzes';
import { weatherEndpoints } from './weather';
import { schoolAdminEndpoints, schoolEndpoints } from './school';
import { whiteLabelEndpoints } from './whitelabel';

/** Every hand-written endpoint, for the OpenAPI document. */
export const endpoints = {
  ...healthEndpoints,
  ...accountEndpoints,
  ...whiteLabelEndpoints,
  ...schoolEndpoints,
  ...schoolAdminEndpoints,
  ...inboxEndpoints,
  ...weatherEndpoints,
  ...prefixed('users', userEndpoints),
  ...prefixed('invitations', invitationEndpoints),
  ...jobEndpoints,
  ...prefixed('files', fileEndpoints),
  ...prefixed('chapters', chapterEndpoints),
  ...prefixed('tasks', taskEndpoints),
  ...prefixed('taskbooks', taskBookEndpoints),
  ...prefixed('calendar', calendarEndpoints),
  ...prefixed('quizzes', quizEndpoints),
  ...prefixed('grades', gradeEndpoints),
  ...prefixed('attendance', attendanceEndpoints),
  ...prefixed('lessons', lessonEndpoints),
};

function prefixed<T extends Record<string, unknown>>(area: string, table: T) {
  return Object.fromEntries(Object.entries(table).map(([name, e]) => [`${area}.${name}`, e]));
}
