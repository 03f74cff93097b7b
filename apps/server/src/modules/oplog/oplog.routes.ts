import type { FastifyInstance } from 'fastify';
import { oplogCalls } from '@fieldhub/shared';
import { handle } from '../../http/route';
import type { AppContext } from '../../appContext';
import { queryOperationLog } from './oplog.service';

export function operationLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  handle(app, oplogCalls.query, ({ input, auth }) => queryOperationLog(ctx.db, auth, input));
  handle(app, oplogCalls.queryByObject, ({ input, auth }) => queryOperationLog(ctx.db, auth, input));
}
