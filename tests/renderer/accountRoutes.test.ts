import { describe, expect, it } from 'vitest';
import { accountEndpoints, MSG, whiteLabelEndpoints } from '../../src/shared/api';
import { accountRoutes, signInMessages } from '../../src/renderer/src/api/accountRoutes';

// The sign-in path calls these copies so as not to load zod; they must stay the table's.
describe('account routes without schemas', () => {
  it('match the shared endpoint table', () => {
    const table = { ...accountEndpoints, ...whiteLabelEndpoints };
    for (const [name, route] of Object.entries(accountRoutes)) {
      const endpoint = table[name as keyof typeof table];
      expect({ name, method: route.method, path: route.path }).toEqual({
        name,
        method: endpoint.method,
        path: endpoint.path,
      });
    }
  });

  it('show the shared messages', () => {
    for (const [name, text] of Object.entries(signInMessages))
      expect(text).toBe(MSG[name as keyof typeof MSG]);
  });
});
