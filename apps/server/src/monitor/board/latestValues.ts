import type { LiveValue } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { ValueCache } from '../valueCache';

/**
 * The latest value of each of these signals: from the value cache, and for signals the cache has
 * not seen since this instance started, the newest stored row (which then primes the cache).
 */
export async function latestValues(
  db: Db,
  cache: ValueCache,
  signalIds: readonly number[],
): Promise<LiveValue[]> {
  const held = cache.many(signalIds);
  if (held.length === signalIds.length) return held;
  const seen = new Set(held.map((v) => v.signalId));
  const missing = signalIds.filter((id) => !seen.has(id));
  const rows = await db.query<{
    id: number;
    ts: number;
    num: number | null;
    txt: string | null;
    quality: number;
  }>(
    `select v.id, (extract(epoch from s.ts) * 1000)::int8 as ts, s.num, s.txt, s.quality
       from unnest($1::int8[]) as v(id)
       cross join lateral (select ts, num, txt, quality from signal_values sv
                            where sv.variable_id = v.id order by sv.ts desc limit 1) s`,
    [missing],
  );
  const stored = rows.map((r) => ({ signalId: r.id, ts: r.ts, value: r.num ?? r.txt, quality: r.quality }));
  cache.apply(stored);
  return cache.many(signalIds);
}

/** Ids of a device's variables (the signals its socket and real-time tab show). */
export async function deviceSignalIds(db: Db, equipmentId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>('select id from variables where equipment_id = $1', [
    equipmentId,
  ]);
  return rows.map((r) => r.id);
}
