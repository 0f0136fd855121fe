import type { accountEndpoints, Endpoint, MSG, whiteLabelEndpoints } from '../../../shared/api';
import type { EndpointRoute } from './client';

// The calls the app makes before and at sign-in, as method and path only: importing them from
// the shared endpoint table would put zod and every schema into the sign-in screens' download.
// Each is typed by its entry in the table; a unit test holds method and path equal to it.
const route = <E extends Endpoint>(method: E['method'], path: E['path']): EndpointRoute<E> => ({
  method,
  path,
});

type Account = typeof accountEndpoints;

export const accountRoutes = {
  login: route<Account['login']>('POST', '/account/login'),
  logout: route<Account['logout']>('POST', '/account/logout'),
  account: route<Account['account']>('GET', '/account'),
  schools: route<Account['schools']>('GET', '/account/schools'),
  whiteLabel: route<(typeof whiteLabelEndpoints)['whiteLabel']>('GET', '/whitelabel'),
};

/** The shared messages the sign-in path shows, held equal to shared MSG by their types. */
export const signInMessages = {
  networkError: 'Network Error',
  wrongCredentials: 'Wrong password Or Email',
} as const satisfies Pick<typeof MSG, 'networkError' | 'wrongCredentials'>;
