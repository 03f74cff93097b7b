import type { LiveValue, MonitorSignal } from '@fieldhub/shared';

/** The latest value of one signal as the screen shows it. */
export interface HeldValue {
  value: number | string | null;
  ts: number;
  quality: number;
}

export type ValueMap = ReadonlyMap<number, HeldValue>;

/** The values the real-time query answered (signals never read are left out). */
export function initialValues(signals: readonly MonitorSignal[]): Map<number, HeldValue> {
  const out = new Map<number, HeldValue>();
  for (const s of signals)
    if (s.ts !== null) out.set(s.id, { value: s.value, ts: s.ts, quality: s.quality ?? 0 });
  return out;
}

/**
 * Merges socket values into the held ones (docs/requirements/monitoring.md §4.5): a value is taken only when
 * its time is not older than the one shown. Answers the merged map and the values taken (in frame order), or
 * the same map when nothing was taken, so a caller can skip a re-render.
 */
export function mergeValues(
  held: ValueMap,
  incoming: readonly LiveValue[],
): { values: ValueMap; taken: LiveValue[] } {
  let next: Map<number, HeldValue> | null = null;
  const taken: LiveValue[] = [];
  for (const v of incoming) {
    const shown = (next ?? held).get(v.signalId);
    if (shown && v.ts < shown.ts) continue;
    next ??= new Map(held);
    next.set(v.signalId, { value: v.value, ts: v.ts, quality: v.quality });
    taken.push(v);
  }
  return { values: next ?? held, taken };
}
