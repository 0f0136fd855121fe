import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolEntries } from './support/api';
import {
  type Browser,
  closePage,
  DEMO_LOGINS,
  launchBrowser,
  openPage,
  signIn,
} from './support/browser';
import { apiCall, tokenOf } from './support/resourcesApi';
import { type RunningServer, startServer } from '../support/built-server';

// Two stand-ins for a school's own web site: one configured as an embedded page, one not.
function startSite(text: string): Promise<http.Server> {
  const site = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>${text}</title><p>${text}</p>`);
  });
  return new Promise((resolve) => site.listen(0, '127.0.0.1', () => resolve(site)));
}
const originOf = (site: http.Server) => `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

let server: RunningServer;
let browser: Browser;
let configured: http.Server;
let unconfigured: http.Server;
let athensId: number;

beforeAll(async () => {
  [server, browser, configured, unconfigured] = await Promise.all([
    startServer(),
    launchBrowser(),
    startSite('Rules of the school'),
    startSite('Somebody else'),
  ]);
  const entries = await schoolEntries(server.url, DEMO_LOGINS.teacher);
  athensId = entries.find((entry) => entry.role === 'teacher')!.school_id;
  const admin = await tokenOf(server.url, DEMO_LOGINS.admin);
  const saved = await apiCall(server.url, admin, 'PUT', `/schools/${athensId}/admin/settings`, {
    settings: {
      embed_pages: [{ title: 'Rules', slug: 'rules', url: `${originOf(configured)}/rules` }],
    },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
  configured?.close();
  unconfigured?.close();
});

describe('embedded pages under the CSP', () => {
  it('shows a configured page in its frame and refuses a frame of any other origin', async () => {
    const page = await openPage(browser, 1280);
    await signIn(page, server.url, DEMO_LOGINS.teacher);
    await page.goto(`${server.url}/teacher/${athensId}/embed/rules`);
    const frame = page.frameLocator('iframe[title="Rules"]');
    await expect
      .poll(() => frame.getByText('Rules of the school').count(), { timeout: 15_000 })
      .toBe(1);

    const refused = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          // Only the frame's refusal: zod's probe for eval (caught, its JIT stays off) may be
          // reported while this waits.
          document.addEventListener('securitypolicyviolation', (event) => {
            if (event.effectiveDirective === 'frame-src')
              resolve(`${event.effectiveDirective} ${event.blockedURI}`);
          });
          const other = document.createElement('iframe');
          other.src = url;
          document.body.append(other);
          setTimeout(() => resolve('allowed'), 5_000);
        }),
      `${originOf(unconfigured)}/`,
    );
    // A cross-origin address is reported by its origin alone.
    expect(refused).toBe(`frame-src ${originOf(unconfigured)}`);
    await closePage(page);
  });
});
