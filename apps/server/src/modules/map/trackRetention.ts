/**
 * Which reported gateway positions the track keeps (docs/requirements/data-views.md §5.3). Every
 * position a gateway reports is looked at; a stationary gateway that reports often would otherwise
 * fill the table with the same point, so a position is kept only when it tells something new.
 */

/** A move shorter than this (base-station positions jitter) is no move. */
export const TRACK_MIN_MOVE_M = 50;
/** While a gateway stays put, at most one point per this many minutes. */
export const TRACK_STATIONARY_EVERY_MIN = 15;

export interface KeptPoint {
  ts: Date;
  lng: number;
  lat: number;
  equipmentId: number | null;
}

export interface ReportedPoint {
  ts: Date;
  lng: number;
  lat: number;
  /** the device the gateway serves now */
  equipmentId: number | null;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether `next` is kept after the gateway's last kept point: the first one, one for another
 * device, a move of TRACK_MIN_MOVE_M or more, or the same place TRACK_STATIONARY_EVERY_MIN after
 * the last. A report dated before the last kept point (a clock stepped back) counts as no time passed.
 */
export function keepTrackPoint(last: KeptPoint | null, next: ReportedPoint): boolean {
  if (!last) return true;
  if (last.equipmentId !== next.equipmentId) return true;
  if (distanceM(last, next) >= TRACK_MIN_MOVE_M) return true;
  return next.ts.getTime() - last.ts.getTime() >= TRACK_STATIONARY_EVERY_MIN * 60_000;
}
