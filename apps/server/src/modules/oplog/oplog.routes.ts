import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { call } from '../../http/route';
import type { AppContext } from '../../appContext';
import { operationLogQuery, queryOperationLog } from './oplog.service';

export function operationLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  call(
    app,
    '/lfscada/user/operationlog/query',
    { input: operationLogQuery, access: { perm: 'operation_log' } },
    ({ input, auth }) => queryOperationLog(ctx.db, auth, input),
  );
  call(
    app,
    '/lfscada/user/operationlog/queryByObjectId',
    {
      input: operationLogQuery.extend({
        objectType: z.string().trim().min(1).max(50),
        objectId: z.string().trim().min(1).max(100),
      }),
      access: { perm: 'operation_log' },
    },
    ({ input, auth }) => queryOperationLog(ctx.db, auth, input),
  );
}
