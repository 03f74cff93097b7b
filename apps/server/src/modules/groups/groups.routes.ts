import type { FastifyInstance } from 'fastify';
import { groupCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as groups from './groups.service';

/** Device groups of /manage/eg/group: a tree of at most 10 levels and 500 children per parent. */
export function groupRoutes(app: FastifyInstance, { db }: AppContext): void {
  // reading the tree is open to every account (filters of the device and monitor lists)
  handle(app, groupCalls.list, ({ auth }) => groups.listGroups(db, auth));
  handle(app, groupCalls.add, async ({ input, auth, req }) => ({
    id: await groups.addGroup(db, auth, input, req.ip),
  }));
  handle(app, groupCalls.edit, ({ input, auth, req }) => groups.editGroup(db, auth, input.id, input, req.ip));
  handle(app, groupCalls.remove, ({ input, auth, req }) => groups.deleteGroup(db, auth, input.id, req.ip));
}
