// Content-Security-Policy of the pages the app serves itself. Sent as a response header by the
// app protocol, so it holds before any script of the page runs and can name the server the
// user configured (a meta tag in index.html could not).

type Directives = Record<string, readonly string[]>;

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** The server's origin plus its WebSocket twin (socket.io), or nothing when none is configured. */
function serverSources(serverOrigin: string | null): string[] {
  if (!serverOrigin) return [];
  const socketOrigin = serverOrigin.replace(/^http/, 'ws');
  return [serverOrigin, socketOrigin];
}

/** The main window's page: scripts only from the app bundle, data only from the server. */
export function appPageContentSecurityPolicy(serverOrigin: string | null): string {
  const server = serverOrigin ? [serverOrigin] : [];
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Fluent UI (Griffel) and KaTeX insert style rules at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // School logos may be absolute links to any https host (spec §3).
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...server],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...serverSources(serverOrigin)],
    'media-src': ["'self'", 'blob:', ...server],
    // SCORM packages and embedded pages are served by the server in frames.
    'frame-src': server.length > 0 ? server : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The call window's page: the app's own script plus Jitsi's external_api.js and its frame. In
 * development the page script comes from electron-vite's dev server instead of the build.
 */
export function callPageContentSecurityPolicy(
  jitsiOrigin: string | null,
  devServerOrigin: string | null = null,
): string {
  const jitsi = jitsiOrigin ? [jitsiOrigin] : [];
  const devServer = devServerOrigin ? [devServerOrigin] : [];
  return serialize({
    'default-src': ["'none'"],
    'script-src': ["'self'", ...devServer, ...jitsi],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': jitsi.length > 0 ? jitsi : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}
