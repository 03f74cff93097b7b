import type { z } from 'zod';
import type {
  MonitorDeviceCard,
  MonitorGroupNode,
  monitorCardAllSchema,
  monitorCardQuerySchema,
  Page,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import { pageClause, Where } from '../../db/where';
import type { AuthContext } from '../../http/context';
import { scopeDevices, visibleDevice } from '../../modules/devices/deviceScope';
import { activeAlarmCountSql } from './alarmCounts';

type CardFilters = z.infer<typeof monitorCardAllSchema>;

/** queryAllByGroup and the map answer at most this many devices. */
export const ALL_DEVICES_MAX = 5000;

/** The group tree of the enterprise with the devices of each group that the caller may see. */
export async function monitorGroups(db: Db, auth: AuthContext): Promise<MonitorGroupNode[]> {
  const where = new Where([auth.orgId]);
  scopeDevices(where, auth);
  return db.query<MonitorGroupNode>(
    `select grp.id, grp.parent_id as "parentId", grp.name, grp.seq,
            count(e.id)::int as "deviceCount",
            (count(e.id) filter (where g.status = 'online'))::int as "onlineCount"
       from equipment_groups grp
       left join (equipment e left join gateways g on g.equipment_id = e.id)
              on e.group_id = grp.id and ${where}
      where grp.org_id = $1
      group by grp.id order by grp.seq desc, grp.id`,
    where.params,
  );
}

/**
 * The caller's device cards matching the filters; followed devices first, then by sort order.
 * `$1` is the caller's account (for the follow flag), so the Where starts with it.
 */
function cardQuery(auth: AuthContext, f: CardFilters) {
  const where = new Where([auth.accountId]);
  scopeDevices(where, auth);
  if (f.groupId) {
    if (f.withSubgroups)
      where.add(
        `e.group_id in (with recursive sub(id) as (select id from equipment_groups where id = ? and org_id = ?
           union all select c.id from equipment_groups c join sub on c.parent_id = sub.id) select id from sub)`,
        f.groupId,
        auth.orgId,
      );
    else where.add('e.group_id = ?', f.groupId);
  }
  if (f.keyword) where.add('e.name ilike ? or g.sn like ?', `%${f.keyword}%`, `%${f.keyword}%`);
  if (f.status === 'unbound') where.add('g.id is null');
  else where.addIf(f.status, 'g.status = ?');
  if (f.followed !== undefined) where.add(`(mf.account_id is not null) = ?`, f.followed);
  const from = `equipment e
    left join equipment_groups grp on grp.id = e.group_id
    left join gateways g on g.equipment_id = e.id
    left join monitor_follow mf on mf.equipment_id = e.id and mf.account_id = $1`;
  return { where, from };
}

const cardColumns = `e.id, e.name, e.group_id as "groupId", grp.name as "groupName", e.image, e.address,
  coalesce(e.lng, (g.location->>'lng')::float8) as lng, coalesce(e.lat, (g.location->>'lat')::float8) as lat,
  g.sn, coalesce(g.series, e.series) as series, g.status as "gatewayStatus",
  (g.id is not null and coalesce(g.applied_version, 0) <> e.config_version) as "syncNeeded",
  ${activeAlarmCountSql('e')} as "alarmCount", (mf.account_id is not null) as followed,
  (select count(*)::int from pages p where p.equipment_id = e.id) as "pageCount"`;

const cardOrder = 'order by (mf.account_id is not null) desc, e.seq desc, e.id desc';

/** A page of device cards (/monitor/equipment/query and queryByGroup). */
export async function deviceCards(
  db: Db,
  auth: AuthContext,
  q: z.infer<typeof monitorCardQuerySchema>,
): Promise<Page<MonitorDeviceCard>> {
  const { where, from } = cardQuery(auth, q);
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from ${from} where ${where}`,
    where.params,
  );
  const list = await db.query<MonitorDeviceCard>(
    `select ${cardColumns} from ${from} where ${where} ${cardOrder} ${pageClause(q)}`,
    where.params,
  );
  return { list, total: count?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** Every matching device card, up to ALL_DEVICES_MAX (/monitor/equipment/queryAllByGroup). */
export async function allDeviceCards(
  db: Db,
  auth: AuthContext,
  f: CardFilters,
): Promise<MonitorDeviceCard[]> {
  const { where, from } = cardQuery(auth, f);
  return db.query<MonitorDeviceCard>(
    `select ${cardColumns} from ${from} where ${where} ${cardOrder} limit ${ALL_DEVICES_MAX}`,
    where.params,
  );
}

/**
 * Devices with a position for the map (/monitor/equipment/queryAllForMap): the device's own
 * coordinates, else the base-station location its gateway reported.
 */
export async function mapDevices(db: Db, auth: AuthContext, f: CardFilters): Promise<MonitorDeviceCard[]> {
  const { where, from } = cardQuery(auth, f);
  where.add(
    `coalesce(e.lng, (g.location->>'lng')::float8) is not null and coalesce(e.lat, (g.location->>'lat')::float8) is not null`,
  );
  return db.query<MonitorDeviceCard>(
    `select ${cardColumns} from ${from} where ${where} ${cardOrder} limit ${ALL_DEVICES_MAX}`,
    where.params,
  );
}

/** Follows a device the caller may see (following twice changes nothing). */
export async function follow(db: Db, auth: AuthContext, equipmentId: number): Promise<void> {
  await visibleDevice(db, auth, equipmentId);
  await db.query(
    'insert into monitor_follow(account_id, equipment_id) values ($1, $2) on conflict do nothing',
    [auth.accountId, equipmentId],
  );
}

/** Stops following (the spec's `cancleFollow`); a device not followed is no error. */
export async function unfollow(db: Db, auth: AuthContext, equipmentId: number): Promise<void> {
  await visibleDevice(db, auth, equipmentId);
  await db.query('delete from monitor_follow where account_id = $1 and equipment_id = $2', [
    auth.accountId,
    equipmentId,
  ]);
}
