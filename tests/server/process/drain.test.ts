import http from 'node:http';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '../../../src/shared/realtime';
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
import { dropPostgresSchema, freshSchemaName, readStoredLevels } from '../../support/stored-levels';
import { databaseKinds } from '../support/server';

const BATCH = 400;
const SLOW_WRITES = 5;
const SIGTERM_AFTER_ACKNOWLEDGEMENTS = 20;
// How long the slow writes hold their bodies back after SIGTERM. Not a speed assertion: it
// only keeps the drain open for a while, so that requests arriving meanwhile meet it.
const HOLD_AFTER_SIGTERM_MS = 400;

const isSuccess = (outcome: Outcome) => outcome.kind === 'answer' && outcome.status === 200;

/**
 * SIGTERM while writes are in flight: 400 on kept-alive connections (as a load balancer keeps
 * them) and 5 whose bodies are still arriving (slow clients, which the server has certainly
 * started on), and with real-time clients connected (one long-polling, one on a websocket).
 * The requests in flight finish with 200; requests that arrive during the drain
 * get 503 with Retry-After and the error envelope; the process exits 0 by itself; a restart
 * finds every acknowledged write, once.
 */
describe.each(databaseKinds)('SIGTERM under load (%s)', (kind) => {
  it('finishes the requests in flight, turns new ones away with 503, loses nothing', async () => {
    const schema = kind === 'postgres' ? freshSchemaName('drain') : undefined;
    const run = Math.random().toString(36).slice(2, 8);
    const prefix = `Drain ${run} `;
    let restarted: RunningServer | undefined;
    const server = await startServer({ postgresSchema: schema });
    const agent = keepAliveAgent(BATCH);
    const slowAgent = keepAliveAgent(SLOW_WRITES);
    const fresh = new http.Agent({ keepAlive: false });
    const sockets: Socket[] = [];
    try {
      const token = await signIn(server.url, agent, 'admin@demo.school');
      const schoolId = await adminSchoolId(server.url, agent, token);
      // Open real-time connections must not hold the drain up: a long poll never ends by
      // itself, and a websocket is no HTTP request at all.
      for (const transport of ['polling', 'websocket'] as const) {
        const socket = connectSocket(server.url, {
          path: REALTIME_PATH,
          auth: { token },
          transports: [transport],
          forceNew: true,
          reconnection: false,
        });
        sockets.push(socket);
        await within(
          20_000,
          `a ${transport} socket to connect`,
          new Promise<void>((resolve, reject) => {
            socket.once('connect', resolve);
            socket.once('connect_error', reject);
          }),
        );
      }
      const acknowledged = new Set<string>();
      const write = async (name: string, via: http.Agent, holdBodyUntil?: Promise<void>) => {
        const outcome = await sendRequest({
          method: 'POST',
          url: `${server.url}/api/schools/${schoolId}/admin/levels`,
          headers: { Token: token },
          body: { name, sort_order: 1, description: 'drain test' },
          agent: via,
          holdBodyUntil,
        });
        if (isSuccess(outcome)) acknowledged.add(name);
        return outcome;
      };

      let releaseBodies = () => {};
      const bodiesReleased = new Promise<void>((resolve) => (releaseBodies = resolve));
      const slow = Promise.all(
        Array.from({ length: SLOW_WRITES }, (_, index) =>
          write(`${prefix}slow ${index}`, slowAgent, bodiesReleased),
        ),
      );
      // Open the batch's connections first, so that its writes all go out at once on
      // connections the server holds; the round trips also let the server read the heads of
      // the slow writes.
      await Promise.all(
        Array.from({ length: BATCH }, () =>
          sendRequest({ method: 'GET', url: `${server.url}/api/health`, agent }),
        ),
      );

      let acknowledgements = 0;
      let outstandingAtSigterm = -1;
      let sigtermSent = false;
      // A bound, not a speed measure: a drain that waited for the real-time clients' long
      // polls would end only at their 25-second ping or at the drain timeout.
      let drained: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
      const batch = Promise.all(
        Array.from({ length: BATCH }, async (_, index) => {
          const outcome = await write(`${prefix}${index}`, agent);
          if (isSuccess(outcome) && ++acknowledgements === SIGTERM_AFTER_ACKNOWLEDGEMENTS) {
            outstandingAtSigterm = BATCH - acknowledgements;
            server.signal('SIGTERM');
            sigtermSent = true;
            drained = within(15_000, 'the drain to end', server.exited);
            setTimeout(releaseBodies, HOLD_AFTER_SIGTERM_MS);
          }
          return outcome;
        }),
      );

      // Requests that arrive during the drain, both on kept-alive connections and on new
      // ones, until the process is gone.
      let exited = false;
      void server.exited.then(() => (exited = true));
      const late: Outcome[] = [];
      const lateRequests = (async () => {
        while (!sigtermSent) await new Promise((resolve) => setTimeout(resolve, 5));
        for (let index = 0; !exited && index < 500; index += 2) {
          late.push(
            ...(await Promise.all([
              write(`${prefix}late ${index}`, agent),
              write(`${prefix}late ${index + 1}`, fresh),
            ])),
          );
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();

      const slowOutcomes = await within(60_000, 'the slow writes', slow);
      const batchOutcomes = await within(60_000, 'the batch', batch);
      const end = await drained!;
      await lateRequests;

      expect(outstandingAtSigterm).toBeGreaterThan(0);
      // The slow writes were under way when SIGTERM came, and were finished, not cut.
      expect(slowOutcomes.filter((outcome) => !isSuccess(outcome))).toEqual([]);
      // No write of the batch was cut off: each got a success or (one the server had not
      // started yet) a proper 503.
      const unanswered = batchOutcomes.filter(
        (outcome) => !isSuccess(outcome) && !isDrainingAnswer(outcome),
      );
      expect(unanswered).toEqual([]);
      // During the drain new requests were turned away with the envelope and Retry-After.
      expect(late.filter(isDrainingAnswer).length).toBeGreaterThan(0);
      // Besides, a late request may have been refused (the server no longer listening) or, at
      // the very moment the server closed an idle kept-alive connection, reset: HTTP/1.1 has
      // no way to warn a client that is sending just then. Neither was taken. Any other
      // answer (a 500, a bare 503) is a failure.
      const otherwise = late.filter(
        (outcome) =>
          !isDrainingAnswer(outcome) &&
          !isSuccess(outcome) &&
          !(
            outcome.kind === 'connection-error' && /^(ECONNREFUSED|ECONNRESET)$/.test(outcome.code)
          ),
      );
      expect(otherwise).toEqual([]);
      expect(end, server.output().slice(-2000)).toEqual({ code: 0, signal: null });

      // Every acknowledged write is there after a restart, once, with its audit entry.
      restarted = await startServer({ dataDir: server.dataDir, postgresSchema: schema });
      await restarted.stop();
      const stored = await readStoredLevels(
        { dataDir: server.dataDir, postgresSchema: schema },
        prefix,
      );
      const storedNames = stored.levels.map((level) => level.name);
      expect([...acknowledged].filter((name) => !storedNames.includes(name))).toEqual([]);
      expect(new Set(storedNames).size).toBe(storedNames.length);
      expect(stored.levels.filter((level) => level.audited !== 1)).toEqual([]);
    } finally {
      sockets.forEach((socket) => socket.close());
      agent.destroy();
      slowAgent.destroy();
      fresh.destroy();
      await restarted?.stop();
      await server.cleanUp();
      if (schema) await dropPostgresSchema(schema);
    }
  }, 120_000);
});
