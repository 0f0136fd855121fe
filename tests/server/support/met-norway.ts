import http from 'node:http';

export interface MetRequest {
  userAgent: string | undefined;
  ifModifiedSince: string | undefined;
  url: string;
}

/**
 * A stand-in for MET Norway's Locationforecast 2.0 compact endpoint: refuses calls without
 * an identifying User-Agent (as the real one does), honours If-Modified-Since with 304.
 */
export async function startMetNorwayStandIn(options: { days: number; expiresInMs?: number }) {
  const requests: MetRequest[] = [];
  const lastModified = 'Fri, 20 Nov 2026 06:00:00 GMT';
  let down = false;
  const start = Date.UTC(2026, 10, 20, 0, 0, 0);
  const timeseries = Array.from({ length: options.days * 24 }, (_, h) => ({
    time: new Date(start + h * 3_600_000).toISOString(),
    data: {
      instant: {
        details: {
          air_temperature: 10 + (h % 24) / 2 + Math.floor(h / 24),
          wind_speed: 2 + (h % 5),
        },
      },
      next_1_hours: { summary: { symbol_code: 'cloudy' } },
      ...(h % 24 === 10 ? { next_12_hours: { summary: { symbol_code: 'clearsky_day' } } } : {}),
    },
  }));
  const server = http.createServer((request, response) => {
    requests.push({
      userAgent: request.headers['user-agent'],
      ifModifiedSince: request.headers['if-modified-since'],
      url: request.url ?? '',
    });
    if (down) {
      response.writeHead(503).end();
      return;
    }
    const ua = request.headers['user-agent'] ?? '';
    if (!/^Mathema\/\S+ \S+/.test(ua)) {
      response.writeHead(403).end('identify yourself');
      return;
    }
    const expires = new Date(Date.now() + (options.expiresInMs ?? 0)).toUTCString();
    if (request.headers['if-modified-since'] === lastModified) {
      response.writeHead(304, { Expires: expires, 'Last-Modified': lastModified }).end();
      return;
    }
    response
      .writeHead(200, {
        'Content-Type': 'application/json',
        Expires: expires,
        'Last-Modified': lastModified,
      })
      .end(JSON.stringify({ type: 'Feature', properties: { timeseries } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/weatherapi/locationforecast/2.0/compact`,
    requests,
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
