import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountCreateSchema,
  accountEditSchema,
  accountQuerySchema,
  formBool,
  formId,
} from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import * as accounts from './accounts.service';

const byId = z.object({ id: formId });

/** Account management of /manage/account/{co,int,ext,op}; permission is checked per kind in the service. */
export function accountRoutes(app: FastifyInstance, { db }: AppContext): void {
  call(app, '/lfscada/account/query', { input: accountQuerySchema }, ({ input, auth }) =>
    accounts.listAccounts(db, auth, input),
  );
  call(app, '/lfscada/account/info', { input: byId }, ({ input, auth }) =>
    accounts.getAccount(db, auth, input.id),
  );
  call(app, '/lfscada/account/add', { input: accountCreateSchema }, async ({ input, auth, req }) => ({
    id: await accounts.createAccount(db, auth, input, req.ip),
  }));
  call(app, '/lfscada/account/edit', { input: accountEditSchema }, ({ input, auth, req }) =>
    accounts.editAccount(db, auth, input, req.ip),
  );
  call(
    app,
    '/lfscada/account/disable',
    { input: byId.extend({ disabled: formBool }) },
    ({ input, auth, req }) => accounts.setAccountDisabled(db, auth, input.id, input.disabled, req.ip),
  );
  call(
    app,
    '/lfscada/account/resetPwd',
    { input: byId.extend({ password: z.string().max(100) }) },
    ({ input, auth, req }) => accounts.resetAccountPassword(db, auth, input.id, input.password, req.ip),
  );
  call(app, '/lfscada/account/delete', { input: byId }, ({ input, auth, req }) =>
    accounts.removeAccount(db, auth, input.id, req.ip),
  );
}
