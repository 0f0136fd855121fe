import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../src/server/db/statement-cache';

describe('the prepared-statement cache', () => {
  it('prepares each SQL text once and keeps answering correctly', () => {
    const database = new SQLite(':memory:');
    let prepared = 0;
    const counting = new Proxy(database, {
      get(target, property) {
        if (property === 'prepare') {
          return (sql: string) => {
            prepared++;
            return target.prepare(sql);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const cached = withStatementCache(counting);
    cached.prepare('create table t (n integer)').run([]);
    for (let n = 0; n < 5; n++) cached.prepare('insert into t values (?)').run([n]);
    expect(cached.prepare('select sum(n) as s from t').all([])).toEqual([{ s: 10 }]);
    expect(prepared).toBe(3);
    cached.close();
  });

  it('stays bounded, dropping the least recently used statement', () => {
    const database = new SQLite(':memory:');
    const cached = withStatementCache(database);
    const first = cached.prepare('select 0');
    for (let n = 1; n <= 600; n++) cached.prepare(`select ${n}`);
    expect(cached.prepare('select 0')).not.toBe(first);
    const recent = cached.prepare('select 600');
    expect(cached.prepare('select 600')).toBe(recent);
    cached.close();
  });
});
