import { useSyncExternalStore } from 'react';
import {
  DRAWER_PERMANENT_MIN_WIDTH,
  DRAWER_TOGGLE_MIN_WIDTH,
  TOOLS_MENU_MIN_WIDTH,
  TOP_BAR_SWITCH_WIDTH,
} from '../../../../shared/constants';

// Reading window.innerWidth while the page has styles or nodes not yet laid out makes the
// browser lay the page out there and then; a render (which inserts the styles of what it
// draws) is such a moment. So the width is read once when this module loads, again on each
// resize, and when a component starts listening (after its render has been committed).
let viewportWidth = typeof window === 'undefined' ? 1280 : window.innerWidth;

const subscribe = (onChange: () => void) => {
  const onResize = () => {
    viewportWidth = window.innerWidth;
    onChange();
  };
  // A resize between the module's load and this subscription; React compares the snapshot
  // right after subscribing and renders again if it moved.
  viewportWidth = window.innerWidth;
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
};

export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => viewportWidth,
    () => 1280,
  );
}

/**
 * How the drawer sits at a window width (spec §2, §9; the in-between cases are ours, see
 * docs/renderer.md): 'hidden' under 768 (the top bar's menu button opens it over the page),
 * an icon 'rail' up to 992, 'toggle' above 992 (the rail, whose button opens the big drawer over
 * the page) and 'permanent' at 1200 and over (the button switches 300 and 100 in place).
 */
export type DrawerMode = 'hidden' | 'rail' | 'toggle' | 'permanent';

export function drawerModeFor(width: number): DrawerMode {
  if (width >= DRAWER_PERMANENT_MIN_WIDTH) return 'permanent';
  if (width > DRAWER_TOGGLE_MIN_WIDTH) return 'toggle';
  if (width >= TOP_BAR_SWITCH_WIDTH) return 'rail';
  return 'hidden';
}

/** Which top-bar controls a width allows. */
export function topBarLayoutFor(width: number) {
  return {
    menuButton: width < TOP_BAR_SWITCH_WIDTH,
    messagesButton: width > TOP_BAR_SWITCH_WIDTH,
    toolsMenu: width > TOOLS_MENU_MIN_WIDTH,
  };
}
