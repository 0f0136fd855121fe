/** Longest route accepted from a notification or deep link. */
const MAX_ROUTE_LENGTH = 2048;
// Path segments and a query string made of URL-safe characters; no scheme, no host, no "..".
const ROUTE_PATTERN = /^\/[A-Za-z0-9\-._~%/]*(\?[A-Za-z0-9\-._~%&=+,]*)?$/;

/**
 * Whether a string is an in-app route the renderer may be told to open: an absolute path of
 * this app, never another origin (//host), a scheme or a parent-directory walk.
 */
export function isAppRoute(route: string): boolean {
  if (route.length > MAX_ROUTE_LENGTH || route.startsWith('//')) return false;
  if (!ROUTE_PATTERN.test(route)) return false;
  const path = route.split('?')[0] ?? '';
  return path.split('/').every((segment) => {
    try {
      const decoded = decodeURIComponent(segment);
      return decoded !== '..' && decoded !== '.' && !decoded.includes('/');
    } catch {
      return false;
    }
  });
}
