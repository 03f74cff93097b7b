import { one, type Db } from '../../db/db';

/** What the security centre and password retrieval read of an account. */
export interface SecurityAccount {
  id: number;
  orgId: number;
  loginname: string;
  passwordHash: string;
  tel: string;
  email: string;
  disabled: boolean;
  avatar: string;
  contact: string;
  address: string;
  deptId: number | null;
  deptName: string;
  landingPage: string;
  publicKeyName: string;
  chatAppId: string;
  chatAppName: string;
  hasQuestions: boolean;
}

const accountColumns = `a.id, a.org_id as "orgId", a.loginname, a.password_hash as "passwordHash", a.tel, a.email,
  a.disabled, a.avatar, a.contact, a.address, a.dept_id as "deptId", coalesce(d.name, '') as "deptName",
  a.landing_page as "landingPage", a.public_key_name as "publicKeyName", a.chat_app_id as "chatAppId",
  a.chat_app_name as "chatAppName",
  exists (select 1 from account_security_questions q where q.account_id = a.id) as "hasQuestions"`;

export function accountById(db: Db, id: number): Promise<SecurityAccount | undefined> {
  return one<SecurityAccount>(
    db,
    `select ${accountColumns} from accounts a left join departments d on d.id = a.dept_id where a.id = $1`,
    [id],
  );
}

export function accountByLoginname(db: Db, loginname: string): Promise<SecurityAccount | undefined> {
  return one<SecurityAccount>(
    db,
    `select ${accountColumns} from accounts a left join departments d on d.id = a.dept_id
     where lower(a.loginname) = lower($1)`,
    [loginname],
  );
}

/** Whether another account holds this phone. */
export async function telTakenByOther(db: Db, tel: string, accountId: number): Promise<boolean> {
  const row = await one(db, 'select 1 from accounts where tel = $1 and id <> $2', [tel, accountId]);
  return row !== undefined;
}

/** Whether the department belongs to the enterprise. */
export async function deptInOrg(db: Db, deptId: number, orgId: number): Promise<boolean> {
  const row = await one(db, 'select 1 from departments where id = $1 and org_id = $2', [deptId, orgId]);
  return row !== undefined;
}

// ---- verification codes -------------------------------------------------------------------

/** Holds the account's row for the rest of the transaction (one code issuer at a time). */
export async function lockAccount(db: Db, accountId: number): Promise<void> {
  await db.query('select id from accounts where id = $1 for update', [accountId]);
}

export interface CodeRow {
  id: number;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  address: string;
  usedAt: Date | null;
}

/**
 * Codes sent since `since`: to this account, and to this address (any account); and when the
 * last one of this account's purpose and channel, and the last one to this address, went out.
 */
export async function codesSentSince(
  db: Db,
  c: { accountId: number; address: string; purpose: string; channel: string; since: Date },
): Promise<{ byAccount: number; byAddress: number; lastOfKind: Date | null; lastByAddress: Date | null }> {
  const row = await one<{
    byAccount: number;
    byAddress: number;
    lastOfKind: Date | null;
    lastByAddress: Date | null;
  }>(
    db,
    `select count(*) filter (where account_id = $1)::int as "byAccount",
            count(*) filter (where lower(address) = lower($2))::int as "byAddress",
            max(created_at) filter (where account_id = $1 and purpose = $4 and channel = $5) as "lastOfKind",
            max(created_at) filter (where lower(address) = lower($2)) as "lastByAddress"
       from verification_codes
      where created_at > $3 and (account_id = $1 or lower(address) = lower($2))`,
    [c.accountId, c.address, c.since, c.purpose, c.channel],
  );
  return row ?? { byAccount: 0, byAddress: 0, lastOfKind: null, lastByAddress: null };
}

export async function insertCode(
  db: Db,
  c: {
    accountId: number;
    purpose: string;
    channel: 'sms' | 'email';
    address: string;
    codeHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `insert into verification_codes (account_id, purpose, channel, address, code_hash, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [c.accountId, c.purpose, c.channel, c.address, c.codeHash, c.createdAt, c.expiresAt],
  );
}

/** The newest code of this account, purpose and channel (a new code replaces the older ones), locked. */
export function latestCode(
  db: Db,
  accountId: number,
  purpose: string,
  channel: 'sms' | 'email',
): Promise<CodeRow | undefined> {
  return one<CodeRow>(
    db,
    `select id, code_hash as "codeHash", attempts, expires_at as "expiresAt", address, used_at as "usedAt"
       from verification_codes
      where account_id = $1 and purpose = $2 and channel = $3
      order by created_at desc, id desc limit 1 for update`,
    [accountId, purpose, channel],
  );
}

export async function countWrongCode(db: Db, id: number, maxAttempts: number, now: Date): Promise<void> {
  // the last allowed wrong try uses the code up
  await db.query(
    `update verification_codes set attempts = attempts + 1,
       used_at = case when attempts + 1 >= $2 then $3::timestamptz else used_at end
     where id = $1`,
    [id, maxAttempts, now],
  );
}

export async function useCode(db: Db, id: number, now: Date): Promise<void> {
  await db.query('update verification_codes set used_at = $2 where id = $1', [id, now]);
}

/** What was sent, in the notification outbox (status `recorded` when no provider sends it). */
export async function insertOutbox(
  db: Db,
  o: {
    orgId: number;
    accountId: number;
    channel: 'sms' | 'email';
    recipient: string;
    title: string;
    body: string;
    provider: string;
    status: 'recorded' | 'sent' | 'failed';
    error: string;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `insert into notification_outbox (org_id, account_id, channel, recipient, title, body, data, provider, status,
       error, attempts, created_at, sent_at)
     values ($1, $2, $3, $4, $5, $6, '{"kind":"verificationCode"}', $7, $8, $9, $10, $11, $12)`,
    [
      o.orgId,
      o.accountId,
      o.channel,
      o.recipient,
      o.title,
      o.body,
      o.provider,
      o.status,
      o.error,
      o.status === 'recorded' ? 0 : 1,
      o.at,
      o.status === 'sent' ? o.at : null,
    ],
  );
}

// ---- tickets and failed checks ------------------------------------------------------------

export async function insertTicket(
  db: Db,
  t: { tokenHash: string; accountId: number; scene: string; method: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `insert into security_tickets (token_hash, account_id, scene, method, expires_at) values ($1, $2, $3, $4, $5)`,
    [t.tokenHash, t.accountId, t.scene, t.method, t.expiresAt],
  );
}

/** The valid ticket of this hash and scene (not used, not expired), locked. */
export function validTicket(
  db: Db,
  tokenHash: string,
  scene: string,
  now: Date,
): Promise<{ accountId: number; method: string } | undefined> {
  return one(
    db,
    `select account_id as "accountId", method from security_tickets
      where token_hash = $1 and scene = $2 and used_at is null and expires_at > $3 for update`,
    [tokenHash, scene, now],
  );
}

export async function useTicket(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.query('update security_tickets set used_at = $2 where token_hash = $1', [tokenHash, now]);
}

export function checkLock(
  db: Db,
  accountId: number,
): Promise<{ failures: number; lockedUntil: Date | null } | undefined> {
  return one(
    db,
    'select failures, locked_until as "lockedUntil" from security_check_failures where account_id = $1',
    [accountId],
  );
}

export async function countCheckFailure(
  db: Db,
  accountId: number,
  maxFailures: number,
  lockUntil: Date,
): Promise<void> {
  await db.query(
    `insert into security_check_failures (account_id, failures) values ($1, 1)
     on conflict (account_id) do update set failures = security_check_failures.failures + 1`,
    [accountId],
  );
  await db.query(
    `update security_check_failures set failures = 0, locked_until = $3
      where account_id = $1 and failures >= $2`,
    [accountId, maxFailures, lockUntil],
  );
}

export async function clearCheckFailures(db: Db, accountId: number): Promise<void> {
  await db.query('delete from security_check_failures where account_id = $1', [accountId]);
}

// ---- account changes ----------------------------------------------------------------------

export async function questionsOf(
  db: Db,
  accountId: number,
): Promise<{ position: number; question: string; answerHash: string }[]> {
  return db.query(
    `select position, question, answer_hash as "answerHash" from account_security_questions
      where account_id = $1 order by position`,
    [accountId],
  );
}

export async function replaceQuestions(
  db: Db,
  accountId: number,
  items: { question: string; answerHash: string }[],
): Promise<void> {
  await db.query('delete from account_security_questions where account_id = $1', [accountId]);
  for (const [i, item] of items.entries())
    await db.query(
      'insert into account_security_questions (account_id, position, question, answer_hash) values ($1, $2, $3, $4)',
      [accountId, i + 1, item.question, item.answerHash],
    );
}

export async function setPasswordHash(db: Db, accountId: number, hash: string): Promise<void> {
  await db.query('update accounts set password_hash = $2, updated_at = now() where id = $1', [
    accountId,
    hash,
  ]);
}

export async function setTel(db: Db, accountId: number, tel: string): Promise<void> {
  await db.query('update accounts set tel = $2, updated_at = now() where id = $1', [accountId, tel]);
}

export async function setEmail(db: Db, accountId: number, email: string): Promise<void> {
  await db.query('update accounts set email = $2, updated_at = now() where id = $1', [accountId, email]);
}

export async function setAvatar(db: Db, accountId: number, avatar: string): Promise<void> {
  await db.query('update accounts set avatar = $2, updated_at = now() where id = $1', [accountId, avatar]);
}

export async function updateProfile(
  db: Db,
  accountId: number,
  p: {
    contact: string;
    address: string;
    deptId: number | null;
    landingPage: string;
    publicKey?: { name: string; text: string };
  },
): Promise<void> {
  await db.query(
    `update accounts set contact = $2, address = $3, dept_id = $4, landing_page = $5, updated_at = now()
     where id = $1`,
    [accountId, p.contact, p.address, p.deptId, p.landingPage],
  );
  if (p.publicKey)
    await db.query('update accounts set public_key = $2, public_key_name = $3 where id = $1', [
      accountId,
      p.publicKey.text,
      p.publicKey.name,
    ]);
}

export async function clearChatApp(db: Db, accountId: number): Promise<void> {
  await db.query("update accounts set chat_app_id = '', chat_app_name = '' where id = $1", [accountId]);
}
