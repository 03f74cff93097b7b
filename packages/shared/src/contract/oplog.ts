import { z } from 'zod';
import { operationLogRowSchema } from '../auth/rows';
import { listPageOf, pagingSchema } from '../validation/form';
import { defineCalls } from './define';

const dateInput = z.coerce.date().refine((d) => d.getTime() >= 0, 'date before 1970');

/** Filters of the operation log, newest entries first. */
export const operationLogQuery = pagingSchema.extend({
  startTime: dateInput.optional(),
  endTime: dateInput.optional(),
  loginname: z.string().trim().max(100).optional(),
  action: z.string().trim().max(50).optional(),
  objectType: z.string().trim().max(50).optional(),
  objectId: z.string().trim().max(100).optional(),
});
export type OperationLogQuery = z.infer<typeof operationLogQuery>;

const access = { perm: 'operation_log' } as const;

/**
 * The enterprise's operation log (docs/requirements/accounts-and-login.md §7): who did what to which
 * object; accounts limited to their own data see only their own entries.
 */
export const oplogCalls = defineCalls('operation-log', {
  query: {
    path: '/lfscada/user/operationlog/query',
    input: operationLogQuery,
    output: listPageOf(operationLogRowSchema),
    access,
    body: 'form',
    summary: "A page of the enterprise's operation log, newest first",
  },
  queryByObject: {
    path: '/lfscada/user/operationlog/queryByObjectId',
    input: operationLogQuery.extend({
      objectType: z.string().trim().min(1).max(50),
      objectId: z.string().trim().min(1).max(100),
    }),
    output: listPageOf(operationLogRowSchema),
    access,
    body: 'form',
    summary: 'A page of what was done to one object (a device, ...), newest first',
  },
});
