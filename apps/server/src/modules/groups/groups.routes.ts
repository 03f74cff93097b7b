import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formId, groupSchema } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import * as groups from './groups.service';

/** Device groups of /manage/eg/group: a tree of at most 10 levels and 500 children per parent. */
export function groupRoutes(app: FastifyInstance, { db }: AppContext): void {
  const base = '/lfscada/equipment/group';
  // reading the tree is open to every account (filters of the device and monitor lists)
  call(app, `${base}/query`, {}, ({ auth }) => groups.listGroups(db, auth));
  const manage = { perm: 'equipment_manage' } as const;
  call(app, `${base}/add`, { input: groupSchema, access: manage }, async ({ input, auth, req }) => ({
    id: await groups.addGroup(db, auth, input, req.ip),
  }));
  call(
    app,
    `${base}/edit`,
    { input: groupSchema.extend({ id: formId }), access: manage },
    ({ input, auth, req }) => groups.editGroup(db, auth, input.id, input, req.ip),
  );
  call(app, `${base}/delete`, { input: z.object({ id: formId }), access: manage }, ({ input, auth, req }) =>
    groups.deleteGroup(db, auth, input.id, req.ip),
  );
}
