import type { Weather, WeatherDay } from '../../shared/api/weather';
import { WEATHER_LOCATION, WEATHER_MAX_DAYS } from '../../shared/constants';

export interface WeatherClient {
  forecast(): Promise<Weather>;
}

interface TimeStep {
  time: string;
  data: {
    instant?: { details?: { air_temperature?: number; wind_speed?: number } };
    next_1_hours?: { summary?: { symbol_code?: string } };
    next_12_hours?: { summary?: { symbol_code?: string } };
  };
}

const ATTRIBUTION = 'Weather data from MET Norway (CC BY 4.0)';
const TIME_ZONE = 'Europe/Athens';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  hour12: false,
});

/** Folds MET Norway's hourly steps into Athens calendar days: min/max, wind, a midday symbol. */
export function foldIntoDays(timeseries: TimeStep[]): WeatherDay[] {
  const days = new Map<
    string,
    { temps: number[]; winds: number[]; symbol: string | null; symbolDistance: number }
  >();
  for (const step of timeseries) {
    const when = new Date(step.time);
    if (Number.isNaN(when.getTime())) continue;
    const date = dayFormat.format(when);
    const details = step.data.instant?.details ?? {};
    const day = days.get(date) ?? { temps: [], winds: [], symbol: null, symbolDistance: Infinity };
    if (typeof details.air_temperature === 'number') day.temps.push(details.air_temperature);
    if (typeof details.wind_speed === 'number') day.winds.push(details.wind_speed);
    const symbol =
      step.data.next_12_hours?.summary?.symbol_code ?? step.data.next_1_hours?.summary?.symbol_code;
    const distance = Math.abs(Number(hourFormat.format(when)) - 12);
    if (symbol && distance < day.symbolDistance) {
      day.symbol = symbol;
      day.symbolDistance = distance;
    }
    days.set(date, day);
  }
  return [...days.entries()]
    .filter(([, d]) => d.temps.length > 0)
    .slice(0, WEATHER_MAX_DAYS)
    .map(([date, d]) => ({
      date,
      min_temperature: Math.min(...d.temps),
      max_temperature: Math.max(...d.temps),
      max_wind_speed: d.winds.length ? Math.max(...d.winds) : 0,
      symbol_code: d.symbol,
    }));
}

/**
 * MET Norway Locationforecast 2.0 client: identifying User-Agent, If-Modified-Since with
 * the last Last-Modified, and no call at all before the answer's Expires. The cache is
 * per node on purpose: it only saves calls, no other node depends on it.
 */
export function createWeatherClient(options: {
  baseUrl: string;
  userAgent: string;
  logger: { warn(o: object, m: string): void };
  now?: () => number;
  fetchImpl?: typeof fetch;
}): WeatherClient {
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetchImpl ?? fetch;
  let cached: { weather: Weather; lastModified: string | null; expiresAt: number } | null = null;
  const empty = (): Weather => ({
    location: 'Athens',
    updated_at: null,
    days: [],
    attribution: ATTRIBUTION,
  });

  return {
    async forecast() {
      if (cached && cached.expiresAt > now()) return cached.weather;
      const url = `${options.baseUrl}?lat=${WEATHER_LOCATION.latitude}&lon=${WEATHER_LOCATION.longitude}`;
      const headers: Record<string, string> = {
        'User-Agent': options.userAgent,
        Accept: 'application/json',
      };
      if (cached?.lastModified) headers['If-Modified-Since'] = cached.lastModified;
      try {
        const response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(10_000) });
        const expires = Date.parse(response.headers.get('expires') ?? '');
        const expiresAt = Number.isNaN(expires) ? now() + 30 * 60 * 1000 : expires;
        if (response.status === 304 && cached) {
          cached.expiresAt = expiresAt;
          return cached.weather;
        }
        if (!response.ok) throw new Error(`MET Norway answered ${response.status}`);
        const body = (await response.json()) as { properties?: { timeseries?: TimeStep[] } };
        const lastModified = response.headers.get('last-modified');
        const weather: Weather = {
          location: 'Athens',
          updated_at: lastModified ? new Date(lastModified).toISOString() : null,
          days: foldIntoDays(body.properties?.timeseries ?? []),
          attribution: ATTRIBUTION,
        };
        cached = { weather, lastModified, expiresAt };
        return weather;
      } catch (err) {
        options.logger.warn({ err: String(err) }, 'weather forecast unavailable');
        return cached?.weather ?? empty();
      }
    },
  };
}
