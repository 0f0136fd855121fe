import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE, ROLES } from '../constants';
import { users as definition } from '../resources/accounts';
import { writeSchema } from '../resources/schemas';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';

// The school's accounts: written by hand on the server (src/server/areas/users), since an
// account may hold several roles here and in other schools.

export const usersListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(['last_name', 'first_name', 'email', 'username']).default('last_name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** One role or several, comma-separated (`roles=teacher,student`): users holding any. */
  roles: z
    .string()
    .max(100)
    .transform((text) => [...new Set(text.split(','))])
    .pipe(z.array(z.enum(ROLES)).min(1))
    .optional(),
});
export type UsersListQuery = z.infer<typeof usersListQuery>;

/** The list's filters and sort, and the file format (paging is the export's own). */
export const usersExportQuery = usersListQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

const base = '/schools/:school_id/:role/users';
const withId = schoolRoleParams.extend({ id: idParam });
/** An account as the users list shows it, with the roles it holds here. */
const user = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  username: z.string(),
  language: z.string(),
  roles: z.array(z.enum(ROLES)),
  /** Admins: whether they hold every right here (else their permission groups'). */
  full_access: z.boolean(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});

export const userEndpoints = {
  options: endpoint({
    method: 'GET',
    path: `${base}/options`,
    access: 'school-role',
    summary: "Up to 50 of the school's accounts matching a search, as {id, label}.",
    params: schoolRoleParams,
    query: z.object({ search: z.string().trim().max(200).optional() }),
    response: z.array(z.object({ id: z.number().int(), label: z.string() })),
  }),
  export: endpoint({
    method: 'GET',
    path: `${base}/export`,
    access: 'school-role',
    summary:
      "Export the school's accounts and roles as CSV or XLSX (format=csv|xlsx; the list's search and role filter apply).",
    params: schoolRoleParams,
    query: usersExportQuery,
    response: z.null(),
  }),
  list: endpoint({
    method: 'GET',
    path: base,
    access: 'school-role',
    summary: "The school's accounts with the roles each holds here.",
    params: schoolRoleParams,
    query: usersListQuery,
    response: z.array(user),
    list: true,
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/:id`,
    access: 'school-role',
    summary: 'One account.',
    params: withId,
    response: user,
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    access: 'school-role',
    summary:
      'Create (or link by email) an account with roles here, and mail it a create-password link.',
    params: schoolRoleParams,
    body: writeSchema(definition, 'create'),
    response: user,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${base}/:id`,
    access: 'school-role',
    summary:
      "Change an account's roles here (and its name and email, when no other school shares it).",
    params: withId,
    body: writeSchema(definition, 'update'),
    response: user,
  }),
  invite: endpoint({
    method: 'POST',
    path: `${base}/:id/invite`,
    access: 'school-role',
    summary:
      'Mail the account a link to choose its password (a create-password link; a reset link when it already has one).',
    params: withId,
    response: z.null(),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    access: 'school-role',
    summary: 'Remove the account from this school (every role here).',
    params: withId,
    response: z.null(),
  }),
};
