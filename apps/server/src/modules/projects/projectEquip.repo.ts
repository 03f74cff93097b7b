import type { ProjectBindableEquip, ProjectEquipRow } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { pageClause, Where } from '../../db/where';
import type { AuthContext } from '../../http/context';
import { scopeDevices } from '../devices/deviceScope';

type GatewayStatus = ProjectEquipRow['gatewayStatus'];

/** `%`, `_` and `\` of a search text match themselves in ilike. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Devices the caller may see that are not bound to the project, by name; `keyword` matches name or SN. */
export async function bindableDevices(
  db: Db,
  auth: AuthContext,
  projectId: number,
  query: { keyword?: string | undefined; pageNum: number; pageSize: number },
): Promise<{ list: ProjectBindableEquip[]; total: number }> {
  const where = scopeDevices(new Where(), auth).add(
    'not exists (select 1 from project_equipment pe where pe.project_id = ? and pe.equipment_id = e.id)',
    projectId,
  );
  if (query.keyword)
    where.add("(e.name ilike '%' || ? || '%' or g.sn like '%' || ? || '%')", likeText(query.keyword));
  const from = 'from equipment e left join gateways g on g.equipment_id = e.id';
  const rows = await db.query<{ id: number; name: string; sn: string; gateway_status: GatewayStatus }>(
    `select e.id, e.name, coalesce(g.sn, '') as sn, g.status as gateway_status ${from} where ${where}
      order by lower(e.name), e.id ${pageClause(query)}`,
    where.params,
  );
  const count = await one<{ n: number }>(
    db,
    `select count(*)::int as n ${from} where ${where}`,
    where.params,
  );
  return {
    list: rows.map((r) => ({ id: r.id, name: r.name, sn: r.sn, gatewayStatus: r.gateway_status })),
    total: count?.n ?? 0,
  };
}

interface EquipRecord {
  project_id: number;
  equipment_id: number;
  title: string;
  key: string;
  name: string;
  sn: string;
  gateway_status: GatewayStatus;
  created_at: Date;
}

const equipColumns = `pe.project_id, pe.equipment_id, pe.title, pe.key, e.name, coalesce(g.sn, '') as sn,
  g.status as gateway_status, pe.created_at`;
const fromEquip = `from project_equipment pe join equipment e on e.id = pe.equipment_id
  left join gateways g on g.equipment_id = e.id`;

function toEquipRow(r: EquipRecord): ProjectEquipRow {
  return {
    projectId: r.project_id,
    equipmentId: r.equipment_id,
    title: r.title,
    key: r.key,
    name: r.name,
    sn: r.sn,
    gatewayStatus: r.gateway_status,
    createdAt: new Date(r.created_at).getTime(),
  };
}

function boundWhere(orgId: number, projectId: number, keyword?: string, equipmentIds?: number[]): Where {
  const where = new Where().add('pe.org_id = ?', orgId).add('pe.project_id = ?', projectId);
  if (keyword) {
    where.add(
      "(pe.key ilike '%' || ? || '%' or pe.title ilike '%' || ? || '%' or e.name ilike '%' || ? || '%' or g.sn like '%' || ? || '%')",
      likeText(keyword),
    );
  }
  if (equipmentIds) where.add('pe.equipment_id = any(?::bigint[])', equipmentIds);
  return where;
}

/** The project's bound devices by key (one page of them, or all). */
export async function boundDevices(
  db: Db,
  orgId: number,
  projectId: number,
  query: { keyword?: string | undefined; pageNum: number; pageSize: number } | null,
  equipmentIds?: number[],
): Promise<{ list: ProjectEquipRow[]; total: number }> {
  const where = boundWhere(orgId, projectId, query?.keyword, equipmentIds);
  const rows = await db.query<EquipRecord>(
    `select ${equipColumns} ${fromEquip} where ${where} order by lower(pe.key), pe.equipment_id
     ${query ? pageClause(query) : ''}`,
    where.params,
  );
  const total = query
    ? ((await one<{ n: number }>(db, `select count(*)::int as n ${fromEquip} where ${where}`, where.params))
        ?.n ?? 0)
    : rows.length;
  return { list: rows.map(toEquipRow), total };
}

/** Bound devices among the ids, with their device names. */
export function boundAmong(
  db: Db,
  orgId: number,
  projectId: number,
  equipmentIds: number[],
): Promise<{ equipment_id: number; name: string }[]> {
  return db.query(
    `select pe.equipment_id, e.name from project_equipment pe join equipment e on e.id = pe.equipment_id
      where pe.org_id = $1 and pe.project_id = $2 and pe.equipment_id = any($3::bigint[]) order by pe.equipment_id`,
    [orgId, projectId, equipmentIds],
  );
}

/** The project's keys in lower case, except the one of `exceptEquipmentId`. */
export async function keysOf(
  db: Db,
  orgId: number,
  projectId: number,
  exceptEquipmentId = 0,
): Promise<Set<string>> {
  const rows = await db.query<{ key: string }>(
    'select lower(key) as key from project_equipment where org_id = $1 and project_id = $2 and equipment_id <> $3',
    [orgId, projectId, exceptEquipmentId],
  );
  return new Set(rows.map((r) => r.key));
}

export async function insertBound(
  db: Db,
  orgId: number,
  projectId: number,
  rows: { equipmentId: number; title: string; key: string }[],
): Promise<void> {
  await db.query(
    `insert into project_equipment (project_id, equipment_id, org_id, title, key)
     select $1, r.equipment_id, $2, r.title, r.key
       from unnest($3::bigint[], $4::text[], $5::text[]) as r(equipment_id, title, key)`,
    [projectId, orgId, rows.map((r) => r.equipmentId), rows.map((r) => r.title), rows.map((r) => r.key)],
  );
}

export async function deleteBound(
  db: Db,
  orgId: number,
  projectId: number,
  equipmentIds: number[],
): Promise<void> {
  await db.query(
    'delete from project_equipment where org_id = $1 and project_id = $2 and equipment_id = any($3::bigint[])',
    [orgId, projectId, equipmentIds],
  );
}

export async function updateBound(
  db: Db,
  orgId: number,
  projectId: number,
  equipmentId: number,
  change: { key: string; title: string | undefined },
): Promise<void> {
  await db.query(
    `update project_equipment set key = $4, title = coalesce($5, title)
      where org_id = $1 and project_id = $2 and equipment_id = $3`,
    [orgId, projectId, equipmentId, change.key, change.title ?? null],
  );
}
