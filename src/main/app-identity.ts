// Names the desktop app is known by: to the OS, to its own pages and to deep links.

export const APP_NAME = 'Mathema';
/** macOS bundle id and Windows AppUserModelID; must match appId in electron-builder.yml. */
export const APP_ID = 'school.mathema.desktop';

/** The renderer is served from this privileged custom scheme, never from file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'mathema';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const MAIN_PAGE_URL = `${APP_ORIGIN}/index.html`;
export const CALL_PAGE_PATH = '/call.html';
export const CALL_PAGE_URL = `${APP_ORIGIN}${CALL_PAGE_PATH}`;
/** File name of the call page's script in the renderer build (see electron.vite.config.ts). */
export const CALL_PAGE_SCRIPT = 'call-window.js';

/** Links such as mathema://teacher/4/session/12 open that route in the app. */
export const DEEP_LINK_SCHEME = 'mathema';

/** Session partitions: the call window's media permissions never reach the main window. */
export const MAIN_PARTITION = 'persist:mathema';
export const CALL_PARTITION = 'persist:mathema-call';
