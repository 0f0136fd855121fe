import { PERMISSION_RESOURCES } from '../permissions';
import {
  booleanField,
  colorField,
  dateField,
  integerField,
  longTextField,
  referenceField,
  referencesField,
  selectField,
  textField,
  timeField,
} from './fields';
import { defineResource } from './types';

const name = textField('name', 'Name', {
  required: true,
  list: true,
  searchable: true,
  sortable: true,
  unique: true,
});
const description = longTextField('description', 'Description');

export const levels = defineResource({
  name: 'levels',
  table: 'levels',
  title: 'Levels',
  singular: 'Level',
  permission: 'levels',
  labelField: 'name',
  defaultSort: { field: 'sort_order', order: 'asc' },
  fields: [
    name,
    integerField('sort_order', 'Order', { list: true, sortable: true, max: 1000 }),
    description,
  ],
  form: [['name', 'sort_order'], ['description']],
});

export const tags = defineResource({
  name: 'tags',
  table: 'tags',
  title: 'Tags',
  singular: 'Tag',
  permission: 'tags',
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [name, colorField('color', 'Colour', { list: true })],
  form: [['name', 'color']],
});

export const sites = defineResource({
  name: 'sites',
  table: 'sites',
  title: 'Buildings',
  singular: 'Building',
  permission: 'sites',
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [
    name,
    textField('address', 'Address', { list: true, searchable: true }),
    textField('city', 'City', { list: true, sortable: true, max: 100 }),
    textField('phone', 'Phone', { max: 40 }),
  ],
  form: [['name'], ['address', 'city'], ['phone']],
});

export const rooms = defineResource({
  name: 'rooms',
  table: 'rooms',
  title: 'Rooms',
  singular: 'Room',
  permission: 'sites',
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [
    textField('name', 'Name', { required: true, list: true, searchable: true, sortable: true }),
    referenceField('site_id', 'Building', 'sites', {
      required: true,
      list: true,
      filterable: true,
    }),
    integerField('capacity', 'Capacity', { list: true, sortable: true, max: 10_000 }),
  ],
  form: [['name', 'site_id'], ['capacity']],
});

export const categories = defineResource({
  name: 'categories',
  table: 'categories',
  title: 'Categories',
  singular: 'Category',
  permission: 'categories',
  readableBy: ['teacher', 'student', 'client'],
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [
    selectField('type', 'Type', ['lesson', 'announcement', 'income', 'expense'], {
      required: true,
      list: true,
      filterable: true,
      sortable: true,
    }),
    textField('name', 'Name', { required: true, list: true, searchable: true, sortable: true }),
    colorField('color', 'Colour', { list: true }),
  ],
  form: [['type', 'name'], ['color']],
});

export const periods = defineResource({
  name: 'periods',
  table: 'periods',
  title: 'Periods',
  singular: 'Period',
  permission: 'periods',
  readableBy: ['teacher', 'student', 'client'],
  labelField: 'name',
  defaultSort: { field: 'start_date', order: 'desc' },
  fields: [
    name,
    dateField('start_date', 'Start date', { required: true, list: true, sortable: true }),
    dateField('end_date', 'End date', { required: true, list: true, sortable: true }),
    booleanField('is_current', 'Current', { list: true, filterable: true }),
  ],
  form: [['name'], ['start_date', 'end_date'], ['is_current']],
});

export const subPeriods = defineResource({
  name: 'sub_periods',
  table: 'sub_periods',
  title: 'Sub-periods',
  singular: 'Sub-period',
  permission: 'periods',
  readableBy: ['teacher', 'student', 'client'],
  labelField: 'name',
  defaultSort: { field: 'start_date', order: 'asc' },
  fields: [
    referenceField('period_id', 'Period', 'periods', { required: true, filterable: true }),
    textField('name', 'Name', { required: true, list: true, searchable: true, sortable: true }),
    dateField('start_date', 'Start date', { required: true, list: true, sortable: true }),
    dateField('end_date', 'End date', { required: true, list: true, sortable: true }),
  ],
  form: [
    ['period_id', 'name'],
    ['start_date', 'end_date'],
  ],
});

export const courses = defineResource({
  name: 'courses',
  table: 'courses',
  title: 'Courses',
  singular: 'Course',
  permission: 'courses',
  readableBy: ['teacher'],
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [
    name,
    textField('code', 'Code', { list: true, searchable: true, sortable: true, max: 40 }),
    referenceField('level_id', 'Level', 'levels', { list: true, filterable: true }),
    referenceField('category_id', 'Category', 'categories', { list: true, filterable: true }),
    colorField('color', 'Colour'),
    description,
  ],
  form: [['name', 'code'], ['level_id', 'category_id'], ['color'], ['description']],
});

export const lessons = defineResource({
  name: 'lessons',
  table: 'lessons',
  title: 'Lessons',
  singular: 'Lesson',
  permission: 'lessons',
  readableBy: ['teacher', 'student'],
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [
    textField('name', 'Name', { required: true, list: true, searchable: true, sortable: true }),
    referenceField('course_id', 'Course', 'courses', { list: true, filterable: true }),
    referenceField('period_id', 'Period', 'periods', { list: true, filterable: true }),
    referenceField('room_id', 'Room', 'rooms', { filterable: true }),
    referenceField('level_id', 'Level', 'levels', { filterable: true }),
    referencesField(
      'teacher_ids',
      'Teachers',
      'teachers',
      { table: 'lesson_teachers', from: 'lesson_id', to: 'teacher_id' },
      { filterable: true },
    ),
    referencesField(
      'student_ids',
      'Students',
      'students',
      { table: 'lesson_students', from: 'lesson_id', to: 'student_id' },
      // Pupils see their lessons, not the list of their classmates.
      { filterable: true, hiddenFrom: ['student'] },
    ),
    colorField('color', 'Colour'),
    description,
    booleanField('active', 'Active', { list: true, filterable: true }),
  ],
  form: [
    ['name', 'course_id'],
    ['period_id', 'level_id'],
    ['room_id', 'color'],
    ['teacher_ids'],
    ['student_ids'],
    ['description'],
    ['active'],
  ],
});

export const lessonSchedules = defineResource({
  name: 'lesson_schedules',
  table: 'lesson_schedules',
  title: 'Timetable',
  singular: 'Timetable slot',
  permission: 'lessons',
  readableBy: ['teacher', 'student'],
  labelField: 'start_time',
  defaultSort: { field: 'weekday', order: 'asc' },
  fields: [
    referenceField('lesson_id', 'Lesson', 'lessons', {
      required: true,
      list: true,
      filterable: true,
    }),
    integerField('weekday', 'Weekday', {
      required: true,
      list: true,
      sortable: true,
      filterable: true,
      min: 1,
      max: 7,
    }),
    timeField('start_time', 'Starts', { required: true, list: true, sortable: true }),
    timeField('end_time', 'Ends', { required: true, list: true }),
    referenceField('room_id', 'Room', 'rooms', { list: true, filterable: true }),
  ],
  form: [['lesson_id'], ['weekday', 'start_time', 'end_time'], ['room_id']],
});

export const lessonTemplates = defineResource({
  name: 'lessons-templates',
  table: 'lesson_templates',
  title: 'Lesson templates',
  singular: 'Lesson template',
  permission: 'lessons',
  readableBy: ['teacher'],
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [
    name,
    referenceField('course_id', 'Course', 'courses', { list: true, filterable: true }),
    integerField('duration_minutes', 'Duration (minutes)', {
      list: true,
      sortable: true,
      max: 600,
    }),
    description,
  ],
  form: [['name', 'course_id'], ['duration_minutes'], ['description']],
});

export const announcements = defineResource({
  name: 'announcements',
  table: 'announcements',
  title: 'Announcements',
  singular: 'Announcement',
  permission: 'announcements',
  readableBy: ['teacher', 'student', 'client'],
  labelField: 'title',
  defaultSort: { field: 'created_at', order: 'desc' },
  fields: [
    textField('title', 'Title', { required: true, list: true, searchable: true, sortable: true }),
    longTextField('body', 'Text', { required: true }),
    selectField('audience', 'Audience', ['all', 'students', 'teachers', 'clients', 'lesson'], {
      required: true,
      list: true,
      filterable: true,
    }),
    referenceField('lesson_id', 'Lesson', 'lessons', { filterable: true }),
    referenceField('category_id', 'Category', 'categories', { list: true, filterable: true }),
    textField('created_at', 'Date', { readOnly: true, list: true, sortable: true }),
  ],
  form: [['title'], ['audience', 'lesson_id'], ['category_id'], ['body']],
});

export const permissionGroups = defineResource({
  name: 'permissions',
  table: 'permission_groups',
  title: 'Permissions',
  singular: 'Permission group',
  permission: 'permissions',
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: [
    name,
    referencesField(
      'member_ids',
      'Members',
      'users',
      { table: 'permission_group_members', from: 'group_id', to: 'user_id' },
      { filterable: true },
    ),
  ],
  form: [['name'], ['member_ids']],
});

export const permissionRules = defineResource({
  name: 'permission_rules',
  table: 'permission_rules',
  title: 'Permission rules',
  singular: 'Permission rule',
  permission: 'permissions',
  labelField: 'resource',
  defaultSort: { field: 'resource', order: 'asc' },
  fields: [
    referenceField('group_id', 'Permission group', 'permissions', {
      required: true,
      filterable: true,
    }),
    selectField('resource', 'Resource', PERMISSION_RESOURCES as unknown as [string, ...string[]], {
      required: true,
      list: true,
      sortable: true,
    }),
    booleanField('can_read', 'Read', { list: true }),
    booleanField('can_write', 'Write', { list: true }),
  ],
  form: [
    ['group_id', 'resource'],
    ['can_read', 'can_write'],
  ],
});
