import { AppError, Err } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { Where } from '../../db/where';
import type { AuthContext } from '../../http/context';

/**
 * Narrows `where` to the devices the caller may see (alias `e` = equipment): the whole
 * enterprise for its admin and for internal accounts whose role's data range is the enterprise;
 * for a department range, devices owned by the department's accounts; otherwise the devices the
 * account owns or is authorised on. External accounts see only owned and authorised devices.
 */
export function scopeDevices(where: Where, auth: AuthContext, alias = 'e'): Where {
  where.add(`${alias}.org_id = ?`, auth.orgId);
  const authorised = `exists (select 1 from equipment_auth ea where ea.equipment_id = ${alias}.id and ea.account_id = ?)`;
  if (auth.kind === 'enterprise') return where;
  if (auth.kind === 'internal' && auth.dataRange === 'org') return where;
  if (auth.kind === 'internal' && auth.dataRange === 'dept' && auth.deptId) {
    return where.add(
      `${alias}.owner_account_id in (select id from accounts where dept_id = ? and org_id = ?) or ${authorised}`,
      auth.deptId,
      auth.orgId,
      auth.accountId,
    );
  }
  return where.add(`${alias}.owner_account_id = ? or ${authorised}`, auth.accountId, auth.accountId);
}

export interface DeviceRef {
  id: number;
  org_id: number;
  name: string;
  template_id: number | null;
  gateway_id: number | null;
  series: string | null;
  gateway_status: string | null;
}

/** A device the caller may see, or 1101 (the same answer for another enterprise's id). */
export async function visibleDevice(db: Db, auth: AuthContext, id: number): Promise<DeviceRef> {
  const where = scopeDevices(new Where(), auth).add('e.id = ?', id);
  const row = await one<DeviceRef>(
    db,
    `select e.id, e.org_id, e.name, e.template_id, g.id as gateway_id, coalesce(g.series, e.series) as series,
            g.status as gateway_status
       from equipment e left join gateways g on g.equipment_id = e.id where ${where}`,
    where.params,
  );
  if (!row) throw new AppError(Err.deviceNotFound);
  return row;
}

/** The devices among `ids` the caller may see, with their names (others, another enterprise's included, left out). */
export async function visibleDevicesAmong(
  db: Db,
  auth: AuthContext,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  const where = scopeDevices(new Where(), auth).add('e.id = any(?::bigint[])', [...new Set(ids)]);
  return db.query<{ id: number; name: string }>(
    `select e.id, e.name from equipment e where ${where} order by e.id`,
    where.params,
  );
}
