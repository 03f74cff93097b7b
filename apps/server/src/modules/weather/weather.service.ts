/**
 * The weather widget's provider (docs/requirements/widgets.md §4.6): the current weather of a place from an
 * Open-Meteo compatible HTTP API (WEATHER_API_URL, a city name resolved by WEATHER_GEOCODING_URL,
 * WEATHER_API_KEY sent as `apikey` when set). Each place's answer is kept 10 minutes, so a page of
 * weather widgets opened by many viewers asks the provider once per place and period. The weather is
 * public data and no enterprise's: the cache is shared; any session may ask, WEATHER_ASKS_PER_WINDOW
 * times per account in 10 minutes (the routes count them), so nobody drives the provider through us.
 */
import {
  AppError,
  Err,
  WEATHER_CACHE_MS,
  type WeatherReport,
  type weatherQuerySchema,
} from '@fieldhub/shared';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Config } from '../../config';

type Query = z.output<typeof weatherQuerySchema>;

interface Place {
  name: string;
  lat: number;
  lng: number;
}

/** At most this many places are kept; the oldest entry goes first when a new one comes. */
const CACHE_MAX = 1000;

export interface WeatherService {
  current(query: Query): Promise<WeatherReport>;
}

export function createWeatherService(
  config: Pick<
    Config,
    'WEATHER_API_URL' | 'WEATHER_GEOCODING_URL' | 'WEATHER_API_KEY' | 'WEATHER_TIMEOUT_MS'
  >,
  clock: Clock,
): WeatherService {
  const reports = new Map<string, { at: number; report: Promise<WeatherReport> }>();
  const places = new Map<string, { at: number; place: Promise<Place> }>();

  /** The cached promise of `key` while fresh, else a new one (a failed one is dropped). */
  function cached<T>(
    map: Map<string, { at: number } & Record<string, unknown>>,
    field: string,
    key: string,
    make: () => Promise<T>,
  ): Promise<T> {
    const now = clock.now().getTime();
    const hit = map.get(key);
    if (hit && now - hit.at < WEATHER_CACHE_MS) return hit[field] as Promise<T>;
    const made = make();
    map.delete(key);
    if (map.size >= CACHE_MAX) map.delete(map.keys().next().value!);
    map.set(key, { at: now, [field]: made });
    made.catch(() => {
      if (map.get(key)?.[field] === made) map.delete(key);
    });
    return made;
  }

  async function getJson(base: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    if (config.WEATHER_API_KEY) url.searchParams.set('apikey', config.WEATHER_API_KEY);
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(config.WEATHER_TIMEOUT_MS) });
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new AppError(Err.weatherTimeout, {
          params: { seconds: Math.round(config.WEATHER_TIMEOUT_MS / 100) / 10 },
        });
      throw new AppError(Err.weatherUnavailable, { params: { detail: 'no connection' } });
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      // Open-Meteo answers { error: true, reason } with 400 (a bad key, a bad place)
      let reason = `HTTP ${res.status}`;
      try {
        const body = JSON.parse(text) as { reason?: unknown };
        if (typeof body.reason === 'string') reason = body.reason.slice(0, 200);
      } catch {
        // not JSON: the status says enough
      }
      throw new AppError(Err.weatherUnavailable, { params: { detail: reason } });
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AppError(Err.weatherUnavailable, { params: { detail: 'not JSON' } });
    }
  }

  async function resolve(city: string, lang: string): Promise<Place> {
    const body = (await getJson(config.WEATHER_GEOCODING_URL, {
      name: city,
      count: '1',
      language: lang.slice(0, 2),
      format: 'json',
    })) as { results?: { name?: unknown; latitude?: unknown; longitude?: unknown }[] };
    const first = Array.isArray(body?.results) ? body.results[0] : undefined;
    if (!first || typeof first.latitude !== 'number' || typeof first.longitude !== 'number')
      throw new AppError(Err.weatherPlaceNotFound, { params: { name: city } });
    return {
      name: typeof first.name === 'string' ? first.name : city,
      lat: first.latitude,
      lng: first.longitude,
    };
  }

  async function forecast(place: Place): Promise<WeatherReport> {
    const body = (await getJson(config.WEATHER_API_URL, {
      latitude: String(place.lat),
      longitude: String(place.lng),
      current: 'temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m,wind_direction_10m',
      wind_speed_unit: 'kmh',
      temperature_unit: 'celsius',
      timeformat: 'unixtime',
    })) as { current?: Record<string, unknown> };
    const c = body?.current ?? {};
    const n = (key: string) => {
      const v = c[key];
      if (typeof v !== 'number' || !Number.isFinite(v))
        throw new AppError(Err.weatherUnavailable, { params: { detail: `no ${key} in the answer` } });
      return v;
    };
    return {
      place: place.name,
      lat: place.lat,
      lng: place.lng,
      temperature: n('temperature_2m'),
      humidity: n('relative_humidity_2m'),
      windSpeed: n('wind_speed_10m'),
      windDirection: n('wind_direction_10m'),
      weatherCode: Math.trunc(n('weather_code')),
      observedAt: n('time') * 1000,
      fetchedAt: clock.now().getTime(),
    };
  }

  return {
    async current(q) {
      // coordinates to 2 decimals (about 1 km) share one entry
      if (q.lat !== undefined && q.lng !== undefined) {
        const lat = Math.round(q.lat * 100) / 100;
        const lng = Math.round(q.lng * 100) / 100;
        const name = q.city || `${lat}, ${lng}`;
        return cached(reports, 'report', `ll:${lat},${lng}|${name}`, () => forecast({ name, lat, lng }));
      }
      const city = q.city!;
      const place = await cached(places, 'place', `city:${city.toLowerCase()}|${q.lang}`, () =>
        resolve(city, q.lang),
      );
      return cached(reports, 'report', `ll:${place.lat},${place.lng}|${place.name}`, () => forecast(place));
    },
  };
}
