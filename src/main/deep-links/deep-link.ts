import { DEEP_LINK_SCHEME } from '../app-identity';
import { isAppRoute } from '../notifications/app-route';

const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?#]|$)/i;

/**
 * The app route a mathema:// link opens, or null when the link is not one of ours or not a
 * plain route. `mathema://teacher/4/session/12?tab=notes` opens `/teacher/4/session/12?tab=notes`;
 * `mathema:///teacher/4` is accepted too.
 */
export function parseDeepLink(link: string): string | null {
  // The URL parser would quietly resolve "..": a link that needs it was not written by us.
  if (DOT_SEGMENT.test(link)) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (
    url.protocol !== `${DEEP_LINK_SCHEME}:` ||
    url.username ||
    url.password ||
    url.port ||
    url.hash
  ) {
    return null;
  }
  const path = `/${url.host}${url.pathname}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  const route = `${path}${url.search}`;
  return isAppRoute(route) ? route : null;
}

/**
 * The deep link among command-line arguments: Windows and Linux start the app (or hand the
 * second instance's arguments over) with the link as an argument.
 */
export function findDeepLink(argv: readonly string[]): string | null {
  const link = argv.find((argument) => argument.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`));
  return link ? parseDeepLink(link) : null;
}
