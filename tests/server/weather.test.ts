import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { startMetNorwayStandIn } from './support/met-norway';
import { startServer, type TestServer } from './support/server';

type MetStandIn = Awaited<ReturnType<typeof startMetNorwayStandIn>>;

describe('the Athens weather route', () => {
  let met: MetStandIn;
  let server: TestServer;
  let api: ApiClient;
  let token: string;

  beforeAll(async () => {
    met = await startMetNorwayStandIn({ days: 10 });
    server = await startServer('sqlite', {
      env: { WEATHER_URL: met.url, WEATHER_CONTACT: 'it@school.example' },
    });
    api = apiClient(server.url);
    token = await api.login('student@demo.school');
  });
  afterAll(async () => {
    await server.close();
    await met.close();
  });

  it('needs a signed-in user', async () => {
    expect((await api.get('/weather')).status).toBe(401);
  });

  it('folds the forecast into at most 8 Athens days, with an identifying User-Agent', async () => {
    const response = await api.get('/weather', token);
    expect(response.status).toBe(200);
    const weather = response.body.data;
    expect(weather.days.length).toBe(8);
    expect(weather.attribution).toContain('MET Norway');
    expect(weather.days[1]).toMatchObject({ date: '2026-11-21', symbol_code: 'clearsky_day' });
    expect(weather.days[1].max_temperature).toBeGreaterThan(weather.days[1].min_temperature);
    expect(met.requests[0]!.userAgent).toBe('Mathema/9.9.9-test it@school.example');
    expect(met.requests[0]!.url).toContain('lat=37.9838&lon=23.7275');
  });

  it('revalidates with If-Modified-Since and keeps the data on 304', async () => {
    const before = met.requests.length;
    const response = await api.get('/weather', token);
    expect(met.requests.length).toBe(before + 1);
    expect(met.requests.at(-1)!.ifModifiedSince).toBe('Fri, 20 Nov 2026 06:00:00 GMT');
    expect(response.body.data.days.length).toBe(8);
  });

  it('keeps the last forecast when the service is down', async () => {
    met.setDown(true);
    const response = await api.get('/weather', token);
    expect(response.status).toBe(200);
    expect(response.body.data.days.length).toBe(8);
    met.setDown(false);
  });

  it("answers with no days ('No Data') when the service was never reachable", async () => {
    const offline = await startServer('sqlite', {
      env: { WEATHER_URL: 'http://127.0.0.1:9/nothing' },
    });
    const client = apiClient(offline.url);
    const response = await client.get('/weather', await client.login('student@demo.school'));
    expect(response.body.data.days).toEqual([]);
    await offline.close();
  });
});
