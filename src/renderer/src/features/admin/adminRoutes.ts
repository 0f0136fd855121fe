import type { AreaRoute } from '../../app/area/areaTypes';
import { WelcomeHome } from '../../app/area/WelcomeHome';
import MessagesPage from '../inbox/MessagesPage';
import { NotificationsPage } from '../inbox/NotificationsPage';
import { msg } from '../../i18n/msg';
import { announcementScreens } from '../announcements/announcementScreens';
import { lessonScreens } from '../lessons/lessonScreens';
import { peopleScreens } from '../people/peopleScreens';
import { permissionScreens } from '../permissions/permissionScreens';
import { SettingsPage } from '../settings/SettingsPage';
import { structureScreens } from '../structure/structureScreens';
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
};

/** Every admin sub-route of spec §2 (plus announcements, which the admin menu lists). */
export const adminRoutes: AreaRoute[] = [
  { path: 'home', title: msg('Home'), page: WelcomeHome },
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
  { path: 'session/:session_id', title: msg('Session') },
  { path: 'session-dashboard/:session_id', title: msg('Session dashboard') },
  { path: 'periods', title: msg('Periods'), page: pages.periods.list },
  { path: 'periods/:period_id', title: msg('Period'), page: pages.periods.detail },
  {
    path: 'periods/:period_id/:sub_period_id',
    title: msg('Sub-period'),
    page: pages.subPeriods.detail,
  },
  { path: 'messages', title: msg('Messages'), page: MessagesPage },
  { path: 'message/:chat_room_id', title: msg('Chat') },
  { path: 'settings', title: msg('Settings'), page: SettingsPage },
  { path: 'notifications', title: msg('Notifications'), page: NotificationsPage },
  { path: 'notifications/:notification_id', title: msg('Notification') },
  { path: 'clients', title: msg('Clients'), page: pages.clients.list },
  { path: 'clients/:client_id', title: msg('Client'), page: pages.clients.detail },
  { path: 'pricing_items', title: msg('Pricing items') },
  { path: 'pricing_items/:pricing_item_id', title: msg('Pricing item') },
  { path: 'firs-steps', title: msg('First steps') },
  { path: 'reporting', title: msg('Reports') },
  { path: 'reporting/:report_id', title: msg('Report') },
  { path: 'sites', title: msg('Buildings'), page: pages.sites.list },
  { path: 'sites/:site_id', title: msg('Building'), page: pages.sites.detail },
  { path: 'transactions', title: msg('Transactions') },
  { path: 'transactions/:transaction_id', title: msg('Transaction') },
  { path: 'suppliers', title: msg('Suppliers') },
  { path: 'supplier/:supplier_id', title: msg('Supplier') },
  { path: 'funds', title: msg('Funds') },
  { path: 'funds/:fund_id', title: msg('Fund') },
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
  { path: 'absences', title: msg('Absences') },
  { path: 'absence/:user_id', title: msg('Absences of a student') },
  { path: 'announcements', title: msg('Announcements'), page: pages.announcements.list },
  {
    path: 'announcements/:announcement_id',
    title: msg('Announcement'),
    page: pages.announcements.detail,
  },
  { path: 'categories', title: msg('Categories'), page: pages.categories.list },
  { path: 'categories/:id', title: msg('Category'), page: pages.categories.detail },
];
