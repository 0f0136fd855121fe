import { makeStyles, tokens } from '@fluentui/react-components';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';
import { AssistantLauncher } from '../../features/assistant/AssistantLauncher';
import { TOP_BAR_SWITCH_WIDTH } from '../../../../shared/constants';
import { useAtom } from 'jotai';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router-dom';
import { useArea } from '../area/AreaContext';
import type { AreaRoute } from '../area/areaTypes';
import { visibleMenuItems } from '../area/visibleMenuItems';
import { drawerSizeAtom } from '../state/atoms';
import { NavigationDrawer } from './NavigationDrawer';
import { TopBar } from './TopBar';
import { useAfterFirstPaint } from './useAfterFirstPaint';
import { drawerModeFor, useViewportWidth } from './useViewportWidth';

const OverlayNavigation = lazy(() => import('./OverlayNavigation'));

const useStyles = makeStyles({
  root: {
    display: 'flex',
    height: '100%',
    minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  column: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, minHeight: 0 },
  content: {
    flexGrow: 1,
    overflowY: 'auto',
    minHeight: 0,
    // Focused by the skip link or a route change; the heading inside shows where focus went.
    ':focus': { outlineStyle: 'none' },
  },
});

/** The frame of every role area: drawer, top bar and the screen. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const area = useArea();
  const width = useViewportWidth();
  const mode = drawerModeFor(width);
  const [size, setSize] = useAtom(drawerSizeAtom);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const { pathname } = useLocation();
  // The drawer over the page draws nothing while closed: its code comes after the first paint.
  const painted = useAfterFirstPaint();

  // A drawer opened over the page closes when the page changes or the window grows past it.
  useEffect(() => setOverlayOpen(false), [pathname, mode]);

  const items = visibleMenuItems(area.menu, area.role, area.permissions, area.settings.drawer);
  const userName = area.entry
    ? `${area.entry.first_name} ${area.entry.last_name}`
    : area.account
      ? `${area.account.first_name} ${area.account.last_name}`
      : '';
  const drawerProps = {
    basePath: area.basePath,
    items,
    userName,
    schoolName: area.entry?.name ?? '',
    schoolPath: schoolPathOf(area.routes, area.basePath, area.schoolId),
    logo: area.entry?.logo ?? null,
  };
  const relative = pathname.slice(area.basePath.length + 1);
  const route = area.routes.find((candidate) =>
    matchPath({ path: `/${candidate.path}`, end: true }, `/${relative}`),
  );
  // Embedded pages are drawer items without a route of their own: their title comes from the item.
  const item = route ? undefined : area.menu.find((candidate) => candidate.path === relative);
  const title = route ? t(route.title) : item ? t(item.title) : (area.entry?.name ?? '');

  return (
    <div className={styles.root}>
      <SkipLink />
      {mode === 'permanent' && (
        <NavigationDrawer
          {...drawerProps}
          size={size}
          onToggleSize={() => setSize(size === 'big' ? 'small' : 'big')}
        />
      )}
      {(mode === 'toggle' || mode === 'rail') && (
        <NavigationDrawer
          {...drawerProps}
          size="small"
          onToggleSize={mode === 'toggle' ? () => setOverlayOpen(true) : undefined}
        />
      )}
      {(mode === 'hidden' || mode === 'toggle') && (painted || overlayOpen) && (
        <Suspense fallback={null}>
          <OverlayNavigation
            open={overlayOpen}
            onOpenChange={setOverlayOpen}
            drawerProps={drawerProps}
            closeButton={mode === 'toggle'}
          />
        </Suspense>
      )}
      <div className={styles.column}>
        <TopBar
          title={title}
          width={width}
          showBack={relative !== 'home' && relative !== ''}
          userName={userName}
          entryCount={area.entries.length}
          assistant={area.settings.aiChatbotEnabled}
          onOpenMenu={() => setOverlayOpen(true)}
        />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.content}>
          {children}
        </main>
      </div>
      {area.settings.aiChatbotEnabled && width <= TOP_BAR_SWITCH_WIDTH && painted && (
        <AssistantLauncher variant="floating" />
      )}
    </div>
  );
}

/** The school's page of a role area (student `school`, teacher `school/:id`), if it has one. */
function schoolPathOf(routes: AreaRoute[], basePath: string, schoolId: number) {
  const route = routes.find((r) => r.page && (r.path === 'school' || r.path === 'school/:id'));
  if (!route) return undefined;
  return route.path === 'school' ? `${basePath}/school` : `${basePath}/school/${schoolId}`;
}
