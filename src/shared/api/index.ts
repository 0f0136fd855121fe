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
export * from './privacy';
export * from './auditLog';
export * from './teaching';
export * from './files';
export * from './chapters';
export * from './tasks';
export * from './taskbooks';
export * from './calendar';
export * from './quizzes';
export * from './grades';
export * from './gradeRecords';
export * from './attendance';
export * from './lessons';
export * from './assistant';
export * from './notifications';
export * from './sessions';
export * from './invoices';
export * from './office';
export * from './finance';
export * from './chat';
export * from './scorm';
export * from './reports';

import { accountEndpoints } from './account';
import { assistantEndpoints } from './assistant';
import { healthEndpoints } from './health';
import { inboxEndpoints } from './inbox';
import { invitationEndpoints } from './invitations';
import { userEndpoints } from './users';
import { jobEndpoints } from './jobs';
import { privacyEndpoints } from './privacy';
import { auditLogEndpoints } from './auditLog';
import { attendanceEndpoints } from './attendance';
import { calendarEndpoints } from './calendar';
import { chatEndpoints } from './chat';
import { gradeEndpoints } from './grades';
import { gradeRecordEndpoints } from './gradeRecords';
import { chapterEndpoints } from './chapters';
import { lessonEndpoints } from './lessons';
import { notificationEndpoints } from './notifications';
import { invoiceEndpoints } from './invoices';
import { fileEndpoints } from './files';
import { financeEndpoints } from './finance';
import { taskBookEndpoints } from './taskbooks';
import { taskEndpoints } from './tasks';
import { quizEndpoints } from './quizzes';
import { sessionEndpoints } from './sessions';
import { officeEndpoints } from './office';
import { scormEndpoints } from './scorm';
import { reportEndpoints } from './reports';
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
  ...prefixed('gradeRecords', gradeRecordEndpoints),
  ...prefixed('attendance', attendanceEndpoints),
  ...prefixed('lessons', lessonEndpoints),
  ...prefixed('assistant', assistantEndpoints),
  ...prefixed('notifications', notificationEndpoints),
  ...prefixed('sessions', sessionEndpoints),
  ...prefixed('invoices', invoiceEndpoints),
  ...prefixed('office', officeEndpoints),
  ...prefixed('finance', financeEndpoints),
  ...prefixed('chat', chatEndpoints),
  ...prefixed('scorm', scormEndpoints),
  ...prefixed('reports', reportEndpoints),
  ...prefixed('privacy', privacyEndpoints),
  ...prefixed('auditLog', auditLogEndpoints),
};

function prefixed<T extends Record<string, unknown>>(area: string, table: T) {
  return Object.fromEntries(Object.entries(table).map(([name, e]) => [`${area}.${name}`, e]));
}
