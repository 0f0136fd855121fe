import type { Endpoint, schoolEndpoints } from '../../../shared/api';
import type { EndpointRoute } from './client';

// What opening a role area loads, as method and path only (like accountRoutes.ts): the start of
// the app fetches these before any area chunk has arrived, so they must not bring zod along.
// A unit test holds them equal to the shared endpoint table.
const route = <E extends Endpoint>(method: E['method'], path: E['path']): EndpointRoute<E> => ({
  method,
  path,
});

type School = typeof schoolEndpoints;

export const schoolRoutes = {
  settings: route<School['settings']>('GET', '/schools/:school_id/settings'),
  categories: route<School['categories']>('GET', '/schools/:school_id/categories'),
  periods: route<School['periods']>('GET', '/schools/:school_id/:role/period'),
  userPermissions: route<School['userPermissions']>(
    'GET',
    '/schools/:school_id/:role/school/user-permissions',
  ),
};
