import type { FastifyInstance } from 'fastify';
import {
  projectAddSchema,
  projectEditSchema,
  projectEditShareAuthSchema,
  projectEditSharePwdSchema,
  projectEquipAddSchema,
  projectEquipDeleteSchema,
  projectEquipQueryAllSchema,
  projectEquipQueryNoBindSchema,
  projectEquipQuerySchema,
  projectEquipUpdateKeySchema,
  projectIdSchema,
  projectPmsnAddSchema,
  projectPmsnDeleteSchema,
  projectPmsnEditSchema,
  projectPmsnQueryNoPmsnUserSchema,
  projectPmsnQuerySchema,
  projectQueryAllByUserSchema,
  projectQueryAllSchema,
  projectSeqSaveSchema,
} from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import * as equip from './projectEquip.service';
import * as members from './projectMembers.service';
import * as projects from './projects.service';

/**
 * Projects, the operations centres (docs/requirements/projects.md §9, issue 8): /lfscada/project/*, shapes
 * in packages/shared/src/project, docs/projects-api.md. Managing needs project_manage; queryAllByUser,
 * info and equip/queryAll are also open to members (ops_center). The permission and tenant checks
 * live in the services (projectFor), because a member's rights depend on the project.
 */
export function projectRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  const base = '/lfscada/project';
  call(app, `${base}/queryAll`, { input: projectQueryAllSchema }, ({ input, auth }) =>
    projects.queryAll(db, auth, input),
  );
  call(app, `${base}/queryAllByUser`, { input: projectQueryAllByUserSchema }, ({ auth }) =>
    projects.queryAllByUser(db, auth, clock.now()),
  );
  call(app, `${base}/info`, { input: projectIdSchema }, ({ input, auth }) =>
    projects.info(db, auth, input.id, clock.now()),
  );
  call(app, `${base}/add`, { input: projectAddSchema }, ({ input, auth, req }) =>
    projects.add(db, auth, input, req.ip),
  );
  call(app, `${base}/edit`, { input: projectEditSchema }, ({ input, auth, req }) =>
    projects.edit(db, auth, input, req.ip),
  );
  call(app, `${base}/delete`, { input: projectIdSchema }, ({ input, auth, req }) =>
    projects.remove(db, auth, input.id, req.ip),
  );
  call(app, `${base}/editSharePwd`, { input: projectEditSharePwdSchema }, ({ input, auth, req }) =>
    projects.editSharePwd(db, auth, input, req.ip),
  );
  call(app, `${base}/queryShareInfo`, { input: projectIdSchema }, ({ input, auth }) =>
    projects.shareInfo(db, auth, input.id),
  );
  call(app, `${base}/editShareAuth`, { input: projectEditShareAuthSchema }, ({ input, auth, req }) =>
    projects.editShareAuth(db, auth, input, req.ip),
  );
  call(app, `${base}/seq/save`, { input: projectSeqSaveSchema }, ({ input, auth, req }) =>
    projects.savePageSeq(db, auth, input, req.ip),
  );

  call(app, `${base}/pmsn/query`, { input: projectPmsnQuerySchema }, ({ input, auth }) =>
    members.members(db, auth, input.projectId),
  );
  call(app, `${base}/pmsn/queryNoPmsnUser`, { input: projectPmsnQueryNoPmsnUserSchema }, ({ input, auth }) =>
    members.nonMembers(db, auth, input),
  );
  call(app, `${base}/pmsn/add`, { input: projectPmsnAddSchema }, ({ input, auth, req }) =>
    members.addMembers(db, auth, input, req.ip),
  );
  call(app, `${base}/pmsn/edit`, { input: projectPmsnEditSchema }, ({ input, auth, req }) =>
    members.editMember(db, auth, input, req.ip),
  );
  call(app, `${base}/pmsn/delete`, { input: projectPmsnDeleteSchema }, ({ input, auth, req }) =>
    members.deleteMembers(db, auth, input, req.ip),
  );

  call(app, `${base}/equip/queryNoBindEquip`, { input: projectEquipQueryNoBindSchema }, ({ input, auth }) =>
    equip.bindable(db, auth, input),
  );
  call(app, `${base}/equip/add`, { input: projectEquipAddSchema }, ({ input, auth, req }) =>
    equip.add(db, auth, input, req.ip),
  );
  call(app, `${base}/equip/query`, { input: projectEquipQuerySchema }, ({ input, auth }) =>
    equip.query(db, auth, input),
  );
  call(app, `${base}/equip/queryAll`, { input: projectEquipQueryAllSchema }, ({ input, auth }) =>
    equip.queryAll(db, auth, input.projectId),
  );
  call(app, `${base}/equip/delete`, { input: projectEquipDeleteSchema }, ({ input, auth, req }) =>
    equip.remove(db, auth, input, req.ip),
  );
  call(app, `${base}/equip/updateKey`, { input: projectEquipUpdateKeySchema }, ({ input, auth, req }) =>
    equip.updateKey(db, auth, input, req.ip),
  );
}
