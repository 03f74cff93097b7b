import { describe, expect, it } from 'vitest';
import { distanceM, keepTrackPoint, TRACK_MIN_MOVE_M, TRACK_STATIONARY_EVERY_MIN } from './trackRetention';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 8, minutes));
const last = { ts: at(0), lng: 121.47, lat: 31.23, equipmentId: 7 };

describe('track retention', () => {
  it('measures great-circle distances', () => {
    // one degree of latitude is about 111.2 km; Shanghai to Beijing about 1,067 km
    expect(distanceM({ lng: 0, lat: 0 }, { lng: 0, lat: 1 })).toBeCloseTo(111_195, -1);
    expect(distanceM({ lng: 121.47, lat: 31.23 }, { lng: 116.4, lat: 39.9 }) / 1000).toBeCloseTo(1067, -1);
  });

  it('keeps the first point, a move of 50 m or more, and a point for another device', () => {
    expect(keepTrackPoint(null, { ...last, ts: at(1) })).toBe(true);
    // 0.0005° of latitude is about 56 m
    expect(keepTrackPoint(last, { ts: at(1), lng: 121.47, lat: 31.2305, equipmentId: 7 })).toBe(true);
    expect(keepTrackPoint(last, { ts: at(1), lng: 121.47, lat: 31.23, equipmentId: 8 })).toBe(true);
    expect(TRACK_MIN_MOVE_M).toBe(50);
  });

  it('drops a repeat of the same spot until 15 minutes passed, and a point dated before the last', () => {
    // 0.0003° of latitude is about 33 m: jitter, not a move
    expect(keepTrackPoint(last, { ts: at(14), lng: 121.47, lat: 31.2303, equipmentId: 7 })).toBe(false);
    expect(
      keepTrackPoint(last, { ts: at(TRACK_STATIONARY_EVERY_MIN), lng: 121.47, lat: 31.23, equipmentId: 7 }),
    ).toBe(true);
    expect(
      keepTrackPoint({ ...last, ts: at(30) }, { ts: at(0), lng: 121.47, lat: 31.23, equipmentId: 7 }),
    ).toBe(false);
  });
});
