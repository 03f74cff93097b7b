import { Err, type MonitorSignal } from '@fieldhub/shared';

/**
 * What the browser checks before it asks to write a value (docs/requirements/device-configuration.md §3.4:
 * write limits are checked on the value; the server checks the same again and more: the data type's range,
 * the formula).
 */
export type WriteProblem =
  | { kind: 'required' }
  | { kind: 'number' }
  /** a catalogue code: 2002 read-only, 2003 above the upper limit, 2004 below the lower limit */
  | { kind: 'code'; code: number };

export type WritableSignal = Pick<MonitorSignal, 'rw' | 'dataType' | 'writeUpper' | 'writeLower'>;

/** The value as the write call sends it, or what is wrong with it. */
export function checkWrite(
  signal: WritableSignal,
  raw: string,
): { ok: true; value: number | string } | { ok: false; problem: WriteProblem } {
  if (signal.rw === 'r') return { ok: false, problem: { kind: 'code', code: Err.variableReadOnly } };
  if (signal.dataType === 'string') return { ok: true, value: raw };
  const text = raw.trim();
  if (!text) return { ok: false, problem: { kind: 'required' } };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, problem: { kind: 'number' } };
  if (signal.writeUpper !== null && value > signal.writeUpper)
    return { ok: false, problem: { kind: 'code', code: Err.writeAboveUpperLimit } };
  if (signal.writeLower !== null && value < signal.writeLower)
    return { ok: false, problem: { kind: 'code', code: Err.writeBelowLowerLimit } };
  return { ok: true, value };
}

/** Variables a write can reach: read-write and write-only. */
export const isWritable = (s: Pick<MonitorSignal, 'rw'>) => s.rw === 'rw' || s.rw === 'w';
