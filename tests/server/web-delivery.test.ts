import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationError } from '../../src/server/http/errors';
import { precompressFolder } from '../../scripts/precompress';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../scripts/route-preloads';
import { databaseKinds, startServer, type TestServer } from './support/server';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent, before any decoding. */
  wire: Buffer;
  /** The body decoded by its content-encoding. */
  body: Buffer;
}

// node:http rather than fetch, which adds its own Accept-Encoding and hides what was sent.
function getRaw(url: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const body =
            encoding === 'zstd'
              ? zlib.zstdDecompressSync(wire)
              : encoding === 'br'
                ? brotliDecompressSync(wire)
                : encoding === 'gzip'
                  ? gunzipSync(wire)
                  : wire;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, wire, body });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

// A script of the size and repetitiveness of a real bundle, so that it compresses well.
const script = Array.from(
  { length: 2000 },
  (_, i) => `export function render${i}(props){return props.items.map((item)=>item.label)}\n`,
).join('');

describe.each(databaseKinds)('web app and API delivery on %s', (kind) => {
  let server: TestServer;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-web-delivery-'));
  const assetUrl = () => `${server.url}/assets/start-abc123.js`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Mathema</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webDir, 'assets', 'start-abc123.js'), script);
    // What the build writes for the hints (scripts/route-preloads.ts).
    fs.writeFileSync(
      path.join(webDir, ROUTE_PRELOADS_FILE),
      JSON.stringify({
        routes: [
          {
            prefix: '/admin/',
            files: ['/assets/start-abc123.js', '/assets/AdminArea-def456.js', '/assets/math.css'],
          },
        ],
      } satisfies RoutePreloads),
    );
    await precompressFolder(webDir);
    server = await startServer(kind, {
      webDir,
      extendApp(app) {
        // A failure with many fields: the error envelope past the compression threshold.
        app.post('/api/test-many-fields', async () => {
          throw validationError(
            Object.fromEntries(
              Array.from({ length: 60 }, (_, i) => [`field_${i}`, 'This field is required.']),
            ),
          );
        });
        // An answer of a given size, below the size the server compresses in one call.
        app.get('/api/test-sized/:bytes', async (request) => {
          const bytes = Number((request.params as { bytes: string }).bytes);
          return { status: 'ok', data: 'Καλημέρα, τάξη. '.repeat(Math.ceil(bytes / 28)) };
        });
      },
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('builds a brotli and a gzip copy of each asset, and none of a tiny page', () => {
    const asset = path.join(webDir, 'assets', 'start-abc123.js');
    expect(brotliDecompressSync(fs.readFileSync(`${asset}.br`)).toString()).toBe(script);
    expect(gunzipSync(fs.readFileSync(`${asset}.gz`)).toString()).toBe(script);
    expect(fs.existsSync(path.join(webDir, 'index.html.br'))).toBe(false);
  });

  it('sends an asset precompressed in the best encoding the browser accepts', async () => {
    const br = await getRaw(assetUrl(), 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.toString()).toBe(script);
    expect(br.wire.length).toBeLessThan(script.length / 5);
    expect(Number(br.headers['content-length'])).toBe(br.wire.length);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await getRaw(assetUrl(), 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.toString()).toBe(script);
    expect(gzip.headers['cache-control']).toContain('immutable');

    const identity = await getRaw(assetUrl());
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.wire.toString()).toBe(script);
    expect(identity.headers['cache-control']).toContain('immutable');
  });

  it('keeps index.html revalidated, at / and at page addresses', async () => {
    for (const route of ['/', '/login', '/admin/1/students']) {
      const page = await getRaw(`${server.url}${route}`, 'br, gzip');
      expect(page.status, route).toBe(200);
      expect(page.body.toString(), route).toContain('<div id="root">');
      expect(page.headers['cache-control'], route).toBe('no-cache');
    }
  });

  it('answers a chunk that is not there with 404, not with the page', async () => {
    const missing = await getRaw(`${server.url}/assets/start-gone999.js`, 'br, gzip');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).not.toContain('<div id="root">');
  });

  it("hints the chunks of a signed-in area's pages, and nothing elsewhere", async () => {
    const admin = await getRaw(`${server.url}/admin/1/home?tab=2`, 'br');
    expect(admin.headers.link).toBe(
      '</assets/start-abc123.js>; rel=modulepreload; crossorigin, ' +
        '</assets/AdminArea-def456.js>; rel=modulepreload; crossorigin, ' +
        '</assets/math.css>; rel=preload; as=style; crossorigin',
    );
    for (const route of ['/', '/login', '/teacher/1/home']) {
      const page = await getRaw(`${server.url}${route}`);
      expect(page.headers.link, route).toBeUndefined();
    }
    // The table itself is for the server only: its address is just another page address.
    const table = await getRaw(`${server.url}/${ROUTE_PRELOADS_FILE}`);
    expect(table.body.toString()).toContain('<div id="root">');
  });

  it('compresses a large API answer and leaves a tiny one as it is', async () => {
    const large = await getRaw(`${server.url}/api/docs/openapi.json`, 'gzip, deflate, br');
    expect(large.status).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(large.body.toString()) as { openapi: string };
    expect(document.openapi).toBe('3.0.3');
    expect(large.wire.length).toBeLessThan(large.body.length / 3);

    const gzip = await getRaw(`${server.url}/api/docs/openapi.json`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gzip.body.toString())).toEqual(document);

    // What Chromium asks for: zstd (brotli on a Node without it, before 22.15), for an answer
    // compressed in one call (under 64 kB) and for one streamed through the compressor (the
    // document, flushed write by write).
    const chromium = 'gzip, deflate, br, zstd';
    const best = typeof zlib.zstdDecompressSync === 'function' ? 'zstd' : 'br';
    const streamed = await getRaw(`${server.url}/api/docs/openapi.json`, chromium);
    expect(large.body.length).toBeGreaterThan(64 * 1024);
    expect(streamed.headers['content-encoding']).toBe(best);
    expect(JSON.parse(streamed.body.toString())).toEqual(document);
    const single = await getRaw(`${server.url}/api/test-sized/20000`, chromium);
    expect(single.headers['content-encoding']).toBe(best);
    expect(single.wire.length).toBeLessThan(single.body.length / 3);
    expect(JSON.parse(single.body.toString())).toMatchObject({ status: 'ok' });

    const tiny = await getRaw(`${server.url}/api/health`, 'gzip, deflate, br');
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.wire.toString())).toMatchObject({ status: 'ok' });

    const unasked = await getRaw(`${server.url}/api/docs/openapi.json`);
    expect(unasked.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(unasked.wire.toString())).toEqual(document);
  });

  it('keeps the error envelope whole, compressed or not', async () => {
    const failure = await fetch(`${server.url}/api/test-many-fields`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'br' },
      body: '{}',
    });
    expect(failure.status).toBe(400);
    expect(failure.headers.get('content-encoding')).toBe('br');
    const body = (await failure.json()) as { error: string; fields: Record<string, string> };
    expect(body).toMatchObject({ status: 'error', error: 'validation' });
    expect(Object.keys(body.fields)).toHaveLength(60);

    const missing = await getRaw(`${server.url}/api/nothing-here`, 'br, gzip');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toMatchObject({ error: 'not_found' });
  });

  it('sends downloaded images as stored, with their length', async () => {
    const dir = path.join(server.dataDir, 'school_files');
    fs.mkdirSync(dir, { recursive: true });
    const image = Buffer.alloc(8192, 7);
    fs.writeFileSync(path.join(dir, 'crest.png'), image);
    const download = await getRaw(`${server.url}/api/school-files/crest.png`, 'br, gzip');
    expect(download.status).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.wire.equals(image)).toBe(true);
  });
});
