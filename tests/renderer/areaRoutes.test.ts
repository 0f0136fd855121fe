import { describe, expect, it } from 'vitest';
import { adminMenu } from '../../src/renderer/src/features/admin/adminMenu';
import { adminRoutes } from '../../src/renderer/src/features/admin/adminRoutes';
import { clientMenu, clientRoutes } from '../../src/renderer/src/features/client/clientScreens';
import { studentMenu, studentRoutes } from '../../src/renderer/src/features/student/studentScreens';
import { teacherMenu, teacherRoutes } from '../../src/renderer/src/features/teacher/teacherScreens';

// Spec §2, with {param} written as :param.
const SPEC_ROUTES = {
  admin:
    'home; students, students/:user_id; new-user-wizard; teachers, teachers/:user_id; lessons, lessons/:lesson_id; lessons-templates; courses, courses/:course_id; session/:session_id; session-dashboard/:session_id; periods, periods/:period_id, periods/:period_id/:sub_period_id; messages, message/:chat_room_id; settings; notifications, notifications/:notification_id; clients, clients/:client_id; pricing_items, pricing_items/:pricing_item_id; firs-steps; reporting, reporting/:report_id; sites, sites/:site_id; transactions, transactions/:transaction_id; suppliers, supplier/:supplier_id; funds, funds/:fund_id; levels, levels/:level_id; permissions, permissions/:permissions_group_id; users, users/:user_id; tags, tags/:tag_id; absences; absence/:user_id',
  student:
    'calendar; messages; message/:chat_room_id; lessons; home; tasks; task/:task_id; lesson/:lesson_id; quizs; lesson/:lesson_id/quiz/:quiz_id; duties; school; teachers; teachers/:teacher_id; session/:session_id; announcement/:announcement_id; chapters; chapters/:chapter_id; scorm/:scorm_id; grades',
  teacher:
    'home; lesson/:lesson_id; lesson/:lesson_id/quiz/:quiz_id; quizs; quizanswers/:quiz_id; lesson/:lesson_id/quiz/new; students; lesson/:lesson_id/student/:student_id; lesson/:lesson_id/student/:student_id/grades/:sub_period_id; lessons; lessons-templates; calendar; tasks/:task_id; tasks; taskbooks; taskbooks/:task_book_id; files; school/:id; session/:session_id; profile; messages; message/:chat_room_id; chapters; chapters/:chapter_id; scorm; scorm/:scorm_id; meetings; meetings/:meeting_id; grades; grades/:lesson_id; announcements; announcements/:announcement_id',
  client: 'home; students; student/:student_id; messages; message/:chat_room_id',
};
const specPaths = (text: string) => text.split(/[;,]\s*/).map((path) => path.trim());

describe('role areas', () => {
  it.each([
    ['admin', adminRoutes],
    ['student', studentRoutes],
    ['teacher', teacherRoutes],
    ['client', clientRoutes],
  ] as const)('register every %s route of spec §2', (role, routes) => {
    const registered = routes.map((route) => route.path);
    expect(specPaths(SPEC_ROUTES[role]).filter((path) => !registered.includes(path))).toEqual([]);
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('have the side menus of spec §2, each item leading to a registered route', () => {
    expect(adminMenu.map((item) => item.title)).toEqual([
      'Home',
      'Clients',
      'Students',
      'Absences',
      'Teachers',
      'Lessons',
      'Lesson templates',
      'Courses',
      'Levels',
      'Periods',
      'Settings',
      'Announcements',
      'Messages',
      'Pricing items',
      'Reports',
      'Buildings',
      'Transactions',
      'Suppliers',
      'Funds',
      // Issue 15: the receipts and invoices, beside the other money screens (docs/finance.md).
      'Receipts and invoices',
      'Permissions',
      'Users',
      'Tags',
    ]);
    expect(teacherMenu.map((item) => item.title)).toEqual([
      'Home',
      'Lessons',
      'Lesson templates',
      'Students',
      'Tasks',
      'Study guide',
      'Quiz',
      'Calendar',
      'Profile',
      'Messages',
      'Chapters',
      'Grades',
    ]);
    expect(studentMenu.map((item) => item.title)).toEqual([
      'Home',
      'Lessons',
      'Calendar',
      'Study guide',
      'Tasks',
      'Quiz',
      'Teachers',
      'Messages',
      'Chapters',
      'Grades',
    ]);
    expect(clientMenu.map((item) => item.title)).toEqual(['Home', 'Students', 'Messages']);
    for (const [menu, routes] of [
      [adminMenu, adminRoutes],
      [teacherMenu, teacherRoutes],
      [studentMenu, studentRoutes],
      [clientMenu, clientRoutes],
    ] as const) {
      for (const item of menu) expect(routes.map((route) => route.path)).toContain(item.path);
    }
  });
});
