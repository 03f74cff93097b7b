/**
 * CPU time of the processes a bench runs beside (Linux /proc): to count what each part of a run
 * costs per value stored, not only how fast it went on a shared machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import type { Db } from '../apps/server/src/db/db';

// USER_HZ: 100 on every Linux the project runs on (getconf CLK_TCK)
const TICKS_PER_S = 100;

interface Stat {
  comm: string;
  /** own CPU and that of reaped children, in seconds */
  own: number;
  children: number;
}

function statOf(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    // fields after the command: state is [0], utime [11], stime [12], cutime [13], cstime [14]
    const f = text.slice(close + 2).split(' ');
    return {
      comm,
      own: (Number(f[11]) + Number(f[12])) / TICKS_PER_S,
      children: (Number(f[13]) + Number(f[14])) / TICKS_PER_S,
    };
  } catch {
    return undefined; // gone
  }
}

/** CPU seconds of process `pid` (0 once it is gone). */
export function cpuOfPid(pid: number | undefined): number {
  return pid === undefined ? 0 : (statOf(pid)?.own ?? 0);
}

/** CPU seconds of this process's children that ended (and were waited for). */
export function endedChildrenCpu(): number {
  return statOf(process.pid)?.children ?? 0;
}

/**
 * CPU seconds of every PostgreSQL process of the machine: the postmaster's reaped children
 * (backends that ended) included. Other work on the same server counts too.
 */
export function postgresCpu(): number {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = statOf(Number(name));
    if (s?.comm === 'postgres') total += s.own + s.children;
  }
  return total;
}

/** CPU seconds of the backends serving database `datname` now (by pid). */
export async function backendsCpu(db: Db): Promise<Map<number, number>> {
  const rows = await db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  return new Map(rows.map((r) => [Number(r.pid), cpuOfPid(Number(r.pid))]));
}

/**
 * Counts the statements run through `db` (and its transactions) by their first words, for the
 * per-uplink SQL of a run. Returns the counts, read at any time.
 */
export function countStatements(db: Db): Map<string, number> {
  const counts = new Map<string, number>();
  const note = (sql: string) => {
    const key = sql.replace(/\s+/g, ' ').trim().slice(0, 90);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const wrap = (target: Db): Db => {
    const query = target.query.bind(target);
    const tx = target.tx.bind(target);
    const copyFrom = target.copyFrom.bind(target);
    Object.assign(target, {
      query: (sql: string, params?: readonly unknown[]) => {
        note(sql);
        return query(sql, params);
      },
      tx: <T>(work: (inner: Db) => Promise<T>) => {
        note('begin … commit');
        return tx((inner) => work(inner === target ? inner : wrap(inner)));
      },
      copyFrom: (t: string, data: Uint8Array) => {
        note(`copy ${t}`);
        return copyFrom(t, data);
      },
    });
    return target;
  };
  wrap(db);
  return counts;
}

/** The statement counts per `per` (uplinks, values), most frequent first, as lines. */
export function statementLines(counts: Map<string, number>, per: number, unit: string): string[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(
      ([sql, n]) =>
        `${(n / per).toFixed(3).padStart(8)} per ${unit}  ${n.toString().padStart(9)}  ${inspect(sql)}`,
    );
}

/**
 * A mark in the WAL of the PostgreSQL behind `db` (all its databases); `walSince` answers the
 * WAL written since an earlier mark, and the new mark, in one statement.
 */
export async function walMark(db: Db): Promise<string> {
  return (await db.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))[0]!.lsn;
}

export async function walSince(db: Db, mark: string): Promise<{ bytes: number; mark: string }> {
  const [row] = await db.query<{ b: string; lsn: string }>(
    'select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::int8 as b, pg_current_wal_lsn()::text as lsn',
    [mark],
  );
  return { bytes: Number(row!.b), mark: row!.lsn };
}
