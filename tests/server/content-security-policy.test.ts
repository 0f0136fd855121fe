import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

/** The CSP of an answer as directive -> sources. */
function policyOf(headers: Headers): Map<string, string[]> {
  const text = headers.get('content-security-policy') ?? '';
  return new Map(
    text.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

// A scheme source without a host lets the page reach every host of that scheme. data: and blob:
// name content the page holds itself, not a host, and stay for images and media.
const NETWORK_WILDCARD = /^(\*|https?:|wss?:|\*\..*|https?:\/\/\*.*)$/i;

describe.each(databaseKinds)('the web app CSP on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-csp-web-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Mathema</title>');
    server = await startServer(kind, { webDir, env: { JITSI_DOMAIN: 'meet.example.org' } });
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('names no wildcard scheme or host, on pages and API answers alike', async () => {
    for (const address of ['/login', '/admin/1/home', '/api/health']) {
      const policy = policyOf((await fetch(`${server.url}${address}`)).headers);
      expect(policy.get('default-src'), address).toEqual(["'self'"]);
      // socket.io reaches the same origin by ws:/wss:, which 'self' covers.
      expect(policy.get('connect-src'), address).toEqual(["'self'"]);
      for (const [directive, sources] of policy)
        for (const source of sources)
          expect(NETWORK_WILDCARD.test(source), `${address} ${directive} ${source}`).toBe(false);
    }
  });

  it('allows the configured Jitsi domain and the schools embedded pages', async () => {
    const policy = policyOf((await fetch(`${server.url}/login`)).headers);
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://meet.example.org', 'https://example.org']),
    );
    expect(policy.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'https://meet.example.org']),
    );
    // An embedded page is shown in a frame, not as an image.
    expect(policy.get('img-src')).not.toContain('https://example.org');
    // The web call window loads Jitsi's IFrame API from the meeting host, and only from it.
    expect(policy.get('script-src')).toEqual(["'self'", 'https://meet.example.org']);
  });

  it("follows an admin's change of the embedded pages on the next page load", async () => {
    const origin = 'https://rules.athens.example:8443';
    const saved = await api.call('PUT', '/schools/1/admin/settings', {
      token: admin,
      body: {
        settings: { embed_pages: [{ title: 'Rules', slug: 'rules', url: `${origin}/a/b?c=1` }] },
      },
    });
    expect(saved.status).toBe(200);
    expect(policyOf((await fetch(`${server.url}/login`)).headers).get('frame-src')).toContain(
      origin,
    );

    const removed = await api.call('PUT', '/schools/1/admin/settings', {
      token: admin,
      body: { settings: { embed_pages: [] } },
    });
    expect(removed.status).toBe(200);
    const after = policyOf((await fetch(`${server.url}/login`)).headers).get('frame-src');
    expect(after).not.toContain(origin);
    // Thessaloniki still embeds its page.
    expect(after).toContain('https://example.org');
  });
});

describe('JITSI_DOMAIN', () => {
  it('is a host name, not a URL', () => {
    expect(loadConfig({ JITSI_DOMAIN: 'Meet.Example.org' }).jitsiDomain).toBe('meet.example.org');
    expect(loadConfig({}).jitsiDomain).toBeNull();
    expect(() => loadConfig({ JITSI_DOMAIN: 'https://meet.example.org' })).toThrow(/JITSI_DOMAIN/);
  });
});
