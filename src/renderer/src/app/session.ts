import type { QueryClient } from '@tanstack/react-query';
import { accountRoutes } from '../api/accountRoutes';
import { callRoute } from '../api/client';
import type { Platform } from '../platform';
import { appStore, impersonationAtom, type Impersonation, tokenAtom } from './state/atoms';

export interface Session {
  /**
   * Stores the token of a successful sign-in and restarts the app at its root (spec §4), or at
   * `next` (an address inside the app the user was on their way to).
   */
  signIn(token: string, options?: { remember?: boolean; next?: string | null }): Promise<void>;
  /** Leaves the current session (revoked on the server) for another account's token. */
  switchTo(token: string): Promise<void>;
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
  /** Reloads the app at its root, or at a path of the app (a full restart, as after sign-in). */
  restart: (path?: string) => void;
}

export function createSession({
  platform,
  queryClient,
  navigate,
  restart,
}: SessionDependencies): Session {
  let ending = false;
  // While switching accounts, a 401 from revoking the old token must not end the new session.
  let switching = false;

  const forgetSchoolData = () => queryClient.removeQueries({ queryKey: ['schools'] });

  const end = async () => {
    if (ending || switching) return;
    ending = true;
    try {
      appStore.set(tokenAtom, null);
      queryClient.clear();
      localStorage.clear();
      sessionStorage.clear();
      await Promise.allSettled([platform.setToken(null), platform.clearQueryCache()]);
      await navigate('/login');
    } finally {
      ending = false;
    }
  };

  const signIn: Session['signIn'] = async (token, options = {}) => {
    // Whatever is cached belongs to whoever signed in before.
    queryClient.clear();
    await platform.clearQueryCache();
    await platform.setToken(token, { remember: options.remember ?? true });
    appStore.set(tokenAtom, token);
    restart(appPath(options.next));
  };

  return {
    signIn,
    async switchTo(token) {
      // The session being left is ended on the server too: dropping it only here would leave a
      // live token behind that nobody can log out any more.
      switching = true;
      await callRoute(accountRoutes.logout).catch(() => undefined);
      appStore.set(impersonationAtom, null);
      await signIn(token);
    },
    async logout() {
      // This browser stops receiving the account's push messages (the server also drops the
      // session's subscriptions); done first, while the token still works.
      await import('../features/inbox/webPush')
        .then((push) => push.unsubscribeThisDevice())
        .catch(() => undefined);
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

/** A path inside the app (`/invitation/…`), never another site's address; else undefined. */
export function appPath(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\'))
    return undefined;
  return next;
}
