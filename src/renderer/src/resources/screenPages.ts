import type { ComponentType } from 'react';
import { resourceDetailPage } from './ResourceDetailPage';
import { resourceListPage } from './ResourceListPage';
import type { ResourceScreen } from './resourceScreen';

export interface ScreenPages {
  list: ComponentType;
  detail: ComponentType;
}

/**
 * The list and record pages of one registration (an area's choice of resource, routes and
 * extras), bound once at module load so that routes keep stable components.
 */
export const screenPages = (screen: ResourceScreen): ScreenPages => ({
  list: resourceListPage(screen),
  detail: resourceDetailPage(screen),
});
