import type { AreaRoute } from '../../app/area/areaTypes';
import { chatScreens } from '../chat/chatScreens';
import { NotificationsPage } from '../inbox/NotificationsPage';
import { msg } from '../../i18n/msg';
import { AdminHome } from '../office/AdminHome';
import { FirstStepsPage } from '../office/FirstStepsPage';
import { NotificationPage } from '../office/NotificationPage';
import { announcementScreens } from '../announcements/announcementScreens';
import { attendanceScreens } from '../attendance/attendanceScreens';
import { financeScreens } from '../finance/financeScreens';
import { lessonScreens } from '../lessons/lessonScreens';
import { peopleScreens } from '../people/peopleScreens';
import { reportScreens } from '../reports/reportScreens';
import { permissionScreens } from '../permissions/permissionScreens';
import { AuditLogPage } from '../audit/AuditLogPage';
import { SettingsPage } from '../settings/SettingsPage';
import { sessionScreens } from '../sessions/sessionScreens';
import { structureScreens } from '../structure/structureScreens';
import { invoiceRoutes } from '../invoices/invoiceScreens';
import { NewUserWizard } from '../users/NewUserWizard';
import { userScreens } from '../users/userScreens';

// The admin's screens, composed from the areas' registrations.
const pages = {
  ...peopleScreens.admin,
  ...userScreens.admin,
  ...lessonScreens.admin,
  ...structureScreens.admin,
  ...announcementScreens.admin,
  ...permissionScreens.admin,
  absences: attendanceScreens.admin,
  ...financeScreens.admin,
};

/** Every admin sub-route of spec §2 (plus announcements, which the admin menu lists). */
export const adminRoutes: AreaRoute[] = [
  { path: 'home', title: msg('Home'), page: AdminHome },
  { path: 'students', title: msg('Students'), page: pages.students.list },
  { path: 'students/:user_id', title: msg('Student'), page: pages.students.detail },
  { path: 'new-user-wizard', title: msg('New user'), page: NewUserWizard },
  { path: 'teachers', title: msg('Teachers'), page: pages.teachers.list },
  { path: 'teachers/:user_id', title: msg('Teacher'), page: pages.teachers.detail },
  { path: 'lessons', title: msg('Lessons'), page: pages.lessons.list },
  { path: 'lessons/:lesson_id', title: msg('Lesson'), page: pages.lessons.detail },
  { path: 'lessons-templates', title: msg('Lesson templates'), page: pages.lessonTemplates.list },
  {
    path: 'lessons-templates/:id',
    title: msg('Lesson template'),
    page: pages.lessonTemplates.detail,
  },
  { path: 'courses', title: msg('Courses'), page: pages.courses.list },
  { path: 'courses/:course_id', title: msg('Course'), page: pages.courses.detail },
  { path: 'session/:session_id', title: msg('Session'), page: sessionScreens.admin.session },
  {
    path: 'session-dashboard/:session_id',
    title: msg('Session dashboard'),
    page: sessionScreens.admin.dashboard,
  },
  { path: 'periods', title: msg('Periods'), page: pages.periods.list },
  { path: 'periods/:period_id', title: msg('Period'), page: pages.periods.detail },
  {
    path: 'periods/:period_id/:sub_period_id',
    title: msg('Sub-period'),
    page: pages.subPeriods.detail,
  },
  { path: 'messages', title: msg('Messages'), page: chatScreens.rooms },
  { path: 'message/:chat_room_id', title: msg('Chat'), page: chatScreens.room },
  { path: 'settings', title: msg('Settings'), page: SettingsPage },
  // Not a route of the spec: the audit log lives under settings (docs/decisions.md).
  { path: 'settings/audit-log', title: msg('Audit log'), page: AuditLogPage },
  { path: 'notifications', title: msg('Notifications'), page: NotificationsPage },
  { path: 'notifications/:notification_id', title: msg('Notification'), page: NotificationPage },
  { path: 'clients', title: msg('Clients'), page: pages.clients.list },
  { path: 'clients/:client_id', title: msg('Client'), page: pages.clients.detail },
  { path: 'pricing_items', title: msg('Pricing items'), page: pages.pricingItems.list },
  {
    path: 'pricing_items/:pricing_item_id',
    title: msg('Pricing item'),
    page: pages.pricingItems.detail,
  },
  { path: 'firs-steps', title: msg('First steps'), page: FirstStepsPage },
  { path: 'reporting', title: msg('Reports'), page: reportScreens.admin.list },
  {
    path: 'reporting/report-cards',
    title: msg('Report cards'),
    page: reportScreens.admin.reportCards,
  },
  { path: 'reporting/:report_id', title: msg('Report'), page: reportScreens.admin.report },
  { path: 'sites', title: msg('Buildings'), page: pages.sites.list },
  { path: 'sites/:site_id', title: msg('Building'), page: pages.sites.detail },
  { path: 'transactions', title: msg('Transactions'), page: pages.transactions.list },
  {
    path: 'transactions/:transaction_id',
    title: msg('Transaction'),
    page: pages.transactions.detail,
  },
  { path: 'suppliers', title: msg('Suppliers'), page: pages.suppliers.list },
  { path: 'supplier/:supplier_id', title: msg('Supplier'), page: pages.suppliers.detail },
  { path: 'funds', title: msg('Funds'), page: pages.funds.list },
  { path: 'funds/:fund_id', title: msg('Fund'), page: pages.funds.detail },
  { path: 'levels', title: msg('Levels'), page: pages.levels.list },
  { path: 'levels/:level_id', title: msg('Level'), page: pages.levels.detail },
  { path: 'permissions', title: msg('Permissions'), page: pages.permissions.list },
  {
    path: 'permissions/:permissions_group_id',
    title: msg('Permission group'),
    page: pages.permissions.detail,
  },
  { path: 'users', title: msg('Users'), page: pages.users.list },
  { path: 'users/:user_id', title: msg('User'), page: pages.users.detail },
  { path: 'tags', title: msg('Tags'), page: pages.tags.list },
  { path: 'tags/:tag_id', title: msg('Tag'), page: pages.tags.detail },
  { path: 'absences', title: msg('Absences'), page: pages.absences.list },
  {
    path: 'absence/:user_id',
    title: msg('Absences of a student'),
    page: pages.absences.student,
  },
  { path: 'announcements', title: msg('Announcements'), page: pages.announcements.list },
  {
    path: 'announcements/:announcement_id',
    title: msg('Announcement'),
    page: pages.announcements.detail,
  },
  { path: 'categories', title: msg('Categories'), page: pages.categories.list },
  { path: 'categories/:id', title: msg('Category'), page: pages.categories.detail },
  ...invoiceRoutes.admin,
];
