import type { TrackPoint } from '@fieldhub/shared';

/**
 * Track playback as data in, data out (docs/requirements/data-views.md §5.3): where the device was
 * at a moment of its track, and how far a play step moves the moment.
 */

/** The speeds the panel offers; 1× plays the whole track in PLAY_BASE_MS. */
export const PLAY_SPEEDS = [1, 2, 5, 10] as const;
export type PlaySpeed = (typeof PLAY_SPEEDS)[number];
export const PLAY_BASE_MS = 60_000;

/**
 * The position at time `t` (ms): before the first point the first, after the last the last,
 * between two points on the straight line between them in proportion to the time.
 */
export function positionAt(points: readonly TrackPoint[], t: number): { lng: number; lat: number } | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  if (t <= first.ts) return { lng: first.lng, lat: first.lat };
  if (t >= last.ts) return { lng: last.lng, lat: last.lat };
  // the last point at or before t (points are oldest first)
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.ts <= t) lo = mid;
    else hi = mid;
  }
  const a = points[lo]!;
  const b = points[hi]!;
  const f = b.ts === a.ts ? 1 : (t - a.ts) / (b.ts - a.ts);
  return { lng: a.lng + (b.lng - a.lng) * f, lat: a.lat + (b.lat - a.lat) * f };
}

/** How many points lie at or before `t`: the part of the line already travelled. */
export function pointsPassed(points: readonly TrackPoint[], t: number): number {
  let n = 0;
  while (n < points.length && points[n]!.ts <= t) n++;
  return n;
}

/**
 * The moment after `elapsedMs` of real time at `speed`, clamped to the track's end: 1× covers the
 * whole span in PLAY_BASE_MS, 10× ten times as fast. A track of one point (no span) is at its end.
 */
export function advance(
  points: readonly TrackPoint[],
  t: number,
  elapsedMs: number,
  speed: PlaySpeed,
): number {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return t;
  const span = last.ts - first.ts;
  if (span <= 0) return last.ts;
  return Math.min(last.ts, t + (elapsedMs * speed * span) / PLAY_BASE_MS);
}
