import { AppError, Err } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { Clock } from '../../clock';
import type { AuthContext } from '../../http/context';
import { mvarDefinitions, projectSignals, type MvarDefinition } from '../../modules/mvars/mvars.repo';
import { projectFor, projectPageAccessFor, type ProjectAccess } from '../../modules/projects/projectAccess';

/**
 * What a project page may watch: access through the project (part A's rules: project_manage, or an
 * ops_center member whose pagePmsn names the page), an unexpired project, and only devices bound
 * to the project, their signals and the project's own mvars.
 */

async function requireUnexpired(db: Db, clock: Clock, projectId: number): Promise<void> {
  const row = await one<{ expires_at: Date | null }>(db, 'select expires_at from projects where id = $1', [
    projectId,
  ]);
  if (row?.expires_at && row.expires_at.getTime() < clock.now().getTime())
    throw new AppError(Err.projectExpired);
}

/** The project of a page the caller may monitor (1903 otherwise), with the caller's right on it. */
export async function monitoredPage(db: Db, clock: Clock, auth: AuthContext, pageId: number) {
  const page = await projectPageAccessFor(db, auth, pageId);
  await requireUnexpired(db, clock, page.projectId);
  return page;
}

/** A project the caller may monitor (2604 otherwise). */
export async function monitoredProject(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  projectId: number,
): Promise<ProjectAccess> {
  const project = await projectFor(db, auth, projectId, 'view');
  await requireUnexpired(db, clock, project.id);
  return project;
}

/** Every device given is bound to the project, else 2610. */
export async function requireBound(
  db: Db,
  projectId: number,
  equipmentIds: readonly number[],
): Promise<void> {
  if (!equipmentIds.length) return;
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from project_equipment where project_id = $1 and equipment_id = any($2::int8[])',
    [projectId, equipmentIds],
  );
  if ((row?.n ?? 0) !== new Set(equipmentIds).size) throw new AppError(Err.deviceNotInProject);
}

/** The devices of these signals, each a signal of a device bound to the project (else 2610). */
export async function projectSignalDevices(
  db: Db,
  orgId: number,
  projectId: number,
  signalIds: readonly number[],
): Promise<Map<number, number>> {
  if (!signalIds.length) return new Map();
  const found = await projectSignals(db, orgId, projectId, signalIds);
  if (found.length !== new Set(signalIds).size) throw new AppError(Err.deviceNotInProject);
  return new Map(found.map((s) => [s.signal_id, s.equipment_id]));
}

/** What a page names: comma lists of devices, signals and mvars. */
export interface PageBindings {
  dataEquip: readonly number[];
  dataSignal: readonly number[];
  dataMvar: readonly number[];
}

/**
 * The part of a page's bindings the project serves: its bound devices, their signals and its own
 * mvars. A saved page may still name a device unbound since, a removed signal or a deleted mvar;
 * those are left out (their widgets show no value) rather than refusing the whole page, and ids
 * of another project or enterprise reveal nothing.
 */
export async function servedBindings(
  db: Db,
  orgId: number,
  projectId: number,
  page: PageBindings,
): Promise<{ equipmentIds: number[]; signalDevices: Map<number, number>; mvars: MvarDefinition[] }> {
  const bound = page.dataEquip.length
    ? await db.query<{ equipment_id: number }>(
        'select equipment_id from project_equipment where project_id = $1 and equipment_id = any($2::int8[])',
        [projectId, page.dataEquip],
      )
    : [];
  const signals = page.dataSignal.length ? await projectSignals(db, orgId, projectId, page.dataSignal) : [];
  const mvars = page.dataMvar.length ? await mvarDefinitions(db, projectId, page.dataMvar) : [];
  const equipmentIds = new Set(bound.map((b) => b.equipment_id));
  return {
    // in the order the page named them
    equipmentIds: page.dataEquip.filter((id) => equipmentIds.has(id)),
    signalDevices: new Map(signals.map((s) => [s.signal_id, s.equipment_id])),
    mvars,
  };
}

/**
 * The caller as the device calls should see it once a device was found bound to a project the
 * caller may use: on a project page the project, not the account's data range, decides which
 * devices it watches (docs/requirements/projects.md §4.4), so the device scope becomes the enterprise. The
 * enterprise, the account and its permission keys stay as they are.
 */
export function throughProject(auth: AuthContext): AuthContext {
  return { ...auth, kind: 'internal', dataRange: 'org' };
}
