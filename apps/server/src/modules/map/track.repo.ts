import type { TrackPoint } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { KeptPoint } from './trackRetention';

/** The gateway's newest kept track point, with the device and enterprise it serves now. */
export async function lastTrackPoint(
  db: Db,
  sn: string,
): Promise<{ gateway: { orgId: number | null; equipmentId: number | null }; last: KeptPoint | null } | null> {
  const row = await one<{
    org_id: number | null;
    equipment_id: number | null;
    ts: Date | null;
    lng: number | null;
    lat: number | null;
    last_equipment_id: number | null;
  }>(
    db,
    `select g.org_id, g.equipment_id, p.ts, p.lng, p.lat, p.equipment_id as last_equipment_id
       from gateways g
       left join lateral (select ts, lng, lat, equipment_id from gateway_track_points t
                           where t.gateway_sn = g.sn order by ts desc limit 1) p on true
      where g.sn = $1`,
    [sn],
  );
  if (!row) return null;
  return {
    gateway: { orgId: row.org_id, equipmentId: row.equipment_id },
    last:
      row.ts && row.lng !== null && row.lat !== null
        ? { ts: row.ts, lng: row.lng, lat: row.lat, equipmentId: row.last_equipment_id }
        : null,
  };
}

export async function insertTrackPoint(
  db: Db,
  p: { sn: string; orgId: number | null; equipmentId: number | null; ts: Date; lng: number; lat: number },
): Promise<void> {
  await db.query(
    `insert into gateway_track_points (gateway_sn, org_id, equipment_id, ts, lng, lat)
     values ($1, $2, $3, $4, $5, $6)`,
    [p.sn, p.orgId, p.equipmentId, p.ts, p.lng, p.lat],
  );
}

/**
 * The device's track points of the enterprise in [start, end], oldest first, at most `limit`
 * (the caller asks one more to learn that the range held more).
 */
export async function findTrackPoints(
  db: Db,
  orgId: number,
  equipmentId: number,
  range: { start: Date; end: Date },
  limit: number,
): Promise<TrackPoint[]> {
  const rows = await db.query<{ ts: Date; lng: number; lat: number }>(
    `select ts, lng, lat from gateway_track_points
      where equipment_id = $1 and org_id = $2 and ts >= $3 and ts <= $4
      order by ts, id limit $5`,
    [equipmentId, orgId, range.start, range.end, limit],
  );
  return rows.map((r) => ({ ts: r.ts.getTime(), lng: r.lng, lat: r.lat }));
}
