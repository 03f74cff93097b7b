import { describe, expect, it } from 'vitest';
import { defaultWidget } from '@fieldhub/hmi';
import { weatherCondition } from '@fieldhub/shared';
import { compassOf, weatherQueryOf } from './weatherPlace';

const weather = (data: Record<string, unknown>) => {
  const w = defaultWidget('ComplexWeather', { id: 'w', x: 0, y: 0 });
  w.data = { ...w.data, ...data };
  return w;
};

describe('weather widget place (widgets.md §4.6)', () => {
  it('asks by coordinates when both are set, else by city, else not at all', () => {
    expect(weatherQueryOf(weather({}), 'en-US')).toBeNull();
    expect(weatherQueryOf(weather({ city: '  Berlin ' }), 'zh-CN')).toEqual({
      city: 'Berlin',
      lang: 'zh-CN',
    });
    expect(weatherQueryOf(weather({ city: 'Home', lat: '31.23', lng: 121.47 }), 'en-US')).toEqual({
      lat: 31.23,
      lng: 121.47,
      city: 'Home',
      lang: 'en-US',
    });
    // one coordinate, or one out of range, falls back to the city
    expect(weatherQueryOf(weather({ city: 'Paris', lat: '48.8' }), 'en-US')).toEqual({
      city: 'Paris',
      lang: 'en-US',
    });
    expect(weatherQueryOf(weather({ lat: '95', lng: '10' }), 'en-US')).toBeNull();
    expect(weatherQueryOf(weather({ lat: 'x', lng: '10' }), 'en-US')).toBeNull();
    expect(weatherQueryOf(weather({ lat: '0', lng: '0' }), 'en-US')).toEqual({
      lat: 0,
      lng: 0,
      lang: 'en-US',
    });
  });

  it('names wind directions and groups WMO codes', () => {
    expect(compassOf(0)).toBe('N');
    expect(compassOf(250)).toBe('WSW');
    expect(compassOf(359)).toBe('N');
    expect(compassOf(-90)).toBe('W');
    expect([0, 2, 3, 45, 53, 61, 80, 73, 95, 42].map(weatherCondition)).toEqual([
      'clear',
      'cloudy',
      'overcast',
      'fog',
      'drizzle',
      'rain',
      'showers',
      'snow',
      'thunder',
      'unknown',
    ]);
  });
});
