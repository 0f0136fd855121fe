import type { QueryClient } from '@tanstack/react-query';
import { accountRoutes } from '../api/accountRoutes';
import { callRoute } from '../api/client';
import type { Platform } from '../platform';
import { appStore, impersonationAtom, type Impersonation, tokenAtom } from './state/atoms';

export interface Session {
  /** Stores the token of a successful sign-in and restarts the app at its root (spec §4). */
  signIn(token: string): Promise<void>;
  /** Logout: revokes the token, then ends the session like a 401 does. */
  logout(): Promise<void>;
  /** Session end (spec §4): storage and cache cleared, back to /login. */
  end(): Promise<void>;
  startImpersonation(user: Impersonation): void;
  closeImpersonation(): void;
}

interface SessionDependencies {
  platform: Platform;
  queryClient: QueryClient;
  navigate: (to: string) => Promise<void> | void;
  /** Reloads the app at its root (a full restart, as after sign-in). */
  restart: () => void;
}

export function createSession({
  platform,
  queryClient,
  navigate,
  restart,
}: SessionDependencies): Session {
  let ending = false;

  const forgetSchoolData = () => queryClient.removeQueries({ queryKey: ['schools'] });

  const end = async () => {
    if (ending) return;
    ending = true;
    try {
      appStore.set(tokenAtom, null);
      queryClient.clear();
      localStorage.clear();
      await Promise.allSettled([platform.setToken(null), platform.clearQueryCache()]);
      await navigate('/login');
    } finally {
      ending = false;
    }
  };

  return {
    async signIn(token) {
      // Whatever is cached belongs to whoever signed in before.
      queryClient.clear();
      await platform.clearQueryCache();
      await platform.setToken(token);
      appStore.set(tokenAtom, token);
      restart();
    },
    async logout() {
      await callRoute(accountRoutes.logout).catch(() => undefined);
      await end();
    },
    end,
    startImpersonation(user) {
      appStore.set(impersonationAtom, user);
      forgetSchoolData();
      void navigate(`/${user.role}/${user.schoolId}/home`);
    },
    closeImpersonation() {
      if (appStore.get(impersonationAtom) === null) return;
      appStore.set(impersonationAtom, null);
      forgetSchoolData();
    },
  };
}
