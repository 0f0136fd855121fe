import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STAND_IN_EXTERNAL_API } from './externalApiScript';

// A local stand-in for a Jitsi Meet server (../shared/integrations.md): https with a
// self-signed certificate (the app loads `https://{JITSI_DOMAIN}/external_api.js`), serving
// an external_api.js that implements the parts of JitsiMeetExternalAPI the app calls and
// emits its events, and a meeting page per room for its frame. It records what it was asked.

export interface StandInJitsi {
  /** `127.0.0.1:port`, for JITSI_DOMAIN. */
  domain: string;
  /** Every request's path and query, in order (the meeting frames carry ?jwt=). */
  requests: string[];
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(path.join(tmpdir(), 'jitsi-stand-in-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(folder, 'key.pem'),
        '-out',
        path.join(folder, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(folder, 'key.pem')),
      cert: readFileSync(path.join(folder, 'cert.pem')),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStandInJitsi(): Promise<StandInJitsi> {
  const requests: string[] = [];
  const server = https.createServer(selfSignedCertificate(), (request, response) => {
    const url = new URL(request.url ?? '/', 'https://stand-in');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/external_api.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      response.end(STAND_IN_EXTERNAL_API);
      return;
    }
    const room = decodeURIComponent(url.pathname.slice(1));
    const lang = url.hash.replace('#lang=', '') || 'el';
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<title>Stand-in meeting</title>
<style>body{margin:0;font:16px sans-serif;background:#202124;color:#fff;display:grid;place-items:center;height:100vh}</style>
</head><body><main><h1>Stand-in meeting</h1><p data-room>${escapeHtml(room)}</p></main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    domain: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
