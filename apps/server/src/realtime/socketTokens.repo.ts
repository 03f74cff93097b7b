import { one, type Db } from '../db/db';

/** What a socket token is for: the live values of a device, of a project page, or the message socket. */
export type SocketKind = 'device' | 'project' | 'message';

export interface TokenRow {
  account_id: number;
  org_id: number;
  scope: unknown;
  expires_at: Date;
}

/** Stores a token (its hash), sweeping the expired ones of the past on the way. */
export async function insertSocketToken(
  db: Db,
  t: {
    hash: string;
    kind: SocketKind;
    accountId: number;
    orgId: number;
    scope: unknown;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query('delete from socket_tokens where expires_at < $1', [t.now]);
  await db.query(
    'insert into socket_tokens (token_hash, kind, account_id, org_id, scope, expires_at) values ($1, $2, $3, $4, $5, $6)',
    [t.hash, t.kind, t.accountId, t.orgId, JSON.stringify(t.scope), t.expiresAt],
  );
}

/** Takes a token of the kind: it is gone afterwards, whatever the caller decides of it. */
export function takeSocketToken(db: Db, kind: SocketKind, hash: string): Promise<TokenRow | undefined> {
  return one<TokenRow>(
    db,
    'delete from socket_tokens where token_hash = $1 and kind = $2 returning account_id, org_id, scope, expires_at',
    [hash, kind],
  );
}

/** Whether the device still belongs to the enterprise. */
export async function deviceInOrg(db: Db, equipmentId: number, orgId: number): Promise<boolean> {
  return !!(await one(db, 'select 1 from equipment where id = $1 and org_id = $2', [equipmentId, orgId]));
}

/** Whether the page is still a page of the project in the enterprise. */
export async function pageInProject(
  db: Db,
  pageId: number,
  projectId: number,
  orgId: number,
): Promise<boolean> {
  return !!(await one(db, 'select 1 from pages where id = $1 and project_id = $2 and org_id = $3', [
    pageId,
    projectId,
    orgId,
  ]));
}

/** Whether the account is still enabled and in the enterprise. */
export async function accountActiveIn(db: Db, accountId: number, orgId: number): Promise<boolean> {
  return !!(await one(db, 'select 1 from accounts where id = $1 and org_id = $2 and not disabled', [
    accountId,
    orgId,
  ]));
}
