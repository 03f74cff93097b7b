import { createHash, randomBytes } from 'node:crypto';
import {
  ENTERPRISE_ADMIN_KEYS,
  LOCK_GRACE_SECONDS,
  PLATFORM_OPERATOR_KEYS,
  type AccountKind,
  type RoleType,
} from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { minutesFrom, type Clock } from '../../clock';
import type { AuthContext } from '../../http/context';

export const SESSION_COOKIE = 'sid';
// last_seen is written at most this often, so reads do not turn into a write per request
const TOUCH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export async function createSession(
  db: Db,
  clock: Clock,
  idleMinutes: number,
  who: { accountId: number; orgId: number; ip: string; userAgent: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.query(
    `insert into sessions(token_hash, account_id, org_id, created_at, last_seen_at, expires_at, ip, user_agent)
     values ($1, $2, $3, $4, $4, $5, $6, $7)`,
    [
      hashToken(token),
      who.accountId,
      who.orgId,
      now,
      minutesFrom(now, idleMinutes),
      who.ip,
      who.userAgent.slice(0, 300),
    ],
  );
  return token;
}

interface SessionRow {
  token_hash: string;
  last_seen_at: Date;
  expires_at: Date;
  account_id: number;
  org_id: number;
  org_kind: 'platform' | 'enterprise';
  org_disabled: boolean;
  loginname: string;
  kind: AccountKind;
  disabled: boolean;
  dept_id: number | null;
  role_type: RoleType | null;
  data_range: 'org' | 'dept' | 'self' | null;
  permissions: string[] | null;
  use_lock: boolean;
  created_at: Date;
  lock_verified_at: Date | null;
}

/** Permission keys of an account: fixed for operators and enterprise admins, else its role's. */
export function authsOf(kind: AccountKind, rolePermissions: readonly string[] | null): string[] {
  if (kind === 'operation') return [...PLATFORM_OPERATOR_KEYS];
  if (kind === 'enterprise') return [...ENTERPRISE_ADMIN_KEYS];
  return [...(rolePermissions ?? [])];
}

export function roleTypeOf(kind: AccountKind, roleType: RoleType | null): RoleType {
  return kind === 'operation' || kind === 'enterprise' ? 'admin' : (roleType ?? 'operation');
}

/** The caller behind a session token, or null when it is unknown, expired or its account is disabled. */
export async function loadSession(
  db: Db,
  clock: Clock,
  idleMinutes: number,
  token: string,
): Promise<AuthContext | null> {
  const row = await one<SessionRow>(
    db,
    `select s.token_hash, s.last_seen_at, s.expires_at, a.id as account_id, a.org_id, o.kind as org_kind,
            o.disabled as org_disabled, a.loginname, a.kind, a.disabled, a.dept_id, r.role_type, r.data_range,
            r.permissions, a.use_lock, s.created_at, s.lock_verified_at
       from sessions s
       join accounts a on a.id = s.account_id
       join orgs o on o.id = a.org_id
       left join roles r on r.id = a.role_id
      where s.token_hash = $1`,
    [hashToken(token)],
  );
  const now = clock.now();
  if (!row || row.expires_at.getTime() <= now.getTime() || row.disabled || row.org_disabled) return null;
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.query('update sessions set last_seen_at = $2, expires_at = $3 where token_hash = $1', [
      row.token_hash,
      now,
      minutesFrom(now, idleMinutes),
    ]);
  }
  return {
    accountId: row.account_id,
    orgId: row.org_id,
    orgKind: row.org_kind,
    loginname: row.loginname,
    kind: row.kind,
    roleType: roleTypeOf(row.kind, row.role_type),
    deptId: row.dept_id,
    dataRange: row.kind === 'internal' || row.kind === 'external' ? (row.data_range ?? 'org') : 'org',
    auths: new Set(authsOf(row.kind, row.permissions)),
    sessionHash: row.token_hash,
    ...(row.use_lock
      ? {
          lockDueAt: new Date((row.lock_verified_at ?? row.created_at).getTime() + LOCK_GRACE_SECONDS * 1000),
        }
      : {}),
  };
}

export async function endSession(db: Db, sessionHash: string): Promise<void> {
  await db.query('delete from sessions where token_hash = $1', [sessionHash]);
}

/** Ends every session of an account (disabled, deleted, password changed). */
export async function endSessionsOf(db: Db, accountId: number): Promise<void> {
  await db.query('delete from sessions where account_id = $1', [accountId]);
}
