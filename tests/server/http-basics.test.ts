import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

describe.each(databaseKinds)('HTTP conventions on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Mathema</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await startServer(kind, {
      webDir,
      extendApp(app) {
        app.get('/api/test-explode', async () => {
          throw new Error('SELECT secret FROM users -- at /srv/app.js:1');
        });
      },
    });
    api = apiClient(server.url);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('reports health with the version and the database kind', async () => {
    const response = await api.get('/health');
    expect(response.body).toEqual({
      status: 'ok',
      data: { version: '9.9.9-test', database: kind },
    });
  });

  it('answers unknown API paths with 404 not_found in the envelope', async () => {
    for (const [method, p] of [
      ['GET', '/nothing-here'],
      ['POST', '/account/nothing'],
      ['DELETE', '/account'],
    ] as const) {
      const response = await api.call(method, p, { body: method === 'GET' ? undefined : {} });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ status: 'error', error: 'not_found' });
    }
  });

  it('answers malformed and oversized bodies with 400 and 413', async () => {
    const malformed = await fetch(`${server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ status: 'error', error: 'validation' });

    const huge = await fetch(`${server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ status: 'error', error: 'too_large' });
  });

  it('never leaks internals in a 500', async () => {
    const response = await api.get('/test-explode');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      status: 'error',
      error: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  it('sends security headers and no CORS grant to unknown origins', async () => {
    const response = await fetch(`${server.url}/api/health`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('strict-transport-security')).toBeTruthy();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const own = await fetch(`${server.url}/api/health`, {
      headers: { Origin: server.built.deps.config.publicUrl },
    });
    expect(own.headers.get('access-control-allow-origin')).toBe(server.built.deps.config.publicUrl);
  });

  it('serves the web app with index.html for client routes', async () => {
    for (const route of ['/', '/login', '/admin/1/students', '/reset-password/abc']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('publishes an OpenAPI document generated from the shared schemas', async () => {
    const response = await fetch(`${server.url}/api/docs/openapi.json`);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, any>>;
    };
    expect(doc.openapi).toBe('3.0.3');
    const login = doc.paths['/api/account/login']!.post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
    ]);
    expect(Object.keys(doc.paths)).toContain('/api/schools/{school_id}/{role}/period/{id}');
    const students = doc.paths['/api/schools/{school_id}/{role}/students']!;
    expect(Object.keys(students).sort()).toEqual(['get', 'post']);
    expect(students.post.requestBody.content['application/json'].schema.required).toEqual([
      'last_name',
      'first_name',
    ]);
  });

  it('chooses the white label by header, else the default with a null id', async () => {
    const chosen = await api.get('/whitelabel', null, { whitelabel: 'athens-academy' });
    expect(chosen.body.data).toMatchObject({
      id: 'athens-academy',
      name: 'Athens Academy',
      logo: 'athens-logo.svg',
    });
    expect(chosen.body.data.colors.thirdBackground).toBe('#0b5394');
    const fallback = await api.get('/whitelabel');
    expect(fallback.body.data).toMatchObject({ id: null, name: 'Mathema' });
    expect(Object.keys(fallback.body.data.colors).length).toBe(6);
  });

  it('chooses the white label by host when bound to one', async () => {
    await server.built.deps.db
      .updateTable('white_labels')
      .set({ host: 'localhost' })
      .where('id', '=', 'athens-academy')
      .execute();
    const byHost = await fetch(`${server.url.replace('127.0.0.1', 'localhost')}/api/whitelabel`);
    expect(((await byHost.json()) as { data: { id: string } }).data.id).toBe('athens-academy');
  });

  it('drains on shutdown: new requests get 503 with Retry-After', async () => {
    server.built.startDraining();
    const response = await api.get('/health');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.body.error).toBe('unavailable');
  });
});
