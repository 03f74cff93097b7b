import type { DriverStatus } from '@fieldhub/shared';
import type { Clock } from '../clock';
import type { Db } from '../db/db';

/**
 * Keeps what a gateway's status says of each of its drivers (docs/requirements/device-configuration.md
 * §2.5): the state, fault code, last good read, last error and counts, for the device's driver
 * list. Only drivers of the device the gateway is bound to are taken: a gateway cannot write the
 * state of another device's drivers (nor of another enterprise's). Times come as the gateway's
 * milliseconds since the epoch.
 */
export async function recordDriverStates(
  db: Db,
  clock: Clock,
  sn: string,
  drivers: readonly DriverStatus[],
): Promise<void> {
  if (drivers.length === 0) return;
  await db.query(
    `insert into driver_link_states (driver_id, ok, code, state, since, last_read_at, last_error_code,
                                     last_error_at, requests, errors, reported_at)
     select d.id, x.ok, x.code, x.state, to_timestamp(x.since / 1000.0), to_timestamp(x."lastReadAt" / 1000.0),
            x."lastErrorCode", to_timestamp(x."lastErrorAt" / 1000.0), x.requests, x.errors, $3
       from jsonb_to_recordset($2::jsonb) as x(id bigint, ok boolean, code integer, state text, since bigint,
                                               "lastReadAt" bigint, "lastErrorCode" integer,
                                               "lastErrorAt" bigint, requests bigint, errors bigint)
       join drivers d on d.id = x.id
       join gateways g on g.sn = $1 and g.equipment_id = d.equipment_id
     on conflict (driver_id) do update set ok = excluded.ok, code = excluded.code, state = excluded.state,
            since = excluded.since, last_read_at = excluded.last_read_at,
            last_error_code = excluded.last_error_code, last_error_at = excluded.last_error_at,
            requests = excluded.requests, errors = excluded.errors, reported_at = excluded.reported_at`,
    [sn, JSON.stringify(drivers), clock.now()],
  );
}
