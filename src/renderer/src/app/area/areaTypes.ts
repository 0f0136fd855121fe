import type { FluentIcon } from '@fluentui/react-icons';
import type { ComponentType } from 'react';
import type { PermissionResource } from '../../../../shared/permissions';

/** A screen of a role area; without a page it shows the coming-soon placeholder. */
export interface AreaRoute {
  /** Relative to /{role}/{school_id}, in react-router syntax. */
  path: string;
  /** English title, the translation key. */
  title: string;
  page?: ComponentType;
}

/** A drawer item (spec §3: id, title, icon, path, visible). */
export interface MenuItem {
  id: string;
  title: string;
  icon: FluentIcon;
  path: string;
  /** The permission resource whose read flag decides whether the item shows. */
  resource?: PermissionResource;
  visible?: boolean;
}
