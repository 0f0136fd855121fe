import { z } from 'zod';
import { endpoint } from './endpoint';

/** One day of the Athens forecast, folded from MET Norway's hourly time series. */
export const weatherDay = z.object({
  date: z.string(),
  min_temperature: z.number(),
  max_temperature: z.number(),
  max_wind_speed: z.number(),
  /** MET Norway symbol code for the day (next_12_hours around noon, else next_1_hours). */
  symbol_code: z.string().nullable(),
});
export type WeatherDay = z.infer<typeof weatherDay>;

export const weather = z.object({
  location: z.string(),
  /** When MET Norway last changed the forecast (its Last-Modified), ISO-8601. */
  updated_at: z.string().nullable(),
  /** At most 8 days; empty when the service could not be reached ('No Data'). */
  days: z.array(weatherDay),
  attribution: z.string(),
});
export type Weather = z.infer<typeof weather>;

export const weatherEndpoints = {
  weather: endpoint({
    method: 'GET',
    path: '/weather',
    access: 'user',
    summary: 'The Athens forecast for the tools menu, from MET Norway, cached by the server.',
    response: weather,
  }),
};
