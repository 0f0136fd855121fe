import SQLite from 'better-sqlite3';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteDialect,
  sql,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkQueryShapes, runShaped } from '../../src/server/db/query-shapes';

interface Tables {
  pupils: { id: number; school_id: number; name: string; active: number };
}

describe('shaped queries (built once, run with each call’s values)', () => {
  let db: Kysely<Tables>;
  let builds = 0;

  beforeAll(async () => {
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await sql`create table pupils (id integer primary key, school_id integer, name text, active integer)`.execute(
      db,
    );
    await db
      .insertInto('pupils')
      .values([
        { id: 1, school_id: 1, name: 'Anna', active: 1 },
        { id: 2, school_id: 1, name: 'Babis', active: 0 },
        { id: 3, school_id: 2, name: 'Chara', active: 1 },
        { id: 4, school_id: 2, name: 'Dimitra', active: 1 },
      ])
      .execute();
  });
  afterAll(async () => {
    checkQueryShapes(true);
    await db.destroy();
  });

  const pupilsOf = (values: { schoolId: number; ids: number[] | null }) =>
    runShaped(db, 'pupils-of', values, (v) => {
      builds++;
      let query = db.selectFrom('pupils').select('name').where('school_id', '=', v.schoolId);
      if (v.ids !== null) query = query.where('id', 'in', v.ids);
      return query.orderBy('id');
    });

  it('builds a shape once and answers each call with its own values', async () => {
    checkQueryShapes(false);
    builds = 0;
    expect(await pupilsOf({ schoolId: 1, ids: null })).toEqual([
      { name: 'Anna' },
      { name: 'Babis' },
    ]);
    expect(await pupilsOf({ schoolId: 2, ids: null })).toEqual([
      { name: 'Chara' },
      { name: 'Dimitra' },
    ]);
    expect(builds).toBe(1);
  });

  it('makes a new shape where null or an array’s length changes the SQL', async () => {
    checkQueryShapes(false);
    builds = 0;
    expect(await pupilsOf({ schoolId: 2, ids: [4] })).toEqual([{ name: 'Dimitra' }]);
    expect(await pupilsOf({ schoolId: 2, ids: [3, 4] })).toEqual([
      { name: 'Chara' },
      { name: 'Dimitra' },
    ]);
    expect(await pupilsOf({ schoolId: 1, ids: [3, 4] })).toEqual([]);
    expect(builds).toBe(2);
  });

  it('refuses a shape with a value that did not come from its values', async () => {
    const schoolId = 1;
    await expect(
      runShaped(db, 'stray-value', {}, () =>
        db.selectFrom('pupils').select('name').where('school_id', '=', schoolId),
      ),
    ).rejects.toThrow(/parameter outside its values/);
  });

  it('when checking, catches a builder that branches on a value', async () => {
    checkQueryShapes(true);
    const activeOnly = (active: boolean) =>
      runShaped(db, 'branching', { active }, (v) => {
        const query = db.selectFrom('pupils').select('name');
        // Wrong: a stand-in is always truthy, so the shape would keep this branch for all.
        return v.active ? query.where('active', '=', sql.lit(1)) : query;
      });
    await expect(activeOnly(true)).resolves.toHaveLength(3);
    await expect(activeOnly(false)).rejects.toThrow(/does not match/);
  });

  it('keeps the shapes of each database apart (SQLite and PostgreSQL compile differently)', async () => {
    const executed: string[] = [];
    const postgres = new Kysely<Tables>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      log: (event) => {
        executed.push(event.query.sql);
      },
    });
    const names = (on: Kysely<Tables>) =>
      runShaped(on, 'names-in-school', { schoolId: 2 }, (v) =>
        on.selectFrom('pupils').select('name').where('school_id', '=', v.schoolId),
      );
    expect(await names(db)).toEqual([{ name: 'Chara' }, { name: 'Dimitra' }]);
    await names(postgres);
    expect(executed).toEqual(['select "name" from "pupils" where "school_id" = $1']);
  });

  it('keeps a null value as null, in a shape of its own', async () => {
    checkQueryShapes(true);
    const insert = (row: { id: number; school_id: number | null; name: string; active: number }) =>
      runShaped(db, 'insert-pupil', row, (v) => db.insertInto('pupils').values(v as never));
    await insert({ id: 10, school_id: null, name: 'Eleni', active: 1 });
    await insert({ id: 11, school_id: 3, name: 'Fotis', active: 1 });
    await insert({ id: 12, school_id: null, name: 'Giorgos', active: 0 });
    const rows = await db.selectFrom('pupils').selectAll().where('id', '>=', 10).execute();
    expect(rows).toEqual([
      { id: 10, school_id: null, name: 'Eleni', active: 1 },
      { id: 11, school_id: 3, name: 'Fotis', active: 1 },
      { id: 12, school_id: null, name: 'Giorgos', active: 0 },
    ]);
  });
});
