import {
  AppError,
  Err,
  type OperationAction,
  type OperationLogQuery,
  type OperationObjectType,
  type OperationLogRow as OperationLogWireRow,
  type Page,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';

/** What an operation log entry says: who did what to which object. */
export interface OperationEntry {
  orgId: number;
  accountId: number | null;
  loginname: string;
  action: OperationAction;
  objectType?: OperationObjectType;
  objectId?: string | number;
  detail?: Record<string, unknown>;
  /** the client's address; none (shown as '-') for work of the platform itself, like the demo */
  ip?: string;
}

export async function recordOperation(db: Db, e: OperationEntry): Promise<void> {
  await db.query(
    `insert into operation_log(org_id, account_id, loginname, action, object_type, object_id, detail, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      e.orgId,
      e.accountId,
      e.loginname,
      e.action,
      e.objectType ?? '',
      String(e.objectId ?? ''),
      e.detail ?? {},
      e.ip ?? '',
    ],
  );
}

/** Shortcut for the calling account. */
export function recordBy(
  db: Db,
  auth: AuthContext,
  ip: string,
  e: Omit<OperationEntry, 'orgId' | 'accountId' | 'loginname' | 'ip'>,
) {
  return recordOperation(db, {
    ...e,
    orgId: auth.orgId,
    accountId: auth.accountId,
    loginname: auth.loginname,
    ip,
  });
}

export type OperationLogRow = OperationLogWireRow<Date>;

/**
 * The log of the caller's enterprise. Accounts limited to their own data range ('self') see only
 * their own entries.
 */
export async function queryOperationLog(
  db: Db,
  auth: AuthContext,
  q: OperationLogQuery,
): Promise<Page<OperationLogRow>> {
  if (q.startTime && q.endTime && q.endTime.getTime() < q.startTime.getTime()) {
    throw new AppError(Err.parameterCheckFailed, { params: { detail: 'endTime < startTime' } });
  }
  const where = ['org_id = $1'];
  const params: unknown[] = [auth.orgId];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (auth.dataRange === 'self') add('account_id = ?', auth.accountId);
  if (q.startTime) add('created_at >= ?', q.startTime);
  if (q.endTime) add('created_at <= ?', q.endTime);
  if (q.loginname) add("loginname ilike '%' || ? || '%'", q.loginname);
  if (q.action) add('action = ?', q.action);
  if (q.objectType) add('object_type = ?', q.objectType);
  if (q.objectId) add('object_id = ?', q.objectId);
  const filter = where.join(' and ');
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from operation_log where ${filter}`,
    params,
  );
  const rows = await db.query<OperationLogRow>(
    `select id, loginname, action, object_type as "objectType", object_id as "objectId", detail, ip,
            created_at as "createdAt"
       from operation_log where ${filter}
      order by created_at desc, id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
    params,
  );
  return { list: rows, total: count?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
}
