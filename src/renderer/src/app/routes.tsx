import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { RequestResetPage } from '../features/auth/RequestResetPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { LazyPage } from '../components/LazyPage';
import { RequireToken, StartRedirect } from './guards';

// Each role's area is its own chunk; the sign-in screens load without them.
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const AdminArea = lazy(() => import('../features/admin/AdminArea'));
const TeacherArea = lazy(() => import('../features/teacher/TeacherArea'));
const StudentArea = lazy(() => import('../features/student/StudentArea'));
const ClientArea = lazy(() => import('../features/client/ClientArea'));
const ManualPage = lazy(() => import('../features/manual/ManualPage'));

const signedIn = (element: React.ReactNode) => (
  <RequireToken>
    <LazyPage>{element}</LazyPage>
  </RequireToken>
);

export const appRoutes: RouteObject[] = [
  { path: '/', element: <StartRedirect /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/request-reset', element: <RequestResetPage /> },
  { path: '/create-user-password/:reset_token', element: <ResetPasswordPage mode="create" /> },
  { path: '/reset-password/:reset_token', element: <ResetPasswordPage mode="reset" /> },
  { path: '/dashboard', element: signedIn(<DashboardPage />) },
  { path: '/manual', element: <LazyPage>{<ManualPage />}</LazyPage> },
  { path: '/admin/:school_id/*', element: signedIn(<AdminArea />) },
  { path: '/teacher/:school_id/*', element: signedIn(<TeacherArea />) },
  { path: '/student/:school_id/*', element: signedIn(<StudentArea />) },
  { path: '/client/:school_id/*', element: signedIn(<ClientArea />) },
  { path: '*', element: <StartRedirect /> },
];
