// W1's load generator (its own process): autocannon keeping a fixed number of connections busy
// with list requests, walking through the pages in the same order against either server.
import autocannon from 'autocannon';
import { reportToParent } from '../processes/child-script';

export interface ListLoadInput {
  url: string;
  /** Path with `{page}` where the page number goes. */
  pathTemplate: string;
  pages: number;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface ListLoadOutput {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Answers other than 2xx, and connection errors or timeouts. */
  failures: number;
  requests: number;
}

async function load(input: ListLoadInput): Promise<ListLoadOutput> {
  let next = 0;
  const result = await autocannon({
    url: input.url,
    connections: input.connections,
    duration: input.seconds,
    headers: input.headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const page = (next % input.pages) + 1;
          next += 1;
          return { ...request, path: input.pathTemplate.replace('{page}', String(page)) };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    failures: result.non2xx + result.errors,
    requests: result.requests.total,
  };
}

reportToParent(load);
