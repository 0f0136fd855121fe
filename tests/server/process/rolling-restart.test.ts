import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../support/built-server';
import {
  adminSchoolId,
  isDrainingAnswer,
  keepAliveAgent,
  type Outcome,
  sendRequest,
  signIn,
  within,
} from '../../support/raw-http';
import { type RoundRobinProxy, startRoundRobinProxy } from '../../support/round-robin-proxy';
import { dropPostgresSchema, freshSchemaName, readStoredLevels } from '../../support/stored-levels';

const WORKERS = 6;
// Writes done through each phase (both nodes up, A restarted, B restarted) before the next.
const WRITES_PER_PHASE = 30;
const MAX_ATTEMPTS = 200;

/** How one write ended for the client; anything but the first two is a failure. */
type WriteResult =
  | { name: string; how: 'created'; attempts: number }
  | { name: string; how: 'already-done'; attempts: number }
  | { name: string; how: 'failed'; attempts: number; last: Outcome };

interface Retries {
  draining: number;
  /** 503s without Retry-After or the envelope: retried like the others, but a defect. */
  improperUnavailable: number;
  badGateway: number;
  connectionErrors: number;
}

/**
 * Writes one level through the balancer until it is done, resending the same request:
 * - 200: created by this attempt.
 * - 503 with Retry-After and the envelope (a node draining): try again (another node).
 * - 502 from the balancer (a node refused or dropped the connection) or a connection error:
 *   try again. The write may or may not have been committed.
 * - 409 conflict on a retry: already done. The name is made of this run's random id and the
 *   write's own number, so no other write can hold it: only an earlier attempt of this very
 *   write, committed but whose answer was lost. (A 409 on the first attempt is a failure.)
 * The client waits at most half a second between attempts whatever Retry-After says: the
 * balancer sends the retry to the other node, which is not restarting.
 */
async function writeUntilDone(
  send: (name: string) => Promise<Outcome>,
  name: string,
  retries: Retries,
): Promise<WriteResult> {
  let last: Outcome | undefined;
  for (let attempts = 1; attempts <= MAX_ATTEMPTS; attempts++) {
    last = await send(name);
    if (last.kind === 'answer' && last.status === 200) return { name, how: 'created', attempts };
    if (last.kind === 'answer' && last.status === 409 && last.body?.error === 'conflict') {
      return attempts > 1
        ? { name, how: 'already-done', attempts }
        : { name, how: 'failed', attempts, last };
    }
    let waitMs = 100;
    if (isDrainingAnswer(last)) {
      retries.draining += 1;
      waitMs = Math.min(500, Number((last as { headers: any }).headers['retry-after']) * 1000);
    } else if (last.kind === 'answer' && last.status === 503) {
      retries.improperUnavailable += 1;
    } else if (last.kind === 'answer' && last.status === 502 && last.headers['x-proxy-error']) {
      retries.badGateway += 1;
    } else if (last.kind === 'connection-error') {
      retries.connectionErrors += 1;
    } else {
      return { name, how: 'failed', attempts, last };
    }
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
  return { name, how: 'failed', attempts: MAX_ATTEMPTS, last: last! };
}

const portOf = (url: string) => Number(new URL(url).port);

/**
 * Two API nodes on one PostgreSQL database behind a round-robin balancer; node A is
 * restarted (SIGTERM, drain, start again on the same port), then node B, while six clients
 * send a steady stream of writes and retry as above. No write is lost or made twice.
 *
 * PostgreSQL only. Two processes on one SQLite file do share it safely (WAL), but a write
 * transaction that read first (the engine checks references and unique fields before its
 * insert) fails at once with SQLITE_BUSY when the other process committed in between — the
 * busy timeout does not apply to that case — so the second node would answer some writes
 * with 500. The embedded SQLite setup is one node; several nodes mean PostgreSQL
 * (docs/operations.md).
 */
describe.skipIf(!process.env.DATABASE_URL?.startsWith('postgres'))(
  'a rolling restart of two nodes behind a balancer (postgres)',
  () => {
    it('loses no write and makes none twice while each node drains and restarts', async () => {
      const schema = freshSchemaName('roll');
      const run = Math.random().toString(36).slice(2, 8);
      const prefix = `Roll ${run} `;
      // With REDIS_URL the nodes share rate limits and real-time events, as in production.
      const redisPrefix = process.env.REDIS_URL ? `mathema-test:${schema}:` : undefined;
      const nodeOptions = { postgresSchema: schema, redisPrefix };
      const nodes: RunningServer[] = [];
      let proxy: RoundRobinProxy | undefined;
      const client: http.Agent = keepAliveAgent(WORKERS);
      try {
        // One after the other: the first migrates and seeds the schema.
        nodes.push(await startServer(nodeOptions));
        nodes.push(await startServer(nodeOptions));
        const upstreams = nodes.map((node) => node.url);
        proxy = await startRoundRobinProxy(upstreams);
        const balancer = proxy.url;
        const token = await signIn(balancer, client, 'admin@demo.school');
        const schoolId = await adminSchoolId(balancer, client, token);
        const send = (name: string) =>
          sendRequest({
            method: 'POST',
            url: `${balancer}/api/schools/${schoolId}/admin/levels`,
            headers: { Token: token },
            body: { name, sort_order: 7, description: `rolling ${run}` },
            agent: client,
          });

        const retries: Retries = {
          draining: 0,
          improperUnavailable: 0,
          badGateway: 0,
          connectionErrors: 0,
        };
        const results: WriteResult[] = [];
        let sequence = 0;
        let stopping = false;
        const workers = Array.from({ length: WORKERS }, async () => {
          while (!stopping)
            results.push(await writeUntilDone(send, `${prefix}${sequence++}`, retries));
        });
        const doneCount = () => results.filter((result) => result.how !== 'failed').length;
        const waitForWrites = async (count: number) => {
          const target = doneCount() + count;
          await within(
            60_000,
            `${count} more writes`,
            (async () => {
              while (doneCount() < target) {
                const failed = results.find((result) => result.how === 'failed');
                if (failed) throw new Error(`a write failed: ${JSON.stringify(failed)}`);
                await new Promise((resolve) => setTimeout(resolve, 25));
              }
            })(),
          );
        };

        await waitForWrites(WRITES_PER_PHASE);
        const exits = [];
        for (const index of [0, 1]) {
          const node = nodes[index]!;
          const answeredBefore = proxy.answered.get(node.url)!;
          node.signal('SIGTERM');
          exits.push(await within(30_000, `node ${index} to drain and exit`, node.exited));
          nodes[index] = await startServer({
            ...nodeOptions,
            port: portOf(node.url),
            dataDir: node.dataDir,
          });
          await waitForWrites(WRITES_PER_PHASE);
          // The restarted node is back in the rotation and serving.
          expect(proxy.answered.get(node.url)!).toBeGreaterThan(answeredBefore);
        }
        stopping = true;
        await within(60_000, 'the clients to finish', Promise.all(workers));

        expect(results.filter((result) => result.how === 'failed')).toEqual([]);
        expect(exits).toEqual([
          { code: 0, signal: null },
          { code: 0, signal: null },
        ]);
        // The restarts were felt: the clients met draining nodes or nodes that were down.
        expect(retries.draining + retries.badGateway + retries.connectionErrors).toBeGreaterThan(0);
        // A draining node always answered in the documented form.
        expect(retries.improperUnavailable).toBe(0);
        // And it never dropped a request it had taken: then the client would have resent a
        // committed write and met its 409. (Resets of idle kept-alive connections happen, but
        // carry requests the node never read.)
        expect(results.filter((result) => result.how === 'already-done')).toEqual([]);

        // Every write the clients consider done is stored exactly once, whole; nothing else.
        const stored = await readStoredLevels(
          { dataDir: nodes[0]!.dataDir, postgresSchema: schema },
          prefix,
        );
        const storedNames = stored.levels.map((level) => level.name).sort();
        expect(storedNames).toEqual(results.map((result) => result.name).sort());
        expect(stored.levels.filter((level) => level.audited !== 1)).toEqual([]);
        expect(stored.orphanAudits).toBe(0);
      } finally {
        client.destroy();
        await proxy?.close();
        for (const node of nodes) await node.stop();
        for (const node of nodes) await node.cleanUp();
        await dropPostgresSchema(schema);
      }
    }, 180_000);
  },
);
