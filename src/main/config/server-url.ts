const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The canonical form of a server address (scheme, host, port and path, no trailing slash), or
 * null when it is not one the app will send tokens to: https, or plain http to this computer.
 * Administrators may allow plain http on their own network through the machine file.
 */
export function normalizeServerUrl(
  input: string,
  options: { allowPlainHttp: boolean },
): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const plainHttpAllowed = options.allowPlainHttp || LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && plainHttpAllowed)) return null;
  const pathname = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${pathname}`;
}

/** The origin of a normalized server address, as CSP and navigation rules need it. */
export function serverOriginOf(serverUrl: string | null): string | null {
  if (!serverUrl) return null;
  const url = new URL(serverUrl);
  return `${url.protocol}//${url.host}`;
}
