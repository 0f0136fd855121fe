import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { Role } from '../../../../shared/constants';
import { AppShell } from '../../app/shell/AppShell';
import { ComingSoonPage } from '../../components/ComingSoonPage';
import PageSpinner from '../../components/PageSpinner';
import { AreaContext, type AreaContextValue } from './AreaContext';
import type { AreaRoute, MenuItem } from './areaTypes';
import { EmbedPage } from './EmbedPage';
import { withEmbeddedPages } from './embeddedMenuItems';
import { useAreaLoader } from './useAreaLoader';
import { useRealtimeNotifications } from './useRealtimeNotifications';

interface RoleAreaProps {
  role: Role;
  menu: MenuItem[];
  routes: AreaRoute[];
}

/** /{role}/{school_id}/*: loads the school, then shows the shell with the role's screens. */
export function RoleArea(props: RoleAreaProps) {
  const schoolId = Number(useParams().school_id);
  if (!Number.isInteger(schoolId) || schoolId <= 0) return <Navigate to="/dashboard" replace />;
  return <LoadedRoleArea {...props} schoolId={schoolId} key={`${props.role}/${schoolId}`} />;
}

function LoadedRoleArea({ role, menu, routes, schoolId }: RoleAreaProps & { schoolId: number }) {
  const loaded = useAreaLoader(role, schoolId);
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
          <Route index element={<Navigate to="home" replace />} />
          {routes.map(({ path, title, page: Page }) => (
            <Route
              key={path}
              path={path}
              element={Page ? <Page /> : <ComingSoonPage title={title} />}
            />
          ))}
          <Route path="embed/:slug" element={<EmbedPage />} />
          <Route path="*" element={<Navigate to="home" replace />} />
        </Routes>
      </AppShell>
    </AreaContext.Provider>
  );
}
