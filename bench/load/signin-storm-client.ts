// W3's load generator (its own process): sign-ins arrive on a schedule whose rate rises linearly
// over the ramp, whether or not earlier ones have been answered — as at 8:00, nobody waits for
// the others. Latency counts from the scheduled arrival, so a slow server cannot hide its queue.
import http from 'node:http';
import { reportToParent } from '../processes/child-script';

export interface SignInStormInput {
  url: string;
  usernames: string[];
  password: string;
  total: number;
  rampSeconds: number;
}

export interface SignInStormOutput {
  latenciesMs: number[];
  /** When the failures came, after their arrival: a time-out shows as one value. */
  failureLatenciesMs: number[];
  succeeded: number;
  /** Failures by kind ("HTTP 429", "ECONNRESET", …). */
  failures: Record<string, number>;
  /** From the first arrival to the last answer. */
  elapsedSeconds: number;
}

/** When the i-th of `total` arrivals happens if the rate grows linearly from 0 over the ramp. */
const arrivalSecond = (i: number, total: number, rampSeconds: number) =>
  rampSeconds * Math.sqrt(i / total);

function signIn(agent: http.Agent, url: URL, body: string): Promise<string | null> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return resolve(`HTTP ${response.statusCode}`);
          const parsed = JSON.parse(Buffer.concat(chunks).toString()) as {
            data?: { token?: string };
          };
          resolve(parsed.data?.token ? null : 'no token in the answer');
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end(body);
  });
}

async function storm(input: SignInStormInput): Promise<SignInStormOutput> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const endpoint = new URL('/api/account/login', input.url);
  const latenciesMs: number[] = [];
  const failureLatenciesMs: number[] = [];
  const failures: Record<string, number> = {};
  let succeeded = 0;
  let lastEnd = 0;
  const start = performance.now();
  const arrivals = Array.from({ length: input.total }, (_, i) => {
    const due = start + arrivalSecond(i, input.total, input.rampSeconds) * 1000;
    const username = input.usernames[i % input.usernames.length]!;
    const body = JSON.stringify({ username, password: input.password, remember_me: false });
    return new Promise<void>((resolve) => {
      setTimeout(async () => {
        const failure = await signIn(agent, endpoint, body);
        lastEnd = performance.now();
        latenciesMs.push(lastEnd - due);
        if (failure) {
          failures[failure] = (failures[failure] ?? 0) + 1;
          failureLatenciesMs.push(lastEnd - due);
        } else succeeded += 1;
        resolve();
      }, due - performance.now());
    });
  });
  await Promise.all(arrivals);
  agent.destroy();
  return {
    latenciesMs,
    failureLatenciesMs,
    succeeded,
    failures,
    elapsedSeconds: (lastEnd - start) / 1000,
  };
}

reportToParent(storm);
