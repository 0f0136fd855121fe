import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from '../../src/main/app-protocol/app-protocol-handler';

const workspace = mkdtempSync(path.join(tmpdir(), 'mathema-protocol-'));
const rendererRoot = path.join(workspace, 'renderer');
mkdirSync(path.join(rendererRoot, 'assets'), { recursive: true });
writeFileSync(path.join(rendererRoot, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(rendererRoot, 'assets', 'index-1.js'), 'console.log(1)');
writeFileSync(path.join(workspace, 'secret.txt'), 'not for pages');
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

let openCall: { html: string; csp: string } | null = null;
const serve = createAppProtocolHandler({
  rendererRoot,
  host: 'mathema',
  appPageCsp: () => "script-src 'self'",
  callPagePath: '/call.html',
  callPage: () => openCall,
});
const get = (url: string, method = 'GET') => serve(new Request(url, { method }));

describe('the app protocol', () => {
  it('serves the renderer build with its content type and the CSP header', async () => {
    const response = await get('app://mathema/assets/index-1.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log(1)');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the app shell for client-side routes', async () => {
    const response = await get('app://mathema/teacher/4/session/12');
    expect(await response.text()).toContain('id="root"');
    expect(response.headers.get('content-security-policy')).toBe("script-src 'self'");
  });

  it.each([
    'app://mathema/../secret.txt',
    'app://mathema/%2e%2e/secret.txt',
    'app://mathema/assets/..%2f..%2fsecret.txt',
    'app://mathema/..%5csecret.txt',
  ])('never serves a file outside the build: %s', async (url) => {
    const response = await get(url);
    expect(await response.text()).not.toContain('not for pages');
  });

  it('answers 404 for missing files, other hosts and other methods', async () => {
    expect((await get('app://mathema/assets/missing.js')).status).toBe(404);
    expect((await get('app://elsewhere/index.html')).status).toBe(404);
    expect((await get('app://mathema/index.html', 'POST')).status).toBe(404);
  });

  it('serves the call page only while a call is open, with the call CSP', async () => {
    openCall = null;
    expect((await get('app://mathema/call.html')).status).toBe(404);
    openCall = { html: '<p>call</p>', csp: 'frame-src https://meet.example.org' };
    const response = await get('app://mathema/call.html');
    expect(await response.text()).toBe('<p>call</p>');
    expect(response.headers.get('content-security-policy')).toBe(
      'frame-src https://meet.example.org',
    );
  });
});
