import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/shared/constants';
import { RESOURCES } from '../../../src/shared/resources';
import { servedEndpoints } from '../../../src/server/http/route';
import { apiClient } from '../support/client';
import { schoolHash } from '../support/school-hash';
import { databaseKinds, startServer, type TestServer } from '../support/server';
import {
  BAD_IDS,
  closeConnections,
  BAD_ROLES,
  bodyFor,
  deeplyNested,
  multipartAttacks,
  nastyString,
  problemWith,
  schemaKeys,
  send,
  validXlsx,
  type Endpoint,
  type RawRequest,
} from './support';

/**
 * The route fuzz test: generated from the route registry (servedEndpoints), so that every
 * endpoint the app serves gets malformed paths, queries, headers and bodies, from callers
 * of both demo schools in every role. Every answer must be a 4xx (or a success) in the
 * envelope, and the school the caller does not belong to must be unchanged.
 *
 * `npm test` runs a bounded, reproducible run (fixed seed); `npm run fuzz` sets FUZZ_RUNS
 * for a longer run with a random seed, printed so that a failure can be replayed with
 * FUZZ_SEED.
 */
const LONG_RUN = Number(process.env.FUZZ_RUNS ?? 0);
const RUNS = LONG_RUN > 0 ? LONG_RUN : 600;
const SEED =
  Number(process.env.FUZZ_SEED ?? 0) ||
  (LONG_RUN > 0 ? Math.floor(Math.random() * 2 ** 31) : 20260611);

interface Caller {
  label: string;
  token: string | null;
  /** Schools this login belongs to. */
  schools: number[];
}

describe.each(databaseKinds)('route fuzz on %s', (kind) => {
  let server: TestServer;
  let endpoints: readonly Endpoint[];
  let xlsx: Buffer;
  const ids = new Map<number, number[]>();
  /** A record of school 1 per resource, for the structural attacks on `:id`. */
  const recordIds = new Map<string, number>();
  let sent = 0;
  const failures = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer(kind);
    endpoints = servedEndpoints(server.built.app);
    xlsx = await validXlsx();
    const db = server.built.deps.db;
    for (const school of [1, 2]) {
      const rows = await db
        .selectFrom('levels')
        .select('id')
        .where('school_id', '=', school)
        .orderBy('id')
        .limit(2)
        .execute();
      const people = await db
        .selectFrom('memberships')
        .select('id')
        .where('school_id', '=', school)
        .orderBy('id')
        .limit(2)
        .execute();
      ids.set(
        school,
        [...rows, ...people].map((r) => r.id),
      );
    }
    for (const resource of Object.values(RESOURCES)) {
      if (resource.custom) continue;
      let query = db
        .selectFrom(resource.table as 'levels')
        .select('id')
        .where('school_id', '=', 1);
      if (resource.people) query = query.where('role' as never, '=', resource.people.role as never);
      const row = await query.orderBy('id', 'desc').executeTakeFirst();
      if (row) recordIds.set(resource.name, row.id);
    }
    const someone = await db
      .selectFrom('memberships')
      .select('user_id')
      .where('school_id', '=', 1)
      .where('role', '=', 'student')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    recordIds.set('users', someone.user_id);
    console.log(`route fuzz on ${kind}: ${endpoints.length} endpoints, seed ${SEED}`);
  });
  afterAll(async () => {
    closeConnections();
    // Requests refused early (413 before the body was read) may leave sockets half-read.
    server?.built.app.server.closeAllConnections();
    await server?.close();
  });

  /** Sends one request and records the rule it breaks, once per endpoint and attack. */
  async function attempt(endpoint: Endpoint, request: RawRequest) {
    const response = await send(server.url, request);
    sent++;
    const problem = problemWith(request, response);
    if (problem) {
      const key = `${endpoint.method} ${endpoint.path} — ${request.attack}`;
      if (!failures.has(key))
        failures.set(
          key,
          `${problem.slice(0, 160)} (${request.method} ${request.path.slice(0, 120)})`,
        );
    }
    return response;
  }

  function pathOf(endpoint: Endpoint, values: Record<string, string>): string {
    return `/api${endpoint.path.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? '1')}`;
  }

  async function callers(logins: { login: string; schools: number[] }[]): Promise<Caller[]> {
    const api = apiClient(server.url);
    const result: Caller[] = [{ label: 'anonymous', token: null, schools: [] }];
    for (const { login, schools } of logins)
      result.push({ label: login, token: await api.login(login), schools });
    return result;
  }

  it('answers every malformed request to every endpoint in the envelope, below 500', async () => {
    const started = performance.now();
    const admin = await apiClient(server.url).login('admin@demo.school');
    const before = await schoolHash(server.built.deps.db, 2, kind);
    const [level] = ids.get(1)!;
    const json = { 'Content-Type': 'application/json', Token: admin };

    // Every endpoint gets each structural attack, as an admin of Athens.
    for (const endpoint of endpoints) {
      const resourceName = /^\/schools\/:school_id\/:role\/([\w-]+)/.exec(endpoint.path)?.[1] ?? '';
      const good = {
        school_id: '1',
        role: 'admin',
        id: String(recordIds.get(resourceName) ?? level),
      };
      if (endpoint.path === '/account/logout') continue; // would end the admin's session
      for (const name of endpoint.path.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []) {
        for (const bad of name === 'role' ? BAD_ROLES : BAD_IDS)
          await attempt(endpoint, {
            method: endpoint.method,
            path: pathOf(endpoint, { ...good, [name]: bad }),
            headers: { Token: admin },
            attack: `path ${name}=${JSON.stringify(bad)}`,
          });
      }
      const path = pathOf(endpoint, good);
      for (const [attack, query] of [
        ['empty and huge numbers', 'page=&per_page=1e309'],
        ['wrong enums', 'sort=%3Bdrop&order=sideways&format=xml&commit=maybe&roles=root,root'],
        ['NUL and controls', 'search=a%00b&name=%01'],
        ['repeated keys', 'page=1&page=2&search=a&search=b'],
        ['bracket arrays', 'page[]=1&search[a]=1'],
        ['bad percent-encoding', 'search=%&page=%zz'],
        ['huge search', `search=${'x'.repeat(6000)}`],
      ])
        await attempt(endpoint, {
          method: endpoint.method,
          path: `${path}?${query}`,
          headers: { Token: admin },
          attack: `query ${attack}`,
        });
      for (const [attack, header] of [
        ['mockinguserid beyond 64 bits', { mockinguserid: '18446744073709551616' }],
        ['mockinguserid negative', { mockinguserid: '-5' }],
        ['mockinguserid text', { mockinguserid: '1 OR 1=1' }],
        ['token of 10 kB', { Token: 'x'.repeat(10_000) }],
        ['whitelabel injection', { whitelabel: "' OR 1=1 --" }],
      ] as const)
        await attempt(endpoint, {
          method: endpoint.method,
          path,
          headers: { Token: admin, ...header },
          attack: `header ${attack}`,
        });
      if (endpoint.method === 'GET') continue;
      const bodies: [string, Record<string, string>, string | Buffer][] = [
        ['invalid JSON', json, '{"name": '],
        ['a JSON string', json, '"text"'],
        ['an array for an object', json, '[{"name":"x"}]'],
        ['JSON nested 10,000 deep', json, deeplyNested(10_000)],
        [
          'deep JSON in a field',
          json,
          `{"name":${deeplyNested(10_000)},"settings":{"translations":${deeplyNested(10_000)}}}`,
        ],
        ['NUL in a field', json, '{"name":"a\\u0000b","title":"\\u0000","first_name":"\\u0000"}'],
        ['__proto__ key', json, '{"__proto__":{"admin":true},"name":"x"}'],
        ['oversized body', json, `{"name":"${'x'.repeat(1100 * 1024)}"}`],
        ['text/plain', { ...json, 'Content-Type': 'text/plain' }, '{"name":"x"}'],
        ['xml', { ...json, 'Content-Type': 'application/xml' }, '<a/>'],
        ['form', { ...json, 'Content-Type': 'application/x-www-form-urlencoded' }, 'name=x'],
        ['JSON in latin1', { ...json, 'Content-Type': 'application/json; charset=latin1' }, '{}'],
        ['no content type', { Token: admin }, '{"name":"x"}'],
      ];
      // Each declared field alone: null, empty, repeated items, NUL, a huge number.
      for (const key of schemaKeys(endpoint.body))
        for (const [attack, value] of [
          ['null', null],
          ['empty', ''],
          ['repeated items', ['client', 'client']],
          ['repeated ids', [1, 1]],
          ['a thousand items', Array.from({ length: 1000 }, () => 'client')],
          ['huge number', 1e308],
        ] as const)
          bodies.push([`field ${key} ${attack}`, json, JSON.stringify({ [key]: value })]);
      for (const multipart of multipartAttacks(xlsx))
        bodies.push([
          multipart.name,
          { Token: admin, 'Content-Type': multipart.type },
          multipart.body,
        ]);
      if (endpoint.path.endsWith('/import') || endpoint.path.endsWith('/logo'))
        bodies.push([
          'a 20 MiB upload',
          { Token: admin, 'Content-Type': 'multipart/form-data; boundary=zzz' },
          Buffer.concat([
            Buffer.from(
              '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n',
            ),
            Buffer.alloc(20 * 1024 * 1024, 'a'),
            Buffer.from('\r\n--zzz--\r\n'),
          ]),
        ]);
      for (const [attack, headers, body] of bodies)
        await attempt(endpoint, { method: endpoint.method, path, headers, body, attack });
    }
    const sweepMs = performance.now() - started;

    // Generated calls from every caller of Athens, in every role, into both schools.
    const athens = await callers([
      { login: 'admin@demo.school', schools: [1, 2] },
      { login: 'teacher@demo.school', schools: [1] },
      { login: 'student@demo.school', schools: [1] },
      { login: 'parent@demo.school', schools: [1] },
      { login: 'secretary@demo.school', schools: [1] },
    ]);
    await generatedCalls(athens, 2);
    expect(await schoolHash(server.built.deps.db, 2, kind)).toBe(before);

    // And from callers of Thessaloniki into Athens.
    const athensBefore = await schoolHash(server.built.deps.db, 1, kind);
    const db = server.built.deps.db;
    const logins = await db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.email', 'memberships.role'])
      .where('memberships.school_id', '=', 2)
      .where('users.email', 'not like', '%@demo.school')
      .orderBy('memberships.id')
      .execute();
    const thessaloniki = await callers([
      { login: 'admin@demo.school', schools: [1, 2] },
      ...['teacher', 'student', 'client'].flatMap((role) => {
        const found = logins.find((l) => l.role === role);
        return found?.email ? [{ login: found.email, schools: [2] }] : [];
      }),
    ]);
    await generatedCalls(thessaloniki, 1);
    expect(await schoolHash(server.built.deps.db, 1, kind)).toBe(athensBefore);

    const seconds = (performance.now() - started) / 1000;
    console.log(
      `route fuzz on ${kind}: ${sent} requests in ${seconds.toFixed(1)} s (sweep ${(sweepMs / 1000).toFixed(1)} s), seed ${SEED}`,
    );
    expect([...failures].map(([key, problem]) => `${key}: ${problem}`)).toEqual([]);
  }, 600_000);

  /**
   * Generated calls that must leave `foreign` unchanged: a caller who is a member of it is
   * kept to its other school (where its writes may change things), everyone else goes anywhere.
   */
  async function generatedCalls(callerList: Caller[], foreign: number) {
    const targets = endpoints.filter((e) => e.path !== '/account/logout');
    await fc.assert(
      fc.asyncProperty(
        fc
          .record({
            endpoint: fc.constantFrom(...targets),
            caller: fc.constantFrom(...callerList),
            school: fc.constantFrom(1, 2),
            role: fc.constantFrom(...ROLES),
            idIndex: fc.nat(3),
            idSchool: fc.constantFrom(1, 2),
            body: fc.option(fc.constant(null), { nil: undefined }),
            query: fc.dictionary(
              fc.constantFrom(
                'page',
                'per_page',
                'search',
                'sort',
                'order',
                'format',
                'roles',
                'commit',
              ),
              nastyString,
              { maxKeys: 3 },
            ),
            mock: fc.option(
              fc.constantFrom('1', '2', '5', '150', '-1', '18446744073709551616', 'x'),
              { nil: undefined },
            ),
          })
          .chain((call) =>
            bodyFor(schemaKeys(call.endpoint.body)).map((body) => ({ ...call, body })),
          ),
        async ({ endpoint, caller, school, role, idIndex, idSchool, body, query, mock }) => {
          const pathSchool = caller.schools.includes(foreign) ? otherThan(foreign) : school;
          const id = String(ids.get(idSchool)![idIndex] ?? 1);
          const search = new URLSearchParams();
          for (const [key, value] of Object.entries(query)) search.append(key, wellFormed(value));
          const headers: Record<string, string> = {};
          if (caller.token) headers.Token = caller.token;
          if (mock) headers.mockinguserid = mock;
          let payload: string | undefined;
          if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') {
            headers['Content-Type'] = 'application/json';
            payload = JSON.stringify(body);
          }
          await attempt(endpoint, {
            method: endpoint.method,
            path: `${pathOf(endpoint, { school_id: String(pathSchool), role, id })}?${search}`,
            headers,
            body: payload,
            attack: `generated call by ${caller.label}`,
          });
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }
});

const otherThan = (school: number) => (school === 1 ? 2 : 1);

/** Lone surrogates cannot be percent-encoded; the fuzz sends their replacement instead. */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');
