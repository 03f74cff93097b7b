import type { FastifyInstance } from 'fastify';
import { accountsCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as accounts from './accounts.service';

/** Account management of /manage/account/{co,int,ext,op}; permission is checked per kind in the service. */
export function accountRoutes(app: FastifyInstance, { db }: AppContext): void {
  handle(app, accountsCalls.query, ({ input, auth }) => accounts.listAccounts(db, auth, input));
  handle(app, accountsCalls.info, ({ input, auth }) => accounts.getAccount(db, auth, input.id));
  handle(app, accountsCalls.add, async ({ input, auth, req }) => ({
    id: await accounts.createAccount(db, auth, input, req.ip),
  }));
  handle(app, accountsCalls.edit, ({ input, auth, req }) => accounts.editAccount(db, auth, input, req.ip));
  handle(app, accountsCalls.disable, ({ input, auth, req }) =>
    accounts.setAccountDisabled(db, auth, input.id, input.disabled, req.ip),
  );
  handle(app, accountsCalls.resetPassword, ({ input, auth, req }) =>
    accounts.resetAccountPassword(db, auth, input.id, input.password, req.ip),
  );
  handle(app, accountsCalls.remove, ({ input, auth, req }) =>
    accounts.removeAccount(db, auth, input.id, req.ip),
  );
}
