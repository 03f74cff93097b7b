import type { DriverInput, DriverRow } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { ConfigOwner } from './configOwner';

/** What an edit needs of a stored driver: its protocol and its settings (with the secrets). */
export interface StoredDriver {
  id: number;
  protocol: DriverInput['protocol'];
  settings: Record<string, unknown>;
}

/** A timestamp column as ISO text in UTC (json_build_object would write the session's offset). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The owner's drivers in their order, with their variable counts and what their gateway last
 * reported of them (`link`, null before a report); settings unmasked.
 */
export function driversOf(db: Db, owner: ConfigOwner): Promise<DriverRow[]> {
  return db.query<DriverRow>(
    `select d.id, d.name, d.protocol, d.brand, d.model, d.settings, d.seq,
            (select count(*)::int from variables v where v.driver_id = d.id) as "variableCount",
            case when l.driver_id is null then null else json_build_object(
              'ok', l.ok, 'code', l.code, 'state', l.state, 'since', ${iso('l.since')},
              'lastReadAt', ${iso('l.last_read_at')}, 'lastErrorCode', l.last_error_code,
              'lastErrorAt', ${iso('l.last_error_at')}, 'requests', l.requests, 'errors', l.errors,
              'reportedAt', ${iso('l.reported_at')}) end as link
       from drivers d left join driver_link_states l on l.driver_id = d.id
      where d.${owner.column} = $1 order by d.seq, d.id`,
    [owner.id],
  );
}

/** A driver of the owner, or undefined. */
export function driverOf(db: Db, owner: ConfigOwner, id: number): Promise<StoredDriver | undefined> {
  return one<StoredDriver>(
    db,
    `select id, protocol, settings from drivers where id = $1 and ${owner.column} = $2`,
    [id, owner.id],
  );
}

/** How many variables read through the driver. */
export async function variablesUsingDriver(db: Db, driverId: number): Promise<number> {
  const [used] = await db.query<{ n: number }>(
    'select count(*)::int as n from variables where driver_id = $1',
    [driverId],
  );
  return used?.n ?? 0;
}

/** Adds a driver after the owner's last one; `settings` are the protocol fields. */
export async function insertDriver(
  db: Db,
  owner: ConfigOwner,
  d: DriverInput,
  settings: Record<string, unknown>,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into drivers(org_id, ${owner.column}, name, protocol, brand, model, settings, seq)
     values ($1, $2, $3, $4, $5, $6, $7, (select coalesce(max(seq), 0) + 1 from drivers where ${owner.column} = $2)) returning id`,
    [owner.orgId, owner.id, d.name, d.protocol, d.brand, d.model, settings],
  );
  return row!.id;
}

export async function updateDriver(
  db: Db,
  id: number,
  d: DriverInput,
  settings: Record<string, unknown>,
): Promise<void> {
  await db.query(
    'update drivers set name = $2, protocol = $3, brand = $4, model = $5, settings = $6 where id = $1',
    [id, d.name, d.protocol, d.brand, d.model, settings],
  );
}

/** Deletes a driver; its variables (and their alarm rules and report items) go with it. */
export async function deleteDriver(db: Db, id: number): Promise<void> {
  await db.query('delete from drivers where id = $1', [id]);
}
