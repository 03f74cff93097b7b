import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  AppError,
  Err,
  PUBLIC_KEY_MAX_BYTES,
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_MINUTES,
  checkPassword,
  passwordProblemText,
  type Lang,
  type OperationAction,
  type SecurityScene,
  type SecuritySummary,
  type VerifyMethod,
} from '@fieldhub/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { claimRequest } from '../../http/requestBudget.repo';
import { hashPassword, verifyPassword, DUMMY_HASH } from '../auth/passwordHash';
import { clearFailures } from '../auth/loginAttempts';
import { endSessionsOf } from '../auth/sessions';
import { recordBy, recordOperation } from '../oplog/oplog.service';
import { checkAvatar } from './avatar';
import type { CodeDelivery } from './codeDelivery';
import * as repo from './security.repo';

/** A new code to the same account or address waits this long (docs/requirements/account-security.md §1.5). */
export const RESEND_SECONDS = 60;
/** Codes per hour to one account, and to one address. */
export const CODES_PER_HOUR = 10;
/** Wrong tries that use a code up. */
export const CODE_MAX_ATTEMPTS = 5;
/** Wrong answers or old passwords in a row before the check holds for LOCK_MINUTES. */
export const CHECK_MAX_FAILURES = 5;
export const LOCK_MINUTES = 10;

export interface SecurityDeps {
  db: Db;
  clock: Clock;
  delivery: CodeDelivery;
}

type Purpose = 'security' | 'findpwd' | 'newTel' | 'newEmail';
type Channel = 'sms' | 'email';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const codeHash = (accountId: number, purpose: Purpose, code: string) =>
  sha256(`${accountId}:${purpose}:${code}`);
const answerKey = (answer: string) => answer.trim().toLowerCase();

/** `138****8000`: the first three and last four digits (§3.3). */
export function maskTel(tel: string): string {
  if (!tel) return '';
  const digits = tel.replace(/^\+\d{1,3}(?=\d{11}$)/, '');
  if (digits.length <= 7) return `${digits.slice(0, 1)}***${digits.slice(-2)}`;
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}

/** `ab***@example.com`: two characters of the name, the whole domain. */
export function maskEmail(email: string): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, Math.max(1, name.length - 1)))}***${email.slice(at)}`;
}

function passwordError(password: string, confirm: string): AppError | null {
  const problem = checkPassword(password, confirm);
  if (!problem) return null;
  return new AppError(Err.parameterCheckFailed, {
    params: {
      detail: {
        'zh-CN': passwordProblemText(problem, 'zh-CN'),
        'en-US': passwordProblemText(problem, 'en-US'),
      },
    },
  });
}

/**
 * The account a verify step is about: the caller's own in the security centre (a session is
 * needed, 1006 otherwise), the named one in password retrieval. An unknown or disabled name
 * answers 90002 whatever the reason, so the answer says no more than the step shows (§3.3).
 */
/**
 * Public password-retrieval lookups one address may make in LOOKUP_WINDOW_MS (account-security.md
 * §3): enough for a person going through the steps again and again, too few to list accounts and
 * their masked phones and e-mails.
 */
export const LOOKUPS_PER_WINDOW = 30;
export const LOOKUP_WINDOW_MS = 10 * 60_000;

/**
 * The account a call is about: the caller's own in the security centre, else the named one of
 * password retrieval, each such lookup counted against the asking address's budget (90010).
 */
export async function accountOf(
  deps: Pick<SecurityDeps, 'db' | 'clock'>,
  auth: AuthContext | null,
  who: { scene: SecurityScene; loginname: string },
  ip: string,
): Promise<repo.SecurityAccount> {
  const { db } = deps;
  if (who.scene === 'security') {
    if (!auth) throw new AppError(Err.loginTimeout);
    const account = await repo.accountById(db, auth.accountId);
    if (!account) throw new AppError(Err.loginTimeout);
    return account;
  }
  if (!who.loginname) throw new AppError(Err.parameterMissing);
  const at = deps.clock.now();
  if (!(await claimRequest(db, `findpwd:${ip}`, at, LOOKUP_WINDOW_MS, LOOKUPS_PER_WINDOW)))
    throw new AppError(Err.tooManyRequests);
  const account = await repo.accountByLoginname(db, who.loginname);
  if (!account || account.disabled) throw new AppError(Err.dataMissingOrNoAccess);
  return account;
}

export function summaryOf(account: repo.SecurityAccount, delivery: CodeDelivery): SecuritySummary {
  return {
    loginname: account.loginname,
    tel: maskTel(account.tel),
    email: maskEmail(account.email),
    hasQuestions: account.hasQuestions,
    smsEnabled: delivery.smsEnabled,
    avatar: account.avatar,
    contact: account.contact,
    address: account.address,
    deptId: account.deptId,
    deptName: account.deptName,
    landingPage: account.landingPage,
    publicKeyName: account.publicKeyName,
    chatAppBound: account.chatAppId !== '',
    chatAppName: account.chatAppName,
  };
}

export function methodsOf(account: repo.SecurityAccount, delivery: CodeDelivery) {
  return {
    tel: maskTel(account.tel),
    email: maskEmail(account.email),
    hasQuestions: account.hasQuestions,
    smsEnabled: delivery.smsEnabled,
  };
}

/**
 * Issues and sends a code: at most one per RESEND_SECONDS of the same kind (purpose and channel)
 * to the account, one per RESEND_SECONDS to the address, and CODES_PER_HOUR per hour to the
 * account and to the address (90010 beyond); a provider that refuses is 1007, and the outbox
 * records the attempt in every case.
 */
export async function sendCode(
  deps: SecurityDeps,
  account: repo.SecurityAccount,
  m: { channel: Channel; purpose: Purpose; address: string; lang: Lang },
): Promise<void> {
  const { db, clock, delivery } = deps;
  if (!m.address) throw new AppError(Err.verificationCodeUnavailable);
  const now = clock.now();
  const code = String(randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0');
  await db.tx(async (tx) => {
    // one issuer at a time per account, so two requests at once cannot both pass the limits
    await repo.lockAccount(tx, account.id);
    const sent = await repo.codesSentSince(tx, {
      accountId: account.id,
      address: m.address,
      purpose: m.purpose,
      channel: m.channel,
      since: new Date(now.getTime() - 3600_000),
    });
    const recent = (d: Date | null) =>
      d !== null && now.getTime() - new Date(d).getTime() < RESEND_SECONDS * 1000;
    if (
      sent.byAccount >= CODES_PER_HOUR ||
      sent.byAddress >= CODES_PER_HOUR ||
      recent(sent.lastOfKind) ||
      recent(sent.lastByAddress)
    )
      throw new AppError(Err.tooManyRequests);
    await repo.insertCode(tx, {
      accountId: account.id,
      purpose: m.purpose,
      channel: m.channel,
      address: m.address,
      codeHash: codeHash(account.id, m.purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFY_CODE_MINUTES * 60_000),
    });
  });
  const text = delivery.text({ code, lang: m.lang });
  const provider = delivery.provider(m.channel);
  let error = '';
  try {
    await delivery.send({ channel: m.channel, to: m.address, code, lang: m.lang });
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  await repo.insertOutbox(db, {
    orgId: account.orgId,
    accountId: account.id,
    channel: m.channel,
    recipient: m.address,
    ...text,
    provider,
    status: error ? 'failed' : provider === 'record' ? 'recorded' : 'sent',
    error,
    at: now,
  });
  if (error) throw new AppError(Err.verificationCodeUnavailable);
}

/**
 * Checks a code against the newest one of the account, purpose and channel: none, used or wrong
 * is 1003 (the fifth wrong try uses it up), past its 10 minutes 1004; a right one is used up.
 */
export async function checkCode(
  deps: SecurityDeps,
  accountId: number,
  m: { channel: Channel; purpose: Purpose; code: string; address?: string },
): Promise<void> {
  const now = deps.clock.now();
  const verdict = await deps.db.tx(async (tx) => {
    const row = await repo.latestCode(tx, accountId, m.purpose, m.channel);
    if (!row || row.usedAt !== null) return Err.verificationCodeError;
    if (new Date(row.expiresAt).getTime() <= now.getTime()) return Err.verificationCodeExpired;
    const right =
      row.codeHash === codeHash(accountId, m.purpose, m.code) &&
      (m.address === undefined || row.address.toLowerCase() === m.address.toLowerCase());
    if (!right) {
      await repo.countWrongCode(tx, row.id, CODE_MAX_ATTEMPTS, now);
      return Err.verificationCodeError;
    }
    await repo.useCode(tx, row.id, now);
    return null;
  });
  if (verdict !== null) throw new AppError(verdict);
}

/** A new ticket for the step after a passed check (valid 10 minutes, used once). */
export async function issueTicket(
  deps: SecurityDeps,
  accountId: number,
  scene: SecurityScene,
  method: VerifyMethod,
): Promise<{ ticket: string }> {
  const ticket = randomBytes(24).toString('base64url');
  await repo.insertTicket(deps.db, {
    tokenHash: sha256(ticket),
    accountId,
    scene,
    method,
    expiresAt: new Date(deps.clock.now().getTime() + VERIFY_CODE_MINUTES * 60_000),
  });
  return { ticket };
}

/** The account of a valid ticket (1004 when it is unknown, used, expired or of another scene); used up in `tx`. */
async function takeTicket(tx: Db, clock: Clock, ticket: string, scene: SecurityScene): Promise<number> {
  const now = clock.now();
  const row = await repo.validTicket(tx, sha256(ticket), scene, now);
  if (!row) throw new AppError(Err.verificationCodeExpired);
  await repo.useTicket(tx, sha256(ticket), now);
  return row.accountId;
}

/** Whether a ticket is valid for the account, without using it. */
async function peekTicket(deps: SecurityDeps, ticket: string, scene: SecurityScene, accountId: number) {
  const row = await repo.validTicket(deps.db, sha256(ticket), scene, deps.clock.now());
  if (!row || row.accountId !== accountId) throw new AppError(Err.verificationCodeExpired);
}

/** Holds answer and old-password checks after CHECK_MAX_FAILURES failures in a row (90010). */
async function guardedCheck(
  deps: SecurityDeps,
  accountId: number,
  check: () => Promise<boolean>,
): Promise<void> {
  const now = deps.clock.now();
  const lock = await repo.checkLock(deps.db, accountId);
  if (lock?.lockedUntil && new Date(lock.lockedUntil).getTime() > now.getTime())
    throw new AppError(Err.tooManyRequests);
  if (await check()) {
    await repo.clearCheckFailures(deps.db, accountId);
    return;
  }
  await repo.countCheckFailure(
    deps.db,
    accountId,
    CHECK_MAX_FAILURES,
    new Date(now.getTime() + LOCK_MINUTES * 60_000),
  );
}

export async function checkAnswers(
  deps: SecurityDeps,
  accountId: number,
  answers: { position: number; answer: string }[],
): Promise<void> {
  const questions = await repo.questionsOf(deps.db, accountId);
  if (questions.length === 0) throw new AppError(Err.dataMissingOrNoAccess);
  let ok = false;
  await guardedCheck(deps, accountId, async () => {
    // every question of the account must be answered, and rightly
    let all = questions.length === answers.length;
    for (const q of questions) {
      const given = answers.find((a) => a.position === q.position);
      const right = await verifyPassword(answerKey(given?.answer ?? ''), q.answerHash);
      all = all && given !== undefined && right;
    }
    ok = all;
    return all;
  });
  if (!ok) throw new AppError(Err.securityAnswerWrong);
}

export async function checkOldPassword(
  deps: SecurityDeps,
  auth: AuthContext,
  password: string,
): Promise<void> {
  const account = await repo.accountById(deps.db, auth.accountId);
  let ok = false;
  await guardedCheck(deps, auth.accountId, async () => {
    ok = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
    return ok;
  });
  if (!ok) throw new AppError(Err.wrongCredentials);
}

const log = (action: OperationAction, accountId: number, detail?: Record<string, unknown>) => ({
  action,
  objectType: 'account' as const,
  objectId: accountId,
  ...(detail ? { detail } : {}),
});

export async function changePassword(
  deps: SecurityDeps,
  auth: AuthContext,
  ip: string,
  input: { ticket: string; password: string; confirm: string },
): Promise<void> {
  const problem = passwordError(input.password, input.confirm);
  if (problem) throw problem;
  const hash = await hashPassword(input.password);
  await deps.db.tx(async (tx) => {
    const accountId = await takeTicket(tx, deps.clock, input.ticket, 'security');
    if (accountId !== auth.accountId) throw new AppError(Err.verificationCodeExpired);
    await repo.setPasswordHash(tx, accountId, hash);
    await recordBy(tx, auth, ip, log('security.password', accountId));
  });
}

export function questionsOfAccount(db: Db, accountId: number) {
  return repo.questionsOf(db, accountId);
}

/** 1016 when another account holds the phone. */
export async function assertTelFree(db: Db, tel: string, accountId: number): Promise<void> {
  if (await repo.telTakenByOther(db, tel, accountId)) throw new AppError(Err.phoneExists);
}

/**
 * Sets a new phone (`sms`) or e-mail after the security centre's check (the ticket) and the code
 * sent to the new address; one ticket, one change, in the operation log with the address masked.
 */
async function changeContact(
  deps: SecurityDeps,
  auth: AuthContext,
  ip: string,
  channel: 'sms' | 'email',
  input: { ticket: string; address: string; code: string },
): Promise<void> {
  await peekTicket(deps, input.ticket, 'security', auth.accountId);
  if (channel === 'sms') await assertTelFree(deps.db, input.address, auth.accountId);
  await checkCode(deps, auth.accountId, {
    channel,
    purpose: channel === 'sms' ? 'newTel' : 'newEmail',
    code: input.code,
    address: input.address,
  });
  await deps.db.tx(async (tx) => {
    await takeTicket(tx, deps.clock, input.ticket, 'security');
    if (channel === 'sms') {
      await repo.setTel(tx, auth.accountId, input.address);
      await recordBy(tx, auth, ip, log('security.tel', auth.accountId, { tel: maskTel(input.address) }));
    } else {
      await repo.setEmail(tx, auth.accountId, input.address);
      await recordBy(
        tx,
        auth,
        ip,
        log('security.email', auth.accountId, { email: maskEmail(input.address) }),
      );
    }
  });
}

export function changeTel(
  deps: SecurityDeps,
  auth: AuthContext,
  ip: string,
  input: { ticket: string; tel: string; code: string },
): Promise<void> {
  return changeContact(deps, auth, ip, 'sms', { ticket: input.ticket, address: input.tel, code: input.code });
}

export function changeEmail(
  deps: SecurityDeps,
  auth: AuthContext,
  ip: string,
  input: { ticket: string; email: string; code: string },
): Promise<void> {
  return changeContact(deps, auth, ip, 'email', {
    ticket: input.ticket,
    address: input.email,
    code: input.code,
  });
}

export async function setQuestions(
  deps: SecurityDeps,
  auth: AuthContext,
  ip: string,
  input: { ticket: string; items: { question: string; answer: string }[] },
): Promise<void> {
  const questions = input.items.map((i) => i.question.toLowerCase());
  if (new Set(questions).size !== questions.length)
    throw new AppError(Err.parameterCheckFailed, {
      params: { detail: { 'zh-CN': '密保问题不能重复', 'en-US': 'The questions must differ' } },
    });
  const items = await Promise.all(
    input.items.map(async (i) => ({
      question: i.question,
      answerHash: await hashPassword(answerKey(i.answer)),
    })),
  );
  await deps.db.tx(async (tx) => {
    const accountId = await takeTicket(tx, deps.clock, input.ticket, 'security');
    if (accountId !== auth.accountId) throw new AppError(Err.verificationCodeExpired);
    await repo.replaceQuestions(tx, accountId, items);
    await recordBy(tx, auth, ip, log('security.question', accountId));
  });
}

export async function setAvatar(deps: SecurityDeps, auth: AuthContext, ip: string, avatar: string) {
  const stored = avatar === '' ? '' : await checkAvatar(avatar);
  await deps.db.tx(async (tx) => {
    await repo.setAvatar(tx, auth.accountId, stored);
    await recordBy(tx, auth, ip, log('security.avatar', auth.accountId, { cleared: stored === '' }));
  });
  return { avatar: stored };
}

export async function updateProfile(
  deps: SecurityDeps,
  auth: AuthContext,
  ip: string,
  input: {
    contact: string;
    address: string;
    deptId: number | null;
    landingPage: string;
    publicKeyName?: string | undefined;
    publicKey?: string | undefined;
  },
): Promise<void> {
  if (input.deptId !== null && !(await repo.deptInOrg(deps.db, input.deptId, auth.orgId)))
    throw new AppError(Err.dataMissingOrNoAccess);
  let publicKey: { name: string; text: string } | undefined;
  if (input.publicKeyName !== undefined) {
    const name = input.publicKeyName;
    const text = input.publicKey ?? '';
    if (name === '') publicKey = { name: '', text: '' };
    else {
      if (!/\.pub$/i.test(name)) throw new AppError(Err.fileFormatWrong);
      if (Buffer.byteLength(text, 'utf8') > PUBLIC_KEY_MAX_BYTES) throw new AppError(Err.fileTooLarge);
      if (text.trim() === '') throw new AppError(Err.fileEmpty);
      publicKey = { name, text };
    }
  }
  await deps.db.tx(async (tx) => {
    await repo.updateProfile(tx, auth.accountId, {
      contact: input.contact,
      address: input.address,
      deptId: input.deptId,
      landingPage: input.landingPage,
      ...(publicKey ? { publicKey } : {}),
    });
    await recordBy(tx, auth, ip, log('security.profile', auth.accountId));
  });
}

export async function unbindChatApp(deps: SecurityDeps, auth: AuthContext, ip: string): Promise<void> {
  const account = await repo.accountById(deps.db, auth.accountId);
  if (!account?.chatAppId) throw new AppError(Err.chatAppNotBound);
  await deps.db.tx(async (tx) => {
    await repo.clearChatApp(tx, auth.accountId);
    await recordBy(
      tx,
      auth,
      ip,
      log('security.chatApp.unbind', auth.accountId, { name: account.chatAppName }),
    );
  });
}

/**
 * Password retrieval's last step (§3): the ticket of a passed check sets the new password, ends
 * every session of the account and forgets its failed logins.
 */
export async function retrievePassword(
  deps: SecurityDeps,
  ip: string,
  input: { ticket: string; password: string; confirm: string },
): Promise<void> {
  const problem = passwordError(input.password, input.confirm);
  if (problem) throw problem;
  const hash = await hashPassword(input.password);
  await deps.db.tx(async (tx) => {
    const accountId = await takeTicket(tx, deps.clock, input.ticket, 'findpwd');
    const account = await repo.accountById(tx, accountId);
    if (!account) throw new AppError(Err.verificationCodeExpired);
    await repo.setPasswordHash(tx, accountId, hash);
    await endSessionsOf(tx, accountId);
    await clearFailures(tx, account.loginname.trim().toLowerCase());
    await recordOperation(tx, {
      orgId: account.orgId,
      accountId,
      loginname: account.loginname,
      ...log('security.findpwd', accountId),
      ip,
    });
  });
}

/** The suggested questions (§1.2), in the caller's language. */
export const SUGGESTED_QUESTIONS: Record<Lang, string[]> = {
  'zh-CN': [
    '您母亲的姓名是？',
    '您父亲的姓名是？',
    '您配偶的姓名是？',
    '您的出生地是？',
    '您就读的小学名称是？',
    '您最喜欢的电影是？',
    '您的第一个宠物叫什么？',
  ],
  'en-US': [
    "What is your mother's name?",
    "What is your father's name?",
    "What is your spouse's name?",
    'Where were you born?',
    'What was the name of your primary school?',
    'What is your favourite film?',
    'What was the name of your first pet?',
  ],
};
