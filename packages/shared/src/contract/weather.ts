import { z } from 'zod';
import { defineCalls } from './define';

/**
 * The weather widget's call (docs/requirements/widgets.md §4.6): the server asks a weather provider
 * over its HTTP API (Open-Meteo's forecast and geocoding APIs by default; WEATHER_API_URL,
 * WEATHER_GEOCODING_URL and WEATHER_API_KEY on the server) and keeps each answer 10 minutes per place.
 */
export const WEATHER_CACHE_MS = 10 * 60_000;

export const weatherQuerySchema = z
  .object({
    /** a place name the provider's geocoding resolves (used when no coordinates are given) */
    city: z.string().trim().max(100).optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    /** the language of the resolved place name */
    lang: z.enum(['zh-CN', 'en-US']).default('en-US'),
  })
  .refine((q) => (q.lat !== undefined && q.lng !== undefined) || !!q.city, {
    message: 'a city or both lat and lng',
    path: ['city'],
  });
export type WeatherQuery = z.input<typeof weatherQuerySchema>;

export const weatherReportSchema = z.object({
  /** the place the provider resolved (the city's name, or the coordinates) */
  place: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** °C */
  temperature: z.number(),
  /** relative humidity, % */
  humidity: z.number(),
  /** km/h at 10 m */
  windSpeed: z.number(),
  /** degrees, where the wind comes from */
  windDirection: z.number(),
  /** WMO weather interpretation code (0 clear … 99 thunderstorm with hail) */
  weatherCode: z.number().int(),
  /** when the provider observed it, ms since the epoch */
  observedAt: z.number(),
  /** when this server asked the provider (answers within 10 minutes share it), ms since the epoch */
  fetchedAt: z.number(),
});
export type WeatherReport = z.infer<typeof weatherReportSchema>;

/** The condition group of a WMO weather code, the key of its text and icon. */
export type WeatherCondition =
  'clear' | 'cloudy' | 'overcast' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'showers' | 'thunder' | 'unknown';

export function weatherCondition(code: number): WeatherCondition {
  if (code === 0) return 'clear';
  if (code === 1 || code === 2) return 'cloudy';
  if (code === 3) return 'overcast';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || code === 80 || code === 81 || code === 82) {
    return code >= 80 ? 'showers' : 'rain';
  }
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95 && code <= 99) return 'thunder';
  return 'unknown';
}

export const weatherCalls = defineCalls('weather', {
  current: {
    path: '/lfscada/weather/current',
    input: weatherQuerySchema,
    output: weatherReportSchema,
    // any session: a weather card sits on device and project pages alike (project readers may hold
    // ops_center only); the places one account may ask for are bounded instead
    access: {},
    summary:
      'The current weather of a place (a city name or coordinates) from the configured provider, cached 10 minutes per place; 60 places per account in 10 minutes',
  },
});
