import {
  AppError,
  Err,
  PROJECT_EQUIP_TITLE_MAX,
  type Page,
  type ProjectBindableEquip,
  type ProjectEquipAddInput,
  type ProjectEquipDeleteInput,
  type ProjectEquipQueryInput,
  type ProjectEquipQueryNoBindInput,
  type ProjectEquipRow,
  type ProjectEquipUpdateKeyInput,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { visibleDevice } from '../devices/deviceScope';
import { recordBy } from '../oplog/oplog.service';
import { projectFor } from './projectAccess';
import * as repo from './projectEquip.repo';
import { lockProject } from './projects.repo';

export async function bindable(
  db: Db,
  auth: AuthContext,
  input: ProjectEquipQueryNoBindInput,
): Promise<Page<ProjectBindableEquip>> {
  const project = await projectFor(db, auth, input.projectId, 'manage');
  const { list, total } = await repo.bindableDevices(db, auth, project.id, input);
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function query(
  db: Db,
  auth: AuthContext,
  input: ProjectEquipQueryInput,
): Promise<Page<ProjectEquipRow>> {
  const project = await projectFor(db, auth, input.projectId, 'manage');
  const { list, total } = await repo.boundDevices(db, auth.orgId, project.id, input);
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Every bound device: for the designer, formulas and the viewer, so members may read it too. */
export async function queryAll(db: Db, auth: AuthContext, projectId: number): Promise<ProjectEquipRow[]> {
  const project = await projectFor(db, auth, projectId, 'view');
  return (await repo.boundDevices(db, auth.orgId, project.id, null)).list;
}

/** The first `E<n>` not among the (lower-case) keys. */
export function freeKey(taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) if (!taken.has(`e${n}`)) return `E${n}`;
}

/** Keys given twice in one call are refused like a key already in the project (2607). */
function requireDistinctKeys(keys: string[]): void {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key.toLowerCase())) throw new AppError(Err.projectEquipKeyExists, { params: { key } });
    seen.add(key.toLowerCase());
  }
}

export async function add(
  db: Db,
  auth: AuthContext,
  input: ProjectEquipAddInput,
  ip: string,
): Promise<ProjectEquipRow[]> {
  const project = await projectFor(db, auth, input.projectId, 'manage');
  const ids = input.equips.map((e) => e.equipmentId);
  if (new Set(ids).size !== ids.length) {
    throw new AppError(Err.parameterCheckFailed, { params: { detail: 'equips.equipmentId' } });
  }
  requireDistinctKeys(input.equips.flatMap((e) => (e.key ? [e.key] : [])));
  // each device must be one the caller may see (1101 for another enterprise's)
  const devices = await Promise.all(ids.map((id) => visibleDevice(db, auth, id)));
  await db.tx(async (tx) => {
    await lockProject(tx, project.orgId, project.id);
    const bound = await repo.boundAmong(tx, project.orgId, project.id, ids);
    if (bound.length) throw new AppError(Err.projectEquipBound, { params: { name: bound[0]!.name } });
    const taken = await repo.keysOf(tx, project.orgId, project.id);
    const clash = input.equips.find((e) => e.key && taken.has(e.key.toLowerCase()));
    if (clash) throw new AppError(Err.projectEquipKeyExists, { params: { key: clash.key! } });
    for (const e of input.equips) if (e.key) taken.add(e.key.toLowerCase());
    const rows = input.equips.map((e, i) => {
      const key = e.key ?? freeKey(taken);
      taken.add(key.toLowerCase());
      return {
        equipmentId: e.equipmentId,
        key,
        title: e.title ?? devices[i]!.name.slice(0, PROJECT_EQUIP_TITLE_MAX),
      };
    });
    await repo.insertBound(tx, project.orgId, project.id, rows);
    await recordBy(tx, auth, ip, {
      action: 'project.equip.add',
      objectType: 'project',
      objectId: project.id,
      detail: { equipmentIds: ids },
    });
  });
  const added = (await repo.boundDevices(db, auth.orgId, project.id, null, ids)).list;
  return ids.map((id) => added.find((r) => r.equipmentId === id)!);
}

export async function remove(
  db: Db,
  auth: AuthContext,
  input: ProjectEquipDeleteInput,
  ip: string,
): Promise<null> {
  const project = await projectFor(db, auth, input.projectId, 'manage');
  const ids = [...new Set(input.equipmentIds)];
  await db.tx(async (tx) => {
    await lockProject(tx, project.orgId, project.id);
    if ((await repo.boundAmong(tx, project.orgId, project.id, ids)).length !== ids.length) {
      throw new AppError(Err.deviceNotInProject);
    }
    await repo.deleteBound(tx, project.orgId, project.id, ids);
    await recordBy(tx, auth, ip, {
      action: 'project.equip.delete',
      objectType: 'project',
      objectId: project.id,
      detail: { equipmentIds: ids },
    });
  });
  return null;
}

export async function updateKey(
  db: Db,
  auth: AuthContext,
  input: ProjectEquipUpdateKeyInput,
  ip: string,
): Promise<ProjectEquipRow> {
  const project = await projectFor(db, auth, input.projectId, 'manage');
  await db.tx(async (tx) => {
    await lockProject(tx, project.orgId, project.id);
    if (!(await repo.boundAmong(tx, project.orgId, project.id, [input.equipmentId])).length) {
      throw new AppError(Err.deviceNotInProject);
    }
    if ((await repo.keysOf(tx, project.orgId, project.id, input.equipmentId)).has(input.key.toLowerCase())) {
      throw new AppError(Err.projectEquipKeyExists, { params: { key: input.key } });
    }
    await repo.updateBound(tx, project.orgId, project.id, input.equipmentId, {
      key: input.key,
      title: input.title,
    });
    await recordBy(tx, auth, ip, {
      action: 'project.equip.key',
      objectType: 'project',
      objectId: project.id,
      detail: { equipmentId: input.equipmentId, key: input.key },
    });
  });
  return (await repo.boundDevices(db, auth.orgId, project.id, null, [input.equipmentId])).list[0]!;
}
