import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('configuration from the environment', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({}, { webDir: null, version: '1' });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database.kind).toBe('sqlite');
    expect(
      config.database.kind === 'sqlite' && config.database.file.endsWith('data/mathema.db'),
    ).toBe(true);
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
    expect(config.smtpUrl).toBeNull();
    expect(config.redisUrl).toBeNull();
  });

  it('reads PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig(
      { DATABASE_URL: 'postgres://u@db:5432/school' },
      { webDir: null, version: '1' },
    );
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/school',
      schema: undefined,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['REDIS_URL', 'localhost:6379'],
  ])('stops on a wrong %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value }, { webDir: null, version: '1' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ [name]: value }, { webDir: null, version: '1' })).toThrow(
      new RegExp(name),
    );
  });

  it('keeps uploads under DATA_DIR unless S3_BUCKET is set', () => {
    expect(loadConfig({}, { webDir: null, version: '1' }).s3).toBeNull();
    const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ S3_BUCKET: 'school-uploads', ...keys }).s3).toEqual({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      bucket: 'school-uploads',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: 'http://minio.internal:9000/',
        S3_REGION: 'eu-central-1',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: '/athens/mathema/',
        ...keys,
      }).s3,
    ).toMatchObject({
      endpoint: 'http://minio.internal:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      prefix: 'athens/mathema/',
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_BUCKET must be set when S3_ENDPOINT is/],
    [{ S3_BUCKET: 'uploads' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set/],
    [{ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'a' }, /S3_SECRET_ACCESS_KEY must be set/],
    [{ S3_BUCKET: 'a/b' }, /S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: 'uploads', S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT must be a URL/],
    [{ S3_BUCKET: 'uploads', S3_ENDPOINT: 'https://s3.example/bucket' }, /S3_ENDPOINT must be/],
    [{ S3_BUCKET: 'uploads', S3_PREFIX: '../up' }, /S3_PREFIX must be folder names/],
    [{ S3_BUCKET: 'uploads', S3_PREFIX: 'a//b' }, /S3_PREFIX must be folder names/],
    [{ S3_BUCKET: 'uploads', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
  ])('stops on wrong S3 settings %j and names them', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
