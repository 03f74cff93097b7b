import type { GroupInput, GroupRow } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';

/** The enterprise's groups, flat, with each group's own device count (order: seq desc, id). */
export function groupsOf(db: Db, orgId: number): Promise<GroupRow[]> {
  return db.query<GroupRow>(
    `select g.id, g.parent_id as "parentId", g.name, g.seq,
            (select count(*)::int from equipment e where e.group_id = g.id) as "deviceCount"
       from equipment_groups g where g.org_id = $1 order by g.seq desc, g.id`,
    [orgId],
  );
}

/** A group of the enterprise (its parent), or undefined when it is not one of the enterprise's. */
export function groupIn(db: Db, orgId: number, id: number) {
  return one<{ parent_id: number | null }>(
    db,
    'select parent_id from equipment_groups where id = $1 and org_id = $2',
    [id, orgId],
  );
}

/** Height of the subtree under a group (a leaf is 1). */
export async function subtreeHeight(db: Db, id: number): Promise<number> {
  const [row] = await db.query<{ h: number }>(
    `with recursive sub(id, depth) as (select id, 1 from equipment_groups where id = $1
       union all select c.id, sub.depth + 1 from equipment_groups c join sub on c.parent_id = sub.id)
     select max(depth)::int as h from sub`,
    [id],
  );
  return row?.h ?? 1;
}

/** Groups under the same parent (the root: null), not counting `exceptId`. */
export async function siblingCount(db: Db, orgId: number, parentId: number | null, exceptId: number | null) {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from equipment_groups where org_id = $1 and coalesce(parent_id, 0) = coalesce($2, 0)
        and id <> coalesce($3, 0)`,
    [orgId, parentId, exceptId],
  );
  return row?.n ?? 0;
}

/** Whether a sibling (not `exceptId`) already has this name, case-insensitively. */
export async function groupNameTaken(
  db: Db,
  orgId: number,
  parentId: number | null,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  return !!(await one(
    db,
    `select 1 from equipment_groups where org_id = $1 and coalesce(parent_id, 0) = coalesce($2, 0)
        and lower(name) = lower($3) and id <> coalesce($4, 0)`,
    [orgId, parentId, name, exceptId],
  ));
}

export async function insertGroup(db: Db, orgId: number, g: GroupInput): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into equipment_groups(org_id, parent_id, name, seq) values ($1, $2, $3, $4) returning id',
    [orgId, g.parentId, g.name, g.seq],
  );
  return row!.id;
}

export async function updateGroup(db: Db, id: number, g: GroupInput): Promise<void> {
  await db.query('update equipment_groups set parent_id = $2, name = $3, seq = $4 where id = $1', [
    id,
    g.parentId,
    g.name,
    g.seq,
  ]);
}

/** Whether the group has sub-groups or devices. */
export async function groupInUse(db: Db, id: number): Promise<boolean> {
  return !!(await one(
    db,
    'select 1 where exists (select 1 from equipment_groups where parent_id = $1) or exists (select 1 from equipment where group_id = $1)',
    [id],
  ));
}

export async function deleteGroupRow(db: Db, id: number): Promise<void> {
  await db.query('delete from equipment_groups where id = $1', [id]);
}
