import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { LazyPage } from '../components/LazyPage';
import { RequireToken, StartRedirect } from './guards';
import { ToasterHost } from './ToasterHost';

// Only the login screen is in the entry chunk: each role's area, the dashboard and even the other
// sign-in screens are chunks of their own, loaded when their route is opened.
const RequestResetPage = lazy(async () => ({
  default: (await import('../features/auth/RequestResetPage')).RequestResetPage,
}));
const ResetPasswordPage = lazy(async () => ({
  default: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage,
}));
const InvitationPage = lazy(async () => ({
  default: (await import('../features/invitations/InvitationPage')).InvitationPage,
}));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const AdminArea = lazy(() => import('../features/admin/AdminArea'));
const TeacherArea = lazy(() => import('../features/teacher/TeacherArea'));
const StudentArea = lazy(() => import('../features/student/StudentArea'));
const ClientArea = lazy(() => import('../features/client/ClientArea'));
const ManualPage = lazy(() => import('../features/manual/ManualPage'));

const signedIn = (element: React.ReactNode) => (
  <RequireToken>
    <ToasterHost />
    <LazyPage>{element}</LazyPage>
  </RequireToken>
);

export const appRoutes: RouteObject[] = [
  { path: '/', element: <StartRedirect /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/request-reset', element: <LazyPage>{<RequestResetPage />}</LazyPage> },
  {
    path: '/create-user-password/:reset_token',
    element: <LazyPage>{<ResetPasswordPage mode="create" />}</LazyPage>,
  },
  {
    path: '/reset-password/:reset_token',
    element: <LazyPage>{<ResetPasswordPage mode="reset" />}</LazyPage>,
  },
  // Outside the role areas and open to a signed-out visitor, who is asked to sign in first.
  { path: '/invitation/:token', element: <LazyPage>{<InvitationPage />}</LazyPage> },
  { path: '/dashboard', element: signedIn(<DashboardPage />) },
  { path: '/manual', element: <LazyPage>{<ManualPage />}</LazyPage> },
  // The manual's page to try the rich-text editor; signed-in only (docs/renderer.md).
  { path: '/manual/editor', element: signedIn(<ManualPage page="editor" />) },
  { path: '/admin/:school_id/*', element: signedIn(<AdminArea />) },
  { path: '/teacher/:school_id/*', element: signedIn(<TeacherArea />) },
  { path: '/student/:school_id/*', element: signedIn(<StudentArea />) },
  { path: '/client/:school_id/*', element: signedIn(<ClientArea />) },
  { path: '*', element: <StartRedirect /> },
];
