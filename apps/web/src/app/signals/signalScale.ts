import type { MonitorSignal } from '@fieldhub/shared';

/** The range a variable's values move in, as a gauge or a tank draws them. */
export interface SignalScale {
  min: number;
  max: number;
}

/**
 * A variable's range (docs/requirements/pages-and-designer.md §6.4): its collection limits, else the
 * span of its numeric mapped values; null when it has neither (one limit alone is no range).
 */
export function signalScale(
  s: Pick<MonitorSignal, 'collectLower' | 'collectUpper' | 'mapping'>,
): SignalScale | null {
  if (s.collectLower !== null && s.collectUpper !== null && s.collectUpper > s.collectLower)
    return { min: s.collectLower, max: s.collectUpper };
  const mapped = s.mapping.map((m) => Number(m.value)).filter((v) => Number.isFinite(v));
  if (mapped.length < 2) return null;
  const min = Math.min(...mapped);
  const max = Math.max(...mapped);
  return max > min ? { min, max } : null;
}
