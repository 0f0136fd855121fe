import http from 'node:http';

/** What one HTTP exchange ended in: an answer, or a failure of the connection itself. */
export type Outcome =
  | { kind: 'answer'; status: number; headers: http.IncomingHttpHeaders; body: any }
  | { kind: 'connection-error'; code: string };

export interface RawRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  agent: http.Agent;
  /** Gives up on a request that gets no answer at all, so that a test never hangs. */
  timeoutMs?: number;
  /**
   * Sends the head and half the body, and the rest only when this resolves: a request the
   * server has started on but cannot finish yet (a slow client, a large upload).
   */
  holdBodyUntil?: Promise<void>;
}

/**
 * One request over node:http rather than fetch: process tests need to tell a refused
 * connection from a reset one, and to control keep-alive through their own agent.
 */
export function sendRequest(request: RawRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers: Record<string, string> = { ...request.headers };
    if (payload !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(payload));
    }
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const outgoing = http.request(request.url, {
      method: request.method,
      headers,
      agent: request.agent,
    });
    outgoing.setTimeout(request.timeoutMs ?? 30_000, () => {
      outgoing.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' }));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      settle({ kind: 'connection-error', code: error.code ?? error.message }),
    );
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error: NodeJS.ErrnoException) =>
        settle({ kind: 'connection-error', code: error.code ?? error.message }),
      );
      response.on('end', () => {
        // A body cut short by a closing connection is a failed exchange, not an answer.
        if (!response.complete) return settle({ kind: 'connection-error', code: 'ABORTED' });
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: keep the text for the assertion message
        }
        settle({
          kind: 'answer',
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
        });
      });
    });
    if (request.holdBodyUntil && payload !== undefined) {
      const bytes = Buffer.from(payload);
      const half = Math.floor(bytes.length / 2);
      outgoing.write(bytes.subarray(0, half));
      void request.holdBodyUntil.then(() => outgoing.end(bytes.subarray(half)));
    } else {
      outgoing.end(payload);
    }
  });
}

/** A keep-alive agent: requests reuse connections, as browsers and load balancers do. */
export const keepAliveAgent = (maxSockets: number) =>
  new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });

/** Signs in over `agent` and returns the session token. */
export async function signIn(baseUrl: string, agent: http.Agent, email: string): Promise<string> {
  const outcome = await sendRequest({
    method: 'POST',
    url: `${baseUrl}/api/account/login`,
    body: { username: email, password: 'demo-password', platform: 'test', remember_me: false },
    agent,
  });
  if (outcome.kind !== 'answer' || outcome.status !== 200)
    throw new Error(`sign-in failed: ${JSON.stringify(outcome)}`);
  return outcome.body.data.token;
}

/** The id of the school where the signed-in person is an admin. */
export async function adminSchoolId(
  baseUrl: string,
  agent: http.Agent,
  token: string,
): Promise<number> {
  const outcome = await sendRequest({
    method: 'GET',
    url: `${baseUrl}/api/account/schools`,
    headers: { Token: token },
    agent,
  });
  if (outcome.kind !== 'answer' || outcome.status !== 200)
    throw new Error(`schools failed: ${JSON.stringify(outcome)}`);
  return outcome.body.data.find((entry: any) => entry.role === 'admin').school_id;
}

/**
 * A draining server's answer as DESIGN.md promises it: 503, a Retry-After in whole seconds,
 * and the error envelope with the `unavailable` code (not a bare proxy or framework 503).
 */
export function isDrainingAnswer(outcome: Outcome): boolean {
  return (
    outcome.kind === 'answer' &&
    outcome.status === 503 &&
    /^[1-9][0-9]*$/.test(String(outcome.headers['retry-after'] ?? '')) &&
    outcome.body?.status === 'error' &&
    outcome.body?.error === 'unavailable' &&
    typeof outcome.body?.message === 'string'
  );
}

/** Waits for `promise` at most `ms`; rejects with `what` after that, so no test hangs. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
