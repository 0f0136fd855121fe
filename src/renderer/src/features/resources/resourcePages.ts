import { resourceDetailPage } from './ResourceDetailPage';
import { resourceListPage } from './ResourceListPage';
import type { ResourceScreen } from './resourceScreen';
import { PermissionGrid } from './permissions/PermissionGrid';
import { LessonTimetable } from './timetable/LessonTimetable';
import { UserInviteButton } from './UserInviteButton';

// Every declared resource screen of the role areas, bound once so that routes get stable pages.

const screen = (definition: ResourceScreen) => ({
  list: resourceListPage(definition),
  detail: resourceDetailPage(definition),
});

export const adminResourcePages = {
  students: screen({
    resource: 'students',
    listPath: 'students',
    detailPath: 'students',
    idParam: 'user_id',
  }),
  teachers: screen({
    resource: 'teachers',
    listPath: 'teachers',
    detailPath: 'teachers',
    idParam: 'user_id',
  }),
  clients: screen({
    resource: 'clients',
    listPath: 'clients',
    detailPath: 'clients',
    idParam: 'client_id',
  }),
  users: screen({
    resource: 'users',
    listPath: 'users',
    detailPath: 'users',
    idParam: 'user_id',
    actions: UserInviteButton,
  }),
  levels: screen({
    resource: 'levels',
    listPath: 'levels',
    detailPath: 'levels',
    idParam: 'level_id',
  }),
  tags: screen({ resource: 'tags', listPath: 'tags', detailPath: 'tags', idParam: 'tag_id' }),
  sites: screen({
    resource: 'sites',
    listPath: 'sites',
    detailPath: 'sites',
    idParam: 'site_id',
    parts: [{ resource: 'rooms', parentField: 'site_id' }],
  }),
  periods: screen({
    resource: 'periods',
    listPath: 'periods',
    detailPath: 'periods',
    idParam: 'period_id',
    parts: [{ resource: 'sub_periods', parentField: 'period_id' }],
  }),
  subPeriods: screen({
    resource: 'sub_periods',
    listPath: 'periods',
    detailPath: 'periods',
    idParam: 'sub_period_id',
  }),
  courses: screen({
    resource: 'courses',
    listPath: 'courses',
    detailPath: 'courses',
    idParam: 'course_id',
  }),
  lessons: screen({
    resource: 'lessons',
    listPath: 'lessons',
    detailPath: 'lessons',
    idParam: 'lesson_id',
    sections: [LessonTimetable],
  }),
  lessonTemplates: screen({
    resource: 'lessons-templates',
    listPath: 'lessons-templates',
    detailPath: 'lessons-templates',
    idParam: 'id',
  }),
  categories: screen({
    resource: 'categories',
    listPath: 'categories',
    detailPath: 'categories',
    idParam: 'id',
  }),
  announcements: screen({
    resource: 'announcements',
    listPath: 'announcements',
    detailPath: 'announcements',
    idParam: 'announcement_id',
  }),
  permissions: screen({
    resource: 'permissions',
    listPath: 'permissions',
    detailPath: 'permissions',
    idParam: 'permissions_group_id',
    sections: [PermissionGrid],
  }),
};

export const teacherResourcePages = {
  lessons: screen({
    resource: 'lessons',
    listPath: 'lessons',
    detailPath: 'lesson',
    idParam: 'lesson_id',
    selectable: false,
    transfer: false,
    sections: [LessonTimetable],
  }),
  students: screen({
    resource: 'students',
    listPath: 'students',
    selectable: false,
    transfer: false,
  }),
  announcements: screen({
    resource: 'announcements',
    listPath: 'announcements',
    detailPath: 'announcements',
    idParam: 'announcement_id',
    transfer: false,
  }),
};

// A student sees their own lessons and teachers; classmates and the school's notes on a
// teacher stay off their screens.
export const studentResourcePages = {
  lessons: screen({
    resource: 'lessons',
    listPath: 'lessons',
    detailPath: 'lesson',
    idParam: 'lesson_id',
    selectable: false,
    transfer: false,
    sections: [LessonTimetable],
    hiddenFields: ['student_ids'],
  }),
  teachers: screen({
    resource: 'teachers',
    listPath: 'teachers',
    detailPath: 'teachers',
    idParam: 'teacher_id',
    selectable: false,
    transfer: false,
    hiddenFields: ['notes'],
  }),
};

export const clientResourcePages = {
  students: screen({
    resource: 'students',
    listPath: 'students',
    detailPath: 'student',
    idParam: 'student_id',
    selectable: false,
    transfer: false,
  }),
};
