import { z } from 'zod';
import { LANGUAGES, ROLES } from '../constants';
import { booleanField, emailField, selectField, textField } from './fields';
import { defineResource } from './types';

/**
 * The school's accounts and the roles each holds here. Written by hand on the server
 * (src/server/areas/users): inviting mails a create-password link, and an account shared
 * with another school keeps its name and email.
 */
export const users = defineResource({
  name: 'users',
  table: 'users',
  title: 'Users',
  singular: 'User',
  permission: 'users',
  custom: true,
  recordsAreAccounts: true,
  labelField: 'last_name',
  defaultSort: { field: 'last_name', order: 'asc' },
  fields: [
    textField('last_name', 'Last name', {
      required: true,
      list: true,
      searchable: true,
      sortable: true,
      max: 100,
    }),
    textField('first_name', 'First name', {
      required: true,
      list: true,
      searchable: true,
      sortable: true,
      max: 100,
    }),
    emailField('email', 'Email', {
      required: true,
      unique: true,
      list: true,
      searchable: true,
      sortable: true,
    }),
    textField('username', 'Username', {
      readOnly: true,
      list: true,
      searchable: true,
      sortable: true,
    }),
    selectField('language', 'Language', LANGUAGES),
    {
      name: 'roles',
      label: 'Roles',
      kind: 'select',
      options: ROLES,
      list: true,
      filterable: true,
      required: true,
      schema: z
        .array(z.enum(ROLES))
        .min(1, 'Choose at least one role')
        .max(ROLES.length, 'Choose each role once')
        .refine((roles) => new Set(roles).size === roles.length, 'Choose each role once'),
    },
    // Granted only by an admin who holds it; an admin without it has their groups' rights.
    booleanField('full_access', 'Full access', { list: true }),
  ],
  form: [
    ['last_name', 'first_name'],
    ['email', 'language'],
    ['roles', 'full_access'],
  ],
});
