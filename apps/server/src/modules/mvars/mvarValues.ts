import { computeMvar, type LiveValue, type MvarRef, type MvarValue } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import { latestValues } from '../../monitor/board/latestValues';
import type { ValueCache } from '../../monitor/valueCache';
import type { MvarDefinition } from './mvars.repo';

/**
 * The value of an mvar from the held readings of its signals (docs/requirements/projects.md §5.3,
 * `computeMvar`). Until any of its signals has a reading it shows its initial value; then `ts` is the newest
 * reading's.
 */
export function mvarValueOf(def: MvarDefinition, held: ReadonlyMap<number, LiveValue>): MvarValue {
  let ts: number | null = null;
  for (const id of def.refs) {
    const reading = held.get(id);
    if (reading && (ts === null || reading.ts > ts)) ts = reading.ts;
  }
  if (ts === null) return { mvarId: def.id, value: def.initial_value, ts: null };
  // `held` may hold signals of other mvars: only this mvar's (bound) references are read
  const own = new Set(def.refs);
  const readingOf = (ref: MvarRef) => (own.has(ref.signalId) ? held.get(ref.signalId) : undefined);
  return { mvarId: def.id, value: computeMvar(def.calc_type, def.formula, readingOf), ts };
}

/** The current values of these mvars, from the value cache (primed from storage where cold). */
export async function currentMvarValues(
  db: Db,
  cache: ValueCache,
  defs: readonly MvarDefinition[],
): Promise<MvarValue[]> {
  if (!defs.length) return [];
  const signalIds = [...new Set(defs.flatMap((d) => d.refs))];
  const held = new Map((await latestValues(db, cache, signalIds)).map((v) => [v.signalId, v]));
  return defs.map((d) => mvarValueOf(d, held));
}
