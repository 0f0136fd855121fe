import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

// A stand-in for a browser vendor's push service (RFC 8030): an HTTPS server with a
// certificate made for this run, which keeps every message it is sent and answers 201, or
// 410 for the endpoints told to be gone. The test decrypts what it kept with the keys of the
// subscription it made (decryptAes128gcm below).

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushServiceStandIn {
  /** Origin of the stand-in (https://127.0.0.1:port). */
  origin: string;
  /** Its certificate, for the agent the server's push client uses. */
  certificate: string;
  received: ReceivedPush[];
  /** Endpoints (paths) that answer 410 Gone, like an expired subscription. */
  gone: Set<string>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  const certificate = fs.readFileSync(certFile, 'utf8');
  const received: ReceivedPush[] = [];
  const gone = new Set<string>();
  const server = https.createServer(
    { key: fs.readFileSync(keyFile), cert: certificate },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const pathname = request.url ?? '/';
        if (gone.has(pathname)) {
          response.writeHead(410).end();
          return;
        }
        received.push({ path: pathname, headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(201, { Location: `${pathname}/message/${received.length}` }).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    origin: `https://127.0.0.1:${port}`,
    certificate,
    received,
    gone,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its ECDH key pair (P-256) and auth secret. */
export function subscriptionKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/**
 * Decrypts a Web Push message (RFC 8291) in the aes128gcm content coding (RFC 8188) the way
 * the receiving browser does, with its private key and auth secret.
 */
export function decryptAes128gcm(body: Buffer, ecdh: crypto.ECDH, authSecret: Buffer): string {
  // Header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);

  // RFC 8291 §3.3/3.4: the input keying material from the ECDH secret and the auth secret.
  const sharedSecret = ecdh.computeSecret(senderPublic);
  const prkKey = hmac(authSecret, sharedSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0', 'latin1'),
    ecdh.getPublicKey(),
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  // RFC 8188 §2.2: the content-encryption key and the nonce from the salt.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const baseNonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(
    0,
    12,
  );

  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, Math.min(offset + recordSize, records.length));
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number is XORed into the nonce's end (here below 2^32: 4 bytes).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    // Padding: a delimiter (2 in the last record, 1 before) followed by zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const delimiter = padded[end];
    const last = offset + recordSize >= records.length;
    if (delimiter !== (last ? 2 : 1)) throw new Error('Bad padding delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain).toString('utf8');
}
