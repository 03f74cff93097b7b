import type { LiveValue } from '@fieldhub/shared';

/** Points of the real-time curve per signal: [time ms, value], ascending. */
export type PointBuffer = Map<number, [number, number][]>;

/**
 * Adds numeric values of the signals the buffer holds, keeping times ascending (a value older
 * than the last point is dropped, as the screen drops older values), and drops points before
 * `since`. Answers whether anything changed.
 */
export function appendPoints(buffer: PointBuffer, values: readonly LiveValue[], since: number): boolean {
  let changed = false;
  for (const v of values) {
    const points = buffer.get(v.signalId);
    if (!points || typeof v.value !== 'number' || v.ts < since) continue;
    const last = points.at(-1);
    if (last && v.ts < last[0]) continue;
    if (last && v.ts === last[0]) last[1] = v.value;
    else points.push([v.ts, v.value]);
    changed = true;
  }
  for (const points of buffer.values()) {
    let drop = 0;
    while (drop < points.length && points[drop]![0] < since) drop++;
    if (drop) {
      points.splice(0, drop);
      changed = true;
    }
  }
  return changed;
}
