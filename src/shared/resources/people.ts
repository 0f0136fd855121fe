import {
  booleanField,
  dateField,
  emailField,
  longTextField,
  phoneField,
  referenceField,
  referencesField,
  textField,
} from './fields';
import { defineResource } from './types';

// People are accounts (names, email) holding a role in the school; what the school keeps
// about them (phone, level, guardians...) lives on the membership.

const firstName = textField('first_name', 'First name', {
  storage: 'account',
  required: true,
  list: true,
  searchable: true,
  sortable: true,
  max: 100,
});
const lastName = textField('last_name', 'Last name', {
  storage: 'account',
  sortColumn: 'sort_name',
  required: true,
  list: true,
  searchable: true,
  sortable: true,
  max: 100,
});
const email = emailField('email', 'Email', {
  storage: 'account',
  unique: true,
  list: true,
  searchable: true,
  sortable: true,
});
const phone = phoneField('phone', 'Phone', { list: true, searchable: true });
const mobile = phoneField('mobile', 'Mobile');
/** The school's own notes about a person: for the office only. */
const notes = longTextField('notes', 'Notes', { hiddenFrom: ['teacher', 'student', 'client'] });
const active = booleanField('active', 'Active', { list: true, filterable: true });

export const students = defineResource({
  name: 'students',
  table: 'memberships',
  title: 'Students',
  singular: 'Student',
  permission: 'students',
  people: { role: 'student' },
  readableBy: ['teacher', 'client'],
  importable: true,
  labelField: 'last_name',
  defaultSort: { field: 'last_name', order: 'asc' },
  fields: [
    lastName,
    firstName,
    email,
    textField('code', 'Student code', {
      list: true,
      searchable: true,
      sortable: true,
      unique: true,
      max: 40,
    }),
    phone,
    dateField('birth_date', 'Date of birth', { sortable: true }),
    referenceField('level_id', 'Level', 'levels', { list: true, filterable: true }),
    referencesField(
      'tag_ids',
      'Tags',
      'tags',
      { table: 'member_tags', from: 'membership_id', to: 'tag_id' },
      // Tags such as "Scholarship" are the office's business.
      { filterable: true, hiddenFrom: ['teacher', 'client'] },
    ),
    referencesField(
      'guardian_ids',
      'Guardians',
      'clients',
      { table: 'student_guardians', from: 'student_id', to: 'client_id' },
      { filterable: true },
    ),
    referencesField(
      'lesson_ids',
      'Lessons',
      'lessons',
      { table: 'lesson_students', from: 'student_id', to: 'lesson_id' },
      { filterable: true },
    ),
    notes,
    active,
  ],
  form: [
    ['last_name', 'first_name'],
    ['email', 'code'],
    ['phone', 'birth_date'],
    ['level_id', 'tag_ids'],
    ['guardian_ids'],
    ['lesson_ids'],
    ['notes'],
    ['active'],
  ],
});

export const teachers = defineResource({
  name: 'teachers',
  table: 'memberships',
  title: 'Teachers',
  singular: 'Teacher',
  permission: 'teachers',
  people: { role: 'teacher' },
  readableBy: ['student'],
  importable: true,
  labelField: 'last_name',
  defaultSort: { field: 'last_name', order: 'asc' },
  fields: [
    lastName,
    firstName,
    email,
    // A teacher's own numbers and other lessons are not for their students.
    phoneField('phone', 'Phone', { list: true, hiddenFrom: ['student'] }),
    phoneField('mobile', 'Mobile', { hiddenFrom: ['student'] }),
    textField('subjects', 'Subjects', { list: true, searchable: true, max: 200 }),
    referencesField(
      'lesson_ids',
      'Lessons',
      'lessons',
      { table: 'lesson_teachers', from: 'teacher_id', to: 'lesson_id' },
      { filterable: true },
    ),
    notes,
    active,
  ],
  form: [
    ['last_name', 'first_name'],
    ['email', 'phone'],
    ['mobile', 'subjects'],
    ['lesson_ids'],
    ['notes'],
    ['active'],
  ],
});

export const clients = defineResource({
  name: 'clients',
  table: 'memberships',
  title: 'Clients',
  singular: 'Client',
  permission: 'clients',
  people: { role: 'client' },
  importable: true,
  labelField: 'last_name',
  defaultSort: { field: 'last_name', order: 'asc' },
  fields: [
    lastName,
    firstName,
    email,
    phone,
    mobile,
    textField('address', 'Address', { max: 200 }),
    textField('city', 'City', { list: true, searchable: true, max: 100 }),
    textField('postal_code', 'Postal code', { max: 20 }),
    textField('vat_number', 'VAT number', { searchable: true, max: 20 }),
    textField('tax_office', 'Tax office', { max: 100 }),
    referencesField(
      'student_ids',
      'Children',
      'students',
      { table: 'student_guardians', from: 'client_id', to: 'student_id' },
      { filterable: true },
    ),
    notes,
    active,
  ],
  form: [
    ['last_name', 'first_name'],
    ['email', 'phone'],
    ['mobile'],
    ['address', 'city', 'postal_code'],
    ['vat_number', 'tax_office'],
    ['student_ids'],
    ['notes'],
    ['active'],
  ],
});
