import { describe, expect, it } from 'vitest';
import { advance, PLAY_BASE_MS, pointsPassed, positionAt } from './trackPlayback';

const points = [
  { ts: 1_000, lng: 120, lat: 30 },
  { ts: 2_000, lng: 121, lat: 30 },
  { ts: 4_000, lng: 121, lat: 32 },
];

describe('track playback', () => {
  it('places the device on the line between the points around a moment, in proportion to the time', () => {
    expect(positionAt(points, 0)).toEqual({ lng: 120, lat: 30 });
    expect(positionAt(points, 1_500)).toEqual({ lng: 120.5, lat: 30 });
    expect(positionAt(points, 3_000)).toEqual({ lng: 121, lat: 31 });
    expect(positionAt(points, 9_000)).toEqual({ lng: 121, lat: 32 });
    expect(positionAt([], 1)).toBeNull();
  });

  it('counts the points passed', () => {
    expect([0, 1_000, 2_500, 4_000].map((t) => pointsPassed(points, t))).toEqual([0, 1, 2, 3]);
  });

  it('plays the whole span in a minute at 1× and ten times as fast at 10×, stopping at the end', () => {
    // the span is 3 s: one second of play at 1× moves 3000 / 60 = 50 ms
    expect(advance(points, 1_000, 1_000, 1)).toBe(1_050);
    expect(advance(points, 1_000, 1_000, 10)).toBe(1_500);
    expect(advance(points, 1_000, PLAY_BASE_MS, 1)).toBe(4_000);
    expect(advance(points, 3_900, 10_000, 5)).toBe(4_000);
    expect(advance([points[0]!], 1_000, 10, 1)).toBe(1_000);
  });
});
