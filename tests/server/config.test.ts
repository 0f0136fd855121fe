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
});
