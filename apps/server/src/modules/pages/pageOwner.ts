import { AppError, Err, type PageOwner, type PageOwnerKind } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { resolveOwner } from '../config/configOwner';
import { visibleDevice } from '../devices/deviceScope';
import { projectFor } from '../projects/projectAccess';
import { visibleTemplate } from '../templates/templateScope';

/** The owner of a page list, checked for the caller. */
export interface ResolvedPageOwner {
  kind: PageOwnerKind;
  id: number;
  orgId: number;
  /** the pages column that holds this owner's id */
  column: 'equipment_id' | 'template_id' | 'project_id';
  /** catalogue code of "too many pages" for this owner (docs/requirements/pages-and-designer.md §2.4) */
  limitCode: number;
  /** the only pages the caller may see (a project member's pagePmsn); null = all of them */
  visiblePages: ReadonlySet<number> | null;
}

export type PageAccess = 'view' | 'edit';

const columnOf = {
  equipment: 'equipment_id',
  template: 'template_id',
  project: 'project_id',
} as const satisfies Record<PageOwnerKind, ResolvedPageOwner['column']>;

function resolved(
  kind: PageOwnerKind,
  id: number,
  orgId: number,
  visiblePages: ReadonlySet<number> | null = null,
): ResolvedPageOwner {
  return {
    kind,
    id,
    orgId,
    column: columnOf[kind],
    limitCode: kind === 'project' ? Err.projectPageLimit : Err.pageLimit,
    visiblePages,
  };
}

const hasAny = (auth: AuthContext, keys: string[]) => keys.some((k) => auth.auths.has(k));

/**
 * Checks that the caller may view or edit the pages of an owner. Editing needs the owner's
 * configuration permission, as the device configuration calls do (`resolveOwner`: equipment_manage
 * or template_manage, and the owner in the caller's data range). Viewing a device's pages also
 * works with monitor_view (the pages are shown in monitoring). A project is its enterprise's, with
 * project_manage; with ops_center a member of the project views the pages its pagePmsn names
 * (`visiblePages`). An owner of another enterprise reads as missing (1101 device, 90002 template,
 * 2604 project).
 */
export async function pageOwnerFor(
  db: Db,
  auth: AuthContext,
  owner: PageOwner,
  access: PageAccess,
): Promise<ResolvedPageOwner> {
  switch (owner.ownerKind) {
    case 'equipment': {
      if (access === 'edit') {
        const o = await resolveOwner(db, auth, { equipmentId: owner.ownerId, templateId: null });
        return resolved('equipment', o.id, o.orgId);
      }
      if (!hasAny(auth, ['equipment_manage', 'monitor_view'])) throw new AppError(Err.noAccess);
      const device = await visibleDevice(db, auth, owner.ownerId);
      return resolved('equipment', device.id, device.org_id);
    }
    case 'template': {
      if (access === 'edit') {
        const o = await resolveOwner(db, auth, { equipmentId: null, templateId: owner.ownerId });
        return resolved('template', o.id, o.orgId);
      }
      if (!hasAny(auth, ['template_manage'])) throw new AppError(Err.noAccess);
      const template = await visibleTemplate(db, auth, owner.ownerId);
      return resolved('template', template.id, template.org_id);
    }
    case 'project': {
      const project = await projectFor(db, auth, owner.ownerId, access === 'edit' ? 'manage' : 'view');
      const visible = project.pagePmsn === null ? null : new Set(project.pagePmsn.keys());
      return resolved('project', project.id, project.orgId, visible);
    }
  }
}

/** The owner named by a stored page row. */
export function ownerOfRow(row: {
  equipment_id: number | null;
  template_id: number | null;
  project_id: number | null;
}): PageOwner {
  if (row.equipment_id !== null) return { ownerKind: 'equipment', ownerId: row.equipment_id };
  if (row.template_id !== null) return { ownerKind: 'template', ownerId: row.template_id };
  return { ownerKind: 'project', ownerId: row.project_id! };
}
