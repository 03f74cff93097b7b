import type { Db } from '../db/db';

/** Tables partitioned by month of `ts`. */
export type MonthlyTable = 'signal_values' | 'report_records';

// partitions known to exist, per database (a process may hold several, as tests and benches do)
const knownByDb = new WeakMap<Db, Set<string>>();

function monthKey(d: Date): { name: string; from: string; to: string } {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = new Date(Date.UTC(y, m + 1, 1));
  return {
    name: `y${y}m${pad(m + 1)}`,
    from: `${y}-${pad(m + 1)}-01`,
    to: `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-01`,
  };
}

/**
 * Makes sure each month the timestamps fall in has its partition before rows arrive, so the
 * default partition stays empty (a month cannot be split off while the default holds its rows).
 */
export async function ensureMonthPartitions(
  db: Db,
  table: MonthlyTable,
  timestamps: Iterable<number>,
): Promise<void> {
  let known = knownByDb.get(db);
  if (!known) knownByDb.set(db, (known = new Set()));
  const months = new Map<string, ReturnType<typeof monthKey>>();
  // the month of the last timestamp seen: consecutive samples mostly share it
  let monthFrom = Infinity;
  let monthTo = -Infinity;
  for (const ts of timestamps) {
    if (ts >= monthFrom && ts < monthTo) continue;
    const d = new Date(ts);
    const k = monthKey(d);
    monthFrom = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    monthTo = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    if (!known.has(`${table}_${k.name}`)) months.set(k.name, k);
  }
  for (const k of months.values()) {
    const partition = `${table}_${k.name}`;
    try {
      await db.exec(
        `create table if not exists ${partition} partition of ${table} for values from ('${k.from}') to ('${k.to}')`,
      );
    } catch (err) {
      // another instance made it at the same moment
      if (!/already exists/.test(String((err as Error).message))) throw err;
    }
    known.add(partition);
  }
}

/** Forgets a dropped partition, so a value of its month makes it again. */
export function forgetPartition(db: Db, name: string): void {
  knownByDb.get(db)?.delete(name);
}
