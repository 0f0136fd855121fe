import { type ComponentType, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import type { Role } from '../../../../shared/constants';
import { AppShell } from '../shell/AppShell';
import { CallWindowHost } from '../../components/callWindow/CallWindowHost';
import { onFirstIntent } from '../shell/useAfterFirstPaint';
import { ComingSoonPage } from '../../components/ComingSoonPage';
import PageSpinner from '../../components/PageSpinner';
import { AreaContext, type AreaContextValue } from './AreaContext';
import type { AreaRoute, MenuItem } from './areaTypes';
import { EmbedPage } from './EmbedPage';
import { msg } from '../../i18n/msg';
import { NotFoundPage } from './NotFoundPage';
import { WelcomeHome } from './WelcomeHome';
import { withEmbeddedPages } from './embeddedMenuItems';
import { useAreaLoader } from './useAreaLoader';
import { useRealtimeNotifications } from './useRealtimeNotifications';

interface RoleAreaProps {
  role: Role;
  menu: MenuItem[];
  /** The role's screens: a chunk of their own, since they carry the generic list engine. */
  loadRoutes: () => Promise<AreaRoute[]>;
  /** The role's home, in the area's own chunk so that it shows before the route table. */
  home?: ComponentType;
}

// The home shown before the route table (and the screens it imports) has arrived.
const homeRoute = (page: ComponentType = WelcomeHome): AreaRoute => ({
  path: 'home',
  title: msg('Home'),
  page,
});

/**
 * The role's route table, fetched once the area is open: at once on any other screen, and on the
 * home at the user's first press, touch, key or pointing at a link, so that the screens'
 * download and evaluation do not compete with the home's.
 */
function useRoutes(loadRoutes: () => Promise<AreaRoute[]>, open: boolean) {
  const [routes, setRoutes] = useState<AreaRoute[] | null>(null);
  const [failed, setFailed] = useState(false);
  const onHome = /\/home\/?$/.test(useLocation().pathname);
  const wanted = routes === null && (!onHome || open);
  useEffect(() => {
    if (!wanted) return undefined;
    let current = true;
    const load = () =>
      void loadRoutes().then(
        (loaded) => current && setRoutes(loaded),
        () => current && setFailed(true),
      );
    // Elsewhere the screen waits for the table. On the home nothing does until the user is
    // about to go somewhere: the screens' code (the list engine, the forms, zod) is the
    // heaviest of the area, and evaluated at once it would keep a phone busy while the home is
    // being read.
    const timer = onHome ? undefined : setTimeout(load, 0);
    const cancelIntent = onHome ? onFirstIntent(load) : undefined;
    return () => {
      current = false;
      clearTimeout(timer);
      cancelIntent?.();
    };
  }, [wanted, loadRoutes, onHome]);
  return { routes, failed };
}

/** /{role}/{school_id}/*: loads the school, then shows the shell with the role's screens. */
export function RoleArea(props: RoleAreaProps) {
  const schoolId = Number(useParams().school_id);
  if (!Number.isInteger(schoolId) || schoolId <= 0) return <Navigate to="/dashboard" replace />;
  return <LoadedRoleArea {...props} schoolId={schoolId} key={`${props.role}/${schoolId}`} />;
}

function LoadedRoleArea({
  role,
  menu,
  loadRoutes,
  home,
  schoolId,
}: RoleAreaProps & { schoolId: number }) {
  const loaded = useAreaLoader(role, schoolId);
  const table = useRoutes(loadRoutes, loaded.state === 'open');
  const routes = table.routes ?? [homeRoute(home)];
  useRealtimeNotifications(role, schoolId, loaded.entry?.name, loaded.state === 'open');
  if (loaded.state === 'loading') return <PageSpinner />;
  if (loaded.state === 'not-member') return <Navigate to="/dashboard" replace />;

  const area: AreaContextValue = {
    role,
    schoolId,
    basePath: `/${role}/${schoolId}`,
    account: loaded.account,
    entries: loaded.entries,
    entry: loaded.entry,
    settings: loaded.settings,
    categories: loaded.categories,
    periods: loaded.periods,
    period: loaded.period,
    selectPeriod: loaded.selectPeriod,
    permissions: loaded.permissions,
    menu: withEmbeddedPages(menu, loaded.settings.embedPages),
    routes,
  };
  return (
    <AreaContext.Provider value={area}>
      <AppShell>
        <Routes>
          {/* Absolute: a relative target resolves against whatever address was opened. */}
          <Route index element={<Navigate to={`${area.basePath}/home`} replace />} />
          {routes.map(({ path, title, page: Page }) => (
            <Route
              key={path}
              path={path}
              element={Page ? <Page /> : <ComingSoonPage title={title} />}
            />
          ))}
          <Route path="embed/:slug" element={<EmbedPage />} />
          {/* Until the role's route table has loaded, an address may still be one of its
              screens; after, an unknown one is answered inside the shell, never redirected. */}
          <Route
            path="*"
            element={table.routes || table.failed ? <NotFoundPage /> : <PageSpinner />}
          />
        </Routes>
      </AppShell>
      <CallWindowHost />
    </AreaContext.Provider>
  );
}
