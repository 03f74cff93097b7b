import type { FastifyInstance } from 'fastify';
import { projectsCalls as calls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as equip from './projectEquip.service';
import * as members from './projectMembers.service';
import * as projects from './projects.service';

/**
 * Projects, the operations centres (docs/requirements/projects.md §9, issue 8): /lfscada/project/*, defined
 * in packages/shared/src/contract/projects.ts, docs/projects-api.md. Managing needs project_manage;
 * queryAllByUser, info and equip/queryAll are also open to members (ops_center). The permission and
 * tenant checks live in the services (projectFor), because a member's rights depend on the project.
 */
export function projectRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  handle(app, calls.queryAll, ({ input, auth }) => projects.queryAll(db, auth, input));
  handle(app, calls.queryAllByUser, ({ auth }) => projects.queryAllByUser(db, auth, clock.now()));
  handle(app, calls.info, ({ input, auth }) => projects.info(db, auth, input.id, clock.now()));
  handle(app, calls.add, ({ input, auth, req }) => projects.add(db, auth, input, req.ip));
  handle(app, calls.edit, ({ input, auth, req }) => projects.edit(db, auth, input, req.ip));
  handle(app, calls.remove, ({ input, auth, req }) => projects.remove(db, auth, input.id, req.ip));
  handle(app, calls.editSharePwd, ({ input, auth, req }) => projects.editSharePwd(db, auth, input, req.ip));
  handle(app, calls.shareInfo, ({ input, auth }) => projects.shareInfo(db, auth, input.id));
  handle(app, calls.editShareAuth, ({ input, auth, req }) => projects.editShareAuth(db, auth, input, req.ip));
  handle(app, calls.savePageSeq, ({ input, auth, req }) => projects.savePageSeq(db, auth, input, req.ip));

  handle(app, calls.members, ({ input, auth }) => members.members(db, auth, input.projectId));
  handle(app, calls.nonMembers, ({ input, auth }) => members.nonMembers(db, auth, input));
  handle(app, calls.addMembers, ({ input, auth, req }) => members.addMembers(db, auth, input, req.ip));
  handle(app, calls.editMember, ({ input, auth, req }) => members.editMember(db, auth, input, req.ip));
  handle(app, calls.removeMembers, ({ input, auth, req }) => members.deleteMembers(db, auth, input, req.ip));

  handle(app, calls.bindableEquip, ({ input, auth }) => equip.bindable(db, auth, input));
  handle(app, calls.addEquip, ({ input, auth, req }) => equip.add(db, auth, input, req.ip));
  handle(app, calls.equip, ({ input, auth }) => equip.query(db, auth, input));
  handle(app, calls.allEquip, ({ input, auth }) => equip.queryAll(db, auth, input.projectId));
  handle(app, calls.removeEquip, ({ input, auth, req }) => equip.remove(db, auth, input, req.ip));
  handle(app, calls.updateEquipKey, ({ input, auth, req }) => equip.updateKey(db, auth, input, req.ip));
}
