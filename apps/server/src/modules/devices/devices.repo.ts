import type { DeviceRow as DeviceWireRow, EquipmentInput, EquipmentQuery } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { pageClause, type Where } from '../../db/where';

/** A device as lists and forms see it, read from the database. */
export type DeviceRow = DeviceWireRow<Date>;

export const deviceColumns = `e.id, e.name, e.group_id as "groupId", grp.name as "groupName", e.device_number as "deviceNumber",
  e.address, e.lng, e.lat, to_char(e.factory_date, 'YYYY-MM-DD') as "factoryDate",
  to_char(e.install_date, 'YYYY-MM-DD') as "installDate", e.warranty_months as "warrantyMonths", e.manufacturer, e.iccid,
  e.remark, e.seq, e.image, e.default_value_mode as "defaultValueMode", e.menu_bar_visible as "menuBarVisible", e.shared,
  e.owner_account_id as "ownerAccountId", own.loginname as "ownerLoginname", e.template_id as "templateId",
  t.name as "templateName", (t.id is not null and coalesce(e.template_version, 0) <> t.config_version) as "templateMismatch",
  g.sn, coalesce(g.series, e.series) as series, g.status as "gatewayStatus",
  (g.id is not null and coalesce(g.applied_version, 0) <> e.config_version) as "syncNeeded",
  e.config_version as "configVersion", e.created_at as "createdAt"`;

export const deviceFrom = `equipment e
  left join equipment_groups grp on grp.id = e.group_id
  left join accounts own on own.id = e.owner_account_id
  left join templates t on t.id = e.template_id
  left join gateways g on g.equipment_id = e.id`;

export async function findDevices(
  db: Db,
  where: Where,
  q: EquipmentQuery,
): Promise<{ list: DeviceRow[]; total: number }> {
  if (q.keyword)
    where.add(
      'e.name ilike ? or e.device_number ilike ? or g.sn like ?',
      `%${q.keyword}%`,
      `%${q.keyword}%`,
      `%${q.keyword}%`,
    );
  if (q.groupId) {
    if (q.withSubgroups) {
      where.add(
        `e.group_id in (with recursive sub(id) as (select id from equipment_groups where id = ?
           union all select c.id from equipment_groups c join sub on c.parent_id = sub.id) select id from sub)`,
        q.groupId,
      );
    } else where.add('e.group_id = ?', q.groupId);
  }
  if (q.status === 'unbound') where.add('g.id is null and true = ?', true);
  else where.addIf(q.status, 'g.status = ?');
  where.addIf(q.templateId, 'e.template_id = ?');
  where.addIf(q.manufacturer, 'e.manufacturer = ?');
  if (q.sn) where.add('g.sn like ?', `%${q.sn}%`);
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from ${deviceFrom} where ${where}`,
    where.params,
  );
  const list = await db.query<DeviceRow>(
    `select ${deviceColumns} from ${deviceFrom} where ${where} order by e.seq desc, e.id desc ${pageClause(q)}`,
    where.params,
  );
  return { list, total: count?.n ?? 0 };
}

export function findDevice(db: Db, id: number): Promise<DeviceRow | undefined> {
  return one<DeviceRow>(db, `select ${deviceColumns} from ${deviceFrom} where e.id = $1`, [id]);
}

export async function deviceNameTaken(
  db: Db,
  orgId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  return !!(await one(
    db,
    'select 1 from equipment where org_id = $1 and lower(name) = lower($2) and id <> coalesce($3, 0)',
    [orgId, name, exceptId],
  ));
}

const fieldValues = (e: EquipmentInput) => [
  e.name,
  e.groupId,
  e.deviceNumber,
  e.address,
  e.lng,
  e.lat,
  e.factoryDate,
  e.installDate,
  e.warrantyMonths,
  e.manufacturer,
  e.iccid,
  e.remark,
  e.seq,
  e.image,
  e.defaultValueMode,
  e.menuBarVisible,
];

export async function insertDevice(
  db: Db,
  orgId: number,
  ownerId: number,
  e: EquipmentInput,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into equipment(name, group_id, device_number, address, lng, lat, factory_date, install_date, warranty_months,
       manufacturer, iccid, remark, seq, image, default_value_mode, menu_bar_visible, org_id, owner_account_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
    [...fieldValues(e), orgId, ownerId],
  );
  return row!.id;
}

export async function updateDevice(db: Db, id: number, e: EquipmentInput): Promise<void> {
  await db.query(
    `update equipment set name = $1, group_id = $2, device_number = $3, address = $4, lng = $5, lat = $6, factory_date = $7,
       install_date = $8, warranty_months = $9, manufacturer = $10, iccid = $11, remark = $12, seq = $13, image = $14,
       default_value_mode = $15, menu_bar_visible = $16, updated_at = now()
     where id = $17`,
    [...fieldValues(e), id],
  );
}

/** Marks the device's configuration as changed: the gateway must be synced. */
export async function bumpConfigVersion(db: Db, equipmentId: number): Promise<void> {
  await db.query(
    'update equipment set config_version = config_version + 1, updated_at = now() where id = $1',
    [equipmentId],
  );
}

export async function manufacturersOf(db: Db, orgId: number): Promise<string[]> {
  const rows = await db.query<{ manufacturer: string }>(
    "select distinct manufacturer from equipment where org_id = $1 and manufacturer <> '' order by manufacturer",
    [orgId],
  );
  return rows.map((r) => r.manufacturer);
}

/** Every device matching `where` (aliases e, g) in short form, newest first. */
export function deviceSummaries(db: Db, where: Where) {
  return db.query<{
    id: number;
    name: string;
    groupId: number | null;
    sn: string | null;
    gatewayStatus: string | null;
  }>(
    `select e.id, e.name, e.group_id as "groupId", g.sn, g.status as "gatewayStatus"
       from equipment e left join gateways g on g.equipment_id = e.id where ${where} order by e.seq desc, e.id desc`,
    where.params,
  );
}

/** Deletes a device and frees its gateway for another binding. */
export async function deleteDeviceRow(db: Db, id: number): Promise<void> {
  await db.query(
    'update gateways set equipment_id = null, org_id = null, applied_version = null, applied_hash = null where equipment_id = $1',
    [id],
  );
  await db.query('delete from equipment where id = $1', [id]);
}

/** A copy of the device's own fields under a new name, owned by `ownerId`, without gateway or number. */
export async function insertDeviceCopy(
  db: Db,
  sourceId: number,
  copy: { ownerId: number; series: string | null; name: string },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into equipment(org_id, owner_account_id, group_id, template_id, template_version, series, name, device_number,
       address, lng, lat, factory_date, install_date, warranty_months, manufacturer, iccid, remark, seq, image,
       default_value_mode, menu_bar_visible)
     select org_id, $2, group_id, template_id, template_version, $3, $4, '', address, lng, lat, factory_date, install_date,
            warranty_months, manufacturer, '', remark, seq, image, default_value_mode, menu_bar_visible
       from equipment where id = $1 returning id`,
    [sourceId, copy.ownerId, copy.series, copy.name],
  );
  return row!.id;
}
