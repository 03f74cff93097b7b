/**
 * What the weather widget (ComplexWeather, docs/requirements/widgets.md §4.6) asks the server for: both
 * coordinates when set (`data.lat`, `data.lng`), else a city name (`data.city`); null when neither.
 */
import type { Widget } from '@fieldhub/hmi';
import type { WeatherQuery } from '@fieldhub/shared';

function coordinate(value: unknown, limit: number): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

export function weatherQueryOf(widget: Widget, lang: 'zh-CN' | 'en-US'): WeatherQuery | null {
  const d = widget.data as Record<string, unknown>;
  const lat = coordinate(d['lat'], 90);
  const lng = coordinate(d['lng'], 180);
  const city = typeof d['city'] === 'string' ? d['city'].trim() : '';
  if (lat !== null && lng !== null) return { lat, lng, lang, ...(city ? { city } : {}) };
  return city ? { city, lang } : null;
}

/** The 16-point compass name of a wind direction in degrees (where the wind comes from). */
export function compassOf(degrees: number): string {
  const points = [
    'N',
    'NNE',
    'NE',
    'ENE',
    'E',
    'ESE',
    'SE',
    'SSE',
    'S',
    'SSW',
    'SW',
    'WSW',
    'W',
    'WNW',
    'NW',
    'NNW',
  ];
  const i = Math.round((((degrees % 360) + 360) % 360) / 22.5) % 16;
  return points[i]!;
}
