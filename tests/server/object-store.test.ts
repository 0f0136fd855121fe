import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { localObjectStore } from '../../src/server/files/local-store';
import {
  InvalidKeyError,
  streamToBuffer,
  type ObjectStore,
} from '../../src/server/files/object-store';
import { openObjectStore } from '../../src/server/files/open-store';
import { s3ObjectStore, type S3Settings } from '../../src/server/files/s3-store';
import { startS3StandIn, type S3StandIn } from '../support/s3-standin';

// One contract, two stores: what the folder does, the bucket does too. The bucket is the
// stand-in S3 server of tests/support, which checks every request's SigV4 signature.

let standIn: S3StandIn;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-store-'));
  dirs.push(dir);
  return dir;
};
const settingsOf = (s: S3StandIn, change: Partial<S3Settings> = {}): S3Settings => ({
  endpoint: s.url,
  region: s.region,
  bucket: s.bucket,
  accessKeyId: s.accessKeyId,
  secretAccessKey: s.secretAccessKey,
  forcePathStyle: true,
  prefix: 'school-a/',
  ...change,
});

beforeAll(async () => {
  standIn = await startS3StandIn();
});
afterAll(async () => {
  await standIn.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => ObjectStore][] = [
  ['the local folder', () => localObjectStore(tempDir())],
  ['an S3 bucket', () => s3ObjectStore(settingsOf(standIn), tempDir())],
];

describe.each(stores)('the object store in %s', (_name, open) => {
  let store: ObjectStore;
  beforeAll(async () => {
    store = open();
    await store.verify();
  });
  afterAll(() => store.close());

  it('keeps bytes under a key: put, size, get, delete', async () => {
    const bytes = crypto.randomBytes(70_000);
    expect(await store.size('files/1/abc')).toBeNull();
    expect(await store.get('files/1/abc')).toBeNull();
    await store.put('files/1/abc', bytes);
    expect(await store.size('files/1/abc')).toBe(bytes.length);
    const got = await store.get('files/1/abc');
    expect(got?.size).toBe(bytes.length);
    expect((await streamToBuffer(got!.stream)).equals(bytes)).toBe(true);
    // Replaced whole by a second put.
    await store.put('files/1/abc', Buffer.from('second'));
    expect((await streamToBuffer((await store.get('files/1/abc'))!.stream)).toString()).toBe(
      'second',
    );
    await store.delete('files/1/abc');
    expect(await store.get('files/1/abc')).toBeNull();
    // Deleting what is gone already is fine (a job may run twice).
    await store.delete('files/1/abc');
  });

  it('stores a stream of announced length, and refuses one that is shorter or longer', async () => {
    const bytes = crypto.randomBytes(300_000);
    await store.put('scorm/1/pkg/media/video.bin', {
      stream: Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]),
      size: bytes.length,
    });
    const got = await store.get('scorm/1/pkg/media/video.bin');
    expect((await streamToBuffer(got!.stream)).equals(bytes)).toBe(true);

    await expect(
      store.put('scorm/1/pkg/short', { stream: Readable.from([Buffer.alloc(10)]), size: 11 }),
    ).rejects.toThrow(/10 bytes, not the 11/);
    await expect(
      store.put('scorm/1/pkg/long', { stream: Readable.from([Buffer.alloc(12)]), size: 11 }),
    ).rejects.toThrow(/more than the 11/);
    expect(await store.size('scorm/1/pkg/short')).toBeNull();
    expect(await store.size('scorm/1/pkg/long')).toBeNull();
  });

  it('moves a finished upload in from its scratch folder', async () => {
    fs.mkdirSync(store.scratchDir, { recursive: true });
    const file = path.join(store.scratchDir, crypto.randomBytes(8).toString('hex'));
    fs.writeFileSync(file, 'an upload');
    await store.putFile('files/2/upload', file);
    expect(fs.existsSync(file)).toBe(false);
    const got = await store.get('files/2/upload');
    expect((await streamToBuffer(got!.stream)).toString()).toBe('an upload');
  });

  it('keeps keys of any characters a package may use', async () => {
    const keys = [
      'scorm/3/pkg/σελίδα 1.html',
      'scorm/3/pkg/a+b (copy)!.js',
      "scorm/3/pkg/it's*50%~.css",
      'scorm/3/pkg/deep/er/and/deeper/file.txt',
    ];
    for (const key of keys) await store.put(key, Buffer.from(key));
    for (const key of keys)
      expect((await streamToBuffer((await store.get(key))!.stream)).toString()).toBe(key);
  });

  it('removes everything under a prefix, and nothing beside it', async () => {
    // Over one page of ListObjectsV2 and DeleteObjects (1000 keys each).
    const many = Array.from({ length: 1003 }, (_, i) => `scorm/4/gone/f${i}.txt`);
    await Promise.all(many.map((key) => store.put(key, Buffer.from('x'))));
    await store.put('scorm/4/gone-not/kept.txt', Buffer.from('kept'));
    await store.put('scorm/4/kept/file.txt', Buffer.from('kept'));
    await store.deleteAll('scorm/4/gone');
    for (const key of [many[0]!, many[999]!, many[1002]!]) expect(await store.size(key)).toBeNull();
    expect(await store.size('scorm/4/gone-not/kept.txt')).toBe(4);
    expect(await store.size('scorm/4/kept/file.txt')).toBe(4);
    await store.deleteAll('scorm/4/never-there');
  });

  it('refuses keys that would leave their place, before any request', async () => {
    const before = standIn.requests.length;
    for (const key of [
      '../secrets/files-signing.key',
      'files/../../etc/passwd',
      'files/1/../../mathema.db',
      '/files/1/a',
      'files//a',
      'files/1/a\\b',
      'files/1/a\u0000b',
      'secrets/vapid.json',
      'mathema.db',
      'files',
      `files/${'a'.repeat(1100)}`,
    ]) {
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
    expect(standIn.requests.length).toBe(before);
  });
});

describe('the local folder', () => {
  it('keeps the layout DATA_DIR always had, so existing data is served', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'files', '7'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', '7', 'f'.repeat(32)), 'from before');
    const store = localObjectStore(dataDir);
    const got = await store.get(`files/7/${'f'.repeat(32)}`);
    expect((await streamToBuffer(got!.stream)).toString()).toBe('from before');
    await store.put('school_files/logo.svg', Buffer.from('<svg/>'));
    expect(fs.readFileSync(path.join(dataDir, 'school_files', 'logo.svg'), 'utf8')).toBe('<svg/>');
    expect(store.scratchDir).toBe(path.join(dataDir, 'files', 'incoming'));
  });

  it('does not follow a link out of the folder', async () => {
    const dataDir = tempDir();
    const outside = path.join(tempDir(), 'secret.txt');
    fs.writeFileSync(outside, 'secret');
    fs.mkdirSync(path.join(dataDir, 'school_files'), { recursive: true });
    fs.symlinkSync(outside, path.join(dataDir, 'school_files', 'link.png'));
    expect(await localObjectStore(dataDir).get('school_files/link.png')).toBeNull();
  });
});

describe('an S3 bucket', () => {
  it('writes under S3_PREFIX only, with the bucket named in the path', async () => {
    const store = s3ObjectStore(settingsOf(standIn, { prefix: 'tenant-b/uploads/' }), tempDir());
    await store.put('files/9/prefixed', Buffer.from('p'));
    expect(standIn.objects.has('tenant-b/uploads/files/9/prefixed')).toBe(true);
    expect([...standIn.objects.keys()].some((k) => k.startsWith('files/'))).toBe(false);
    await store.close();
  });

  it('is refused with a wrong secret, key or region: the start-up check says which setting', async () => {
    for (const wrong of [
      { secretAccessKey: 'not-the-secret' },
      { accessKeyId: 'AKIANOTKNOWN' },
      { region: 'us-west-2' },
    ]) {
      const store = s3ObjectStore(settingsOf(standIn, wrong), tempDir());
      const refusedBefore = standIn.requests.filter((r) => r.status >= 400).length;
      await expect(store.verify()).rejects.toThrow(/refused the access key/);
      await expect(store.put('files/1/nope', Buffer.from('x'))).rejects.toThrow(
        /S3 PUT school-a\/files\/1\/nope was refused: (403 (SignatureDoesNotMatch|InvalidAccessKeyId)|400 AuthorizationHeaderMalformed)/,
      );
      expect(standIn.requests.filter((r) => r.status >= 400).length).toBeGreaterThan(refusedBefore);
      await store.close();
    }
    expect(standIn.objects.has('school-a/files/1/nope')).toBe(false);
  });

  it('says when the bucket does not exist', async () => {
    const store = s3ObjectStore(settingsOf(standIn, { bucket: 'no-such-bucket' }), tempDir());
    await expect(store.verify()).rejects.toThrow(/"no-such-bucket" does not exist/);
    await store.close();
  });

  it('is chosen from the S3_* settings, the folder otherwise', async () => {
    const dataDir = tempDir();
    const local = openObjectStore(loadConfig({ DATA_DIR: dataDir }));
    expect(local.description).toEqual({ kind: 'local', dir: dataDir });
    const s3 = openObjectStore(loadConfig({ DATA_DIR: dataDir, ...standIn.env('/deploy/') }));
    expect(s3.description).toEqual({
      kind: 's3',
      endpoint: standIn.url,
      region: standIn.region,
      bucket: standIn.bucket,
      prefix: 'deploy/',
    });
    expect(s3.scratchDir).toBe(path.join(dataDir, 'incoming'));
    await s3.close();
  });
});
