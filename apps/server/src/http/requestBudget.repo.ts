import type { Db } from '../db/db';

/**
 * Claims one request of `key` (e.g. `findpwd:<ip>`) against a budget of `max` requests per
 * `windowMs`, shared by every server instance: appends the request's time to the key's times still
 * in the window unless `max` of them are. One statement, so parallel requests cannot all pass a
 * count read before any of them wrote. False when the budget is spent.
 */
export async function claimRequest(
  db: Db,
  key: string,
  at: Date,
  windowMs: number,
  max: number,
): Promise<boolean> {
  const inWindow = 'array(select t from unnest(b.times) t where t > $3::timestamptz order by t)';
  const rows = await db.query(
    `insert into request_budgets as b (key, times) values ($1, array[$2::timestamptz])
     on conflict (key) do update set times = ${inWindow} || $2::timestamptz
       where cardinality(${inWindow}) < $4::integer
     returning 1`,
    [key, at, new Date(at.getTime() - windowMs), max],
  );
  return rows.length > 0;
}
