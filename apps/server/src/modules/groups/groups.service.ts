import { AppError, Err, LIMITS, type GroupInput, type GroupRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { recordBy } from '../oplog/oplog.service';
import * as repo from './groups.repo';

/** The enterprise's group tree as a flat list (the browser builds the tree from parentId). */
export function listGroups(db: Db, auth: AuthContext): Promise<GroupRow[]> {
  return repo.groupsOf(db, auth.orgId);
}

/** Depth of a group counted from the root (a root group is level 1). */
async function levelOf(db: Db, orgId: number, id: number, selfId: number | null): Promise<number> {
  let level = 0;
  let cursor: number | null = id;
  while (cursor !== null) {
    if (cursor === selfId) throw new AppError(Err.parentGroupError);
    const row = await repo.groupIn(db, orgId, cursor);
    if (!row) throw new AppError(Err.parentGroupError);
    level++;
    cursor = row.parent_id;
  }
  return level;
}

async function checkPlace(db: Db, auth: AuthContext, g: GroupInput, selfId: number | null) {
  const parentLevel = g.parentId === null ? 0 : await levelOf(db, auth.orgId, g.parentId, selfId);
  // a moved subtree must still fit 10 levels
  const height = selfId === null ? 1 : await repo.subtreeHeight(db, selfId);
  if (parentLevel + height > LIMITS.groupLevels) throw new AppError(Err.groupDepthLimit);
  if ((await repo.siblingCount(db, auth.orgId, g.parentId, selfId)) >= LIMITS.nodesPerParent)
    throw new AppError(Err.groupChildLimit);
  if (await repo.groupNameTaken(db, auth.orgId, g.parentId, g.name, selfId))
    throw new AppError(Err.groupNameExists);
}

export async function addGroup(db: Db, auth: AuthContext, g: GroupInput, ip: string): Promise<number> {
  return db.tx(async (tx) => {
    await checkPlace(tx, auth, g, null);
    const id = await repo.insertGroup(tx, auth.orgId, g);
    await recordBy(tx, auth, ip, {
      action: 'group.add',
      objectType: 'group',
      objectId: id,
      detail: { name: g.name },
    });
    return id;
  });
}

async function ownGroup(db: Db, auth: AuthContext, id: number) {
  if (!(await repo.groupIn(db, auth.orgId, id))) throw new AppError(Err.dataMissingOrNoAccess);
}

export async function editGroup(db: Db, auth: AuthContext, id: number, g: GroupInput, ip: string) {
  await db.tx(async (tx) => {
    await ownGroup(tx, auth, id);
    await checkPlace(tx, auth, g, id);
    await repo.updateGroup(tx, id, g);
    await recordBy(tx, auth, ip, { action: 'group.edit', objectType: 'group', objectId: id });
  });
}

/** A group with sub-groups or devices cannot be deleted (10004). */
export async function deleteGroup(db: Db, auth: AuthContext, id: number, ip: string) {
  await db.tx(async (tx) => {
    await ownGroup(tx, auth, id);
    if (await repo.groupInUse(tx, id)) throw new AppError(Err.inUseCannotDelete);
    await repo.deleteGroupRow(tx, id);
    await recordBy(tx, auth, ip, { action: 'group.delete', objectType: 'group', objectId: id });
  });
}
