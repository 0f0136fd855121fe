import { describe, expect, it } from 'vitest';
import {
  accountEndpoints,
  inboxEndpoints,
  MSG,
  NOTIFICATION_ENTITIES,
  schoolEndpoints,
  whiteLabelEndpoints,
} from '../../src/shared/api';
import { accountRoutes, signInMessages } from '../../src/renderer/src/api/accountRoutes';
import { NOTIFICATION_ENTITY_NAMES } from '../../src/renderer/src/api/realtimeNotification';
import { schoolRoutes } from '../../src/renderer/src/api/schoolRoutes';
import { inboxRoutes } from '../../src/renderer/src/features/inbox/inboxRoutes';

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

// The start of the app fetches a role area's loads through these copies, before zod has arrived.
describe('school routes without schemas', () => {
  it('match the shared endpoint table', () => {
    for (const [name, route] of Object.entries(schoolRoutes)) {
      const endpoint = schoolEndpoints[name as keyof typeof schoolEndpoints];
      expect({ name, method: route.method, path: route.path }).toEqual({
        name,
        method: endpoint.method,
        path: endpoint.path,
      });
    }
  });
});

// Every area's top bar counts through these copies, before zod has arrived.
describe('inbox routes without schemas', () => {
  it('match the shared endpoint table', () => {
    for (const [name, route] of Object.entries(inboxRoutes)) {
      const endpoint = inboxEndpoints[name as keyof typeof inboxEndpoints];
      expect({ name, method: route.method, path: route.path }).toEqual({
        name,
        method: endpoint.method,
        path: endpoint.path,
      });
    }
    expect(Object.keys(inboxRoutes).sort()).toEqual(Object.keys(inboxEndpoints).sort());
  });

  it('know the shared notification entities', () => {
    expect([...NOTIFICATION_ENTITY_NAMES]).toEqual([...NOTIFICATION_ENTITIES]);
  });
});
