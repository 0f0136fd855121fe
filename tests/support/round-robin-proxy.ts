import http from 'node:http';

export interface RoundRobinProxy {
  url: string;
  /** Answers each upstream gave, by upstream URL (what reached a node and came back). */
  answered: Map<string, number>;
  close(): Promise<void>;
}

// Hop-by-hop headers belong to one connection, not to the request or answer passed on.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);
const endToEnd = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/**
 * A small load balancer for process tests: sends each request to the next upstream in turn,
 * over kept-alive connections (as nginx or an ALB do), and passes the answer back. It does
 * not retry: when an upstream refuses the connection or drops it before answering, the
 * client gets a 502 with the envelope and an `X-Proxy-Error` header naming what happened,
 * and decides itself whether to try again.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const answered = new Map(upstreams.map((upstream) => [upstream, 0]));
  let next = 0;
  const server = http.createServer((request, response) => {
    const upstream = upstreams[next++ % upstreams.length]!;
    const forwarded = http.request(`${upstream}${request.url}`, {
      method: request.method,
      headers: endToEnd(request.headers),
      agent,
    });
    forwarded.on('response', (answer) => {
      answered.set(upstream, (answered.get(upstream) ?? 0) + 1);
      response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(response);
      // An answer cut off midway is passed on as a cut-off connection, never as complete.
      answer.on('close', () => {
        if (!answer.complete) response.destroy();
      });
    });
    forwarded.on('error', (error: NodeJS.ErrnoException) => {
      if (response.headersSent) return response.destroy();
      response.writeHead(502, {
        'Content-Type': 'application/json; charset=utf-8',
        'X-Proxy-Error': error.code ?? 'unknown',
      });
      response.end(
        JSON.stringify({
          status: 'error',
          error: 'bad_gateway',
          message: `upstream ${upstream}: ${error.code ?? error.message}`,
        }),
      );
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
