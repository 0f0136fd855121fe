import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { appPath } from './session';
import { tokenAtom } from './state/atoms';

/** Start-up routing (spec §2): the dashboard with a token, else the login screen. */
export function StartRedirect() {
  const token = useAtomValue(tokenAtom);
  return <Navigate to={token ? '/dashboard' : '/login'} replace />;
}

/** Role areas and the dashboard send a signed-out user to login. */
export function RequireToken({ children }: { children: ReactNode }) {
  const token = useAtomValue(tokenAtom);
  return token ? children : <Navigate to="/login" replace />;
}

/** Sign-in screens send a signed-in user on to the dashboard (or where `?next=` says). */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const token = useAtomValue(tokenAtom);
  const next = appPath(new URLSearchParams(useLocation().search).get('next'));
  return token ? <Navigate to={next ?? '/dashboard'} replace /> : children;
}
