import { AppError, Err, LIMITS, type GroupInput, type GroupRow } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { recordBy } from '../oplog/oplog.service';

/** The enterprise's group tree as a flat list (the browser builds the tree from parentId). */
export function listGroups(db: Db, auth: AuthContext): Promise<GroupRow[]> {
  return db.query<GroupRow>(
    `select g.id, g.parent_id as "parentId", g.name, g.seq,
            (select count(*)::int from equipment e where e.group_id = g.id) as "deviceCount"
       from equipment_groups g where g.org_id = $1 order by g.seq desc, g.id`,
    [auth.orgId],
  );
}

/** Depth of a group counted from the root (a root group is level 1). */
async function levelOf(db: Db, orgId: number, id: number, selfId: number | null): Promise<number> {
  let level = 0;
  let cursor: number | null = id;
  while (cursor !== null) {
    if (cursor === selfId) throw new AppError(Err.parentGroupError);
    const row: { parent_id: number | null } | undefined = await one(
      db,
      'select parent_id from equipment_groups where id = $1 and org_id = $2',
      [cursor, orgId],
    );
    if (!row) throw new AppError(Err.parentGroupError);
    level++;
    cursor = row.parent_id;
  }
  return level;
}

/** Height of the subtree under a group (a leaf is 1), so a moved subtree still fits 10 levels. */
async function subtreeHeight(db: Db, id: number): Promise<number> {
  const [row] = await db.query<{ h: number }>(
    `with recursive sub(id, depth) as (select id, 1 from equipment_groups where id = $1
       union all select c.id, sub.depth + 1 from equipment_groups c join sub on c.parent_id = sub.id)
     select max(depth)::int as h from sub`,
    [id],
  );
  return row?.h ?? 1;
}

async function checkPlace(db: Db, auth: AuthContext, g: GroupInput, selfId: number | null) {
  const parentLevel = g.parentId === null ? 0 : await levelOf(db, auth.orgId, g.parentId, selfId);
  const height = selfId === null ? 1 : await subtreeHeight(db, selfId);
  if (parentLevel + height > LIMITS.groupLevels) throw new AppError(Err.groupDepthLimit);
  const [siblings] = await db.query<{ n: number }>(
    `select count(*)::int as n from equipment_groups where org_id = $1 and coalesce(parent_id, 0) = coalesce($2, 0)
        and id <> coalesce($3, 0)`,
    [auth.orgId, g.parentId, selfId],
  );
  if ((siblings?.n ?? 0) >= LIMITS.nodesPerParent) throw new AppError(Err.groupChildLimit);
  if (
    await one(
      db,
      `select 1 from equipment_groups where org_id = $1 and coalesce(parent_id, 0) = coalesce($2, 0)
          and lower(name) = lower($3) and id <> coalesce($4, 0)`,
      [auth.orgId, g.parentId, g.name, selfId],
    )
  ) {
    throw new AppError(Err.groupNameExists);
  }
}

export async function addGroup(db: Db, auth: AuthContext, g: GroupInput, ip: string): Promise<number> {
  return db.tx(async (tx) => {
    await checkPlace(tx, auth, g, null);
    const [row] = await tx.query<{ id: number }>(
      'insert into equipment_groups(org_id, parent_id, name, seq) values ($1, $2, $3, $4) returning id',
      [auth.orgId, g.parentId, g.name, g.seq],
    );
    await recordBy(tx, auth, ip, {
      action: 'group.add',
      objectType: 'group',
      objectId: row!.id,
      detail: { name: g.name },
    });
    return row!.id;
  });
}

async function ownGroup(db: Db, auth: AuthContext, id: number) {
  if (!(await one(db, 'select 1 from equipment_groups where id = $1 and org_id = $2', [id, auth.orgId]))) {
    throw new AppError(Err.dataMissingOrNoAccess);
  }
}

export async function editGroup(db: Db, auth: AuthContext, id: number, g: GroupInput, ip: string) {
  await db.tx(async (tx) => {
    await ownGroup(tx, auth, id);
    await checkPlace(tx, auth, g, id);
    await tx.query('update equipment_groups set parent_id = $2, name = $3, seq = $4 where id = $1', [
      id,
      g.parentId,
      g.name,
      g.seq,
    ]);
    await recordBy(tx, auth, ip, { action: 'group.edit', objectType: 'group', objectId: id });
  });
}

/** A group with sub-groups or devices cannot be deleted (10004). */
export async function deleteGroup(db: Db, auth: AuthContext, id: number, ip: string) {
  await db.tx(async (tx) => {
    await ownGroup(tx, auth, id);
    if (
      await one(
        tx,
        'select 1 where exists (select 1 from equipment_groups where parent_id = $1) or exists (select 1 from equipment where group_id = $1)',
        [id],
      )
    ) {
      throw new AppError(Err.inUseCannotDelete);
    }
    await tx.query('delete from equipment_groups where id = $1', [id]);
    await recordBy(tx, auth, ip, { action: 'group.delete', objectType: 'group', objectId: id });
  });
}
