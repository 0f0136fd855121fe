import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeFor } from './content-types';

export interface AppProtocolOptions {
  /** Folder of the renderer build (out/renderer). */
  rendererRoot: string;
  /** The only host served, for example 'mathema' in app://mathema/. */
  host: string;
  /** CSP header of every page and file from the renderer build. */
  appPageCsp(): string;
  /** The generated call page for `callPagePath`, or null when no call is open. */
  callPage(): { html: string; csp: string } | null;
  callPagePath: string;
}

const securityHeaders = (csp: string, contentType: string): Record<string, string> => ({
  'Content-Type': contentType,
  'Content-Security-Policy': csp,
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-cache',
});

const notFound = (): Response => new Response('Not found', { status: 404 });

/**
 * Serves the renderer build on the app's custom scheme, so that no page is ever loaded from
 * file:// (which would grant it every local file). Paths cannot leave the build folder; routes
 * without a file extension fall back to index.html for the router; every response carries the
 * Content-Security-Policy.
 */
export function createAppProtocolHandler(options: AppProtocolOptions) {
  const root = path.resolve(options.rendererRoot);

  const fileResponse = async (file: string): Promise<Response | null> => {
    try {
      const body = await readFile(file);
      return new Response(new Uint8Array(body), {
        status: 200,
        headers: securityHeaders(options.appPageCsp(), contentTypeFor(path.extname(file))),
      });
    } catch {
      return null;
    }
  };

  return async (request: Request): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return notFound();
    }
    if (url.host !== options.host || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return notFound();
    }

    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFound();
    }
    if (pathname.includes('\0') || pathname.includes('\\')) return notFound();

    if (pathname === options.callPagePath) {
      const page = options.callPage();
      if (!page) return notFound();
      return new Response(page.html, {
        status: 200,
        headers: securityHeaders(page.csp, contentTypeFor('.html')),
      });
    }

    const relative = path.posix.normalize(pathname === '/' ? '/index.html' : pathname);
    const file = path.resolve(root, `.${relative}`);
    if (file !== root && !file.startsWith(root + path.sep)) return notFound();

    const found = await fileResponse(file);
    if (found) return found;
    // Client-side routes (app://mathema/student/7) are served the app shell.
    if (path.extname(relative) === '') {
      return (await fileResponse(path.join(root, 'index.html'))) ?? notFound();
    }
    return notFound();
  };
}
