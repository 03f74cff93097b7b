import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { LOCK_CHALLENGE_SECONDS, LOCK_GRACE_SECONDS, LOCK_SIGN_PREFIX } from '@fieldhub/shared';
import { Caller, login, TEST_PASSWORD, type TestPlatform } from '../../../test/harness';
import { otherEnterpriseAdmin, startEnterprisePlatform } from '../../../test/platformFixtures';
import { generateLockKeys, signChallenge, startDongle, type RunningDongle } from './dongle';

let p: TestPlatform;
let admin: Caller;
let role: number;
let dongle: RunningDongle;
const keys = generateLockKeys();
let serial = 0;

beforeAll(async () => {
  ({ p, admin } = await startEnterprisePlatform('Locked Works'));
  role = (await admin.post<{ id: number }>('/lfscada/role/add', { name: 'Viewer', roleType: 'operation' }))
    .body.data.id;
  dongle = await startDongle({ privatePem: keys.privatePem });
});
afterAll(async () => {
  await dongle.close();
  await p.stop();
});

/** A new internal account, with the lock on and the dongle's key registered unless told otherwise. */
async function lockedAccount(fields: { useLock?: boolean; publicKey?: string } = {}) {
  const loginname = `locked-${++serial}`;
  const added = await admin.post<{ id: number }>('/lfscada/account/add', {
    segment: 'int',
    loginname,
    password: TEST_PASSWORD,
    roleId: role,
  });
  const id = added.body.data.id;
  const set = await admin.post(
    '/lfscada/account/lock',
    { id, useLock: fields.useLock ?? true, publicKey: fields.publicKey ?? keys.publicLine },
    true,
  );
  expect(set.body.code, set.body.message).toBe('200');
  const caller = new Caller(p.app);
  expect((await login(caller, loginname, TEST_PASSWORD)).body.data).toMatchObject({
    useLock: fields.useLock ?? true,
  });
  return { id, caller };
}

async function challenge(caller: Caller): Promise<string> {
  const res = await caller.get<string>('/lfscada/user/random');
  expect(res.body.code).toBe('200');
  return res.body.data;
}

/** Signs through the dongle service as the browser does: description first, then the signature. */
async function dongleSign(value: string): Promise<string> {
  const { desc } = (await (await fetch(`${dongle.url}/control/slm_get_local_description`)).json()) as {
    desc: string;
  };
  const res = (await (
    await fetch(`${dongle.url}/control/slm_ctrl_sign_by_device`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ desc, verify_data: LOCK_SIGN_PREFIX + value }),
    })
  ).json()) as { code: number; data: string };
  expect(res.code).toBe(0);
  return res.data;
}

const validate = (caller: Caller, verifyData: string) =>
  caller.post('/lfscada/user/validLockCert', { verifyData });
const stillLoggedIn = async (caller: Caller) => (await caller.get('/lfscada/user/info')).body.code === '200';

describe('the lock certificate (account-security.md §5)', () => {
  it('accepts the dongle signature of the session challenge, again and again', async () => {
    const { caller } = await lockedAccount();
    for (let round = 0; round < 3; round++) {
      const value = await challenge(caller);
      expect((await validate(caller, await dongleSign(value))).body.code).toBe('200');
    }
    expect(await stillLoggedIn(caller)).toBe(true);
  });

  it('shows the lock and whether a key is registered in the account row', async () => {
    const { id } = await lockedAccount();
    const info = await admin.post<{ useLock: boolean; hasLockKey: boolean }>('/lfscada/account/info', { id });
    expect(info.body.data).toMatchObject({ useLock: true, hasLockKey: true });
    const { id: bare } = await lockedAccount({ useLock: false, publicKey: '' });
    const none = await admin.post<{ useLock: boolean; hasLockKey: boolean }>('/lfscada/account/info', {
      id: bare,
    });
    expect(none.body.data).toMatchObject({ useLock: false, hasLockKey: false });
  });

  it('takes a PEM public key as well as an OpenSSH line', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const { caller } = await lockedAccount({ publicKey: pem });
    const value = await challenge(caller);
    const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect((await validate(caller, signChallenge(privatePem, value))).body.code).toBe('200');
  });

  it('answers 1012 to a signature by another key, ends the session and logs the failure', async () => {
    const { id, caller } = await lockedAccount();
    const value = await challenge(caller);
    const other = generateLockKeys();
    const res = await validate(caller, signChallenge(other.privatePem, value));
    expect(res.body).toMatchObject({ code: '1012', message: 'Encryption lock validation failed' });
    expect(await stillLoggedIn(caller)).toBe(false);
    const log = await p.ctx.db.query<{ detail: { reason: string } }>(
      "select detail from operation_log where action = 'lock.failed' and object_id = $1",
      [String(id)],
    );
    expect(log.map((l) => l.detail.reason)).toEqual(['wrong signature']);
  });

  it('uses a challenge once: replaying an accepted signature is 1012', async () => {
    const { caller } = await lockedAccount();
    const signature = await dongleSign(await challenge(caller));
    expect((await validate(caller, signature)).body.code).toBe('200');
    expect((await validate(caller, signature)).body.code).toBe('1012');
    expect(await stillLoggedIn(caller)).toBe(false);
  });

  it("binds the challenge to its session: another session's challenge does not count", async () => {
    const { caller } = await lockedAccount();
    const other = await lockedAccount();
    const theirs = await challenge(other.caller);
    expect((await validate(caller, await dongleSign(theirs))).body.code).toBe('1012');
    // the other session's challenge is still waiting for its own answer
    expect((await validate(other.caller, await dongleSign(theirs))).body.code).toBe('200');
  });

  it('refuses an expired challenge and a newer challenge replaces the older one', async () => {
    const { caller } = await lockedAccount();
    const value = await challenge(caller);
    p.clock.advanceMinutes(LOCK_CHALLENGE_SECONDS / 60 + 1);
    expect((await validate(caller, await dongleSign(value))).body.code).toBe('1012');

    const second = await lockedAccount();
    const older = await challenge(second.caller);
    await challenge(second.caller);
    expect((await validate(second.caller, await dongleSign(older))).body.code).toBe('1012');
  });

  it('fails an account with the lock on but no key registered, and lets one without the lock pass', async () => {
    const keyless = await lockedAccount({ publicKey: '' });
    await challenge(keyless.caller);
    expect((await validate(keyless.caller, 'AAAA')).body.code).toBe('1012');
    const free = await lockedAccount({ useLock: false });
    expect((await validate(free.caller, 'anything')).body.code).toBe('200');
    expect(await stillLoggedIn(free.caller)).toBe(true);
  });

  it('the dongle refuses to sign data without the lock prefix or for another device', async () => {
    const post = async (body: unknown) =>
      (await (
        await fetch(`${dongle.url}/control/slm_ctrl_sign_by_device`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as { code: number };
    const { desc } = (await (await fetch(`${dongle.url}/control/slm_get_local_description`)).json()) as {
      desc: string;
    };
    expect((await post({ desc, verify_data: 'pay 100 to mallory' })).code).toBe(3);
    expect((await post({ desc: 'other', verify_data: `${LOCK_SIGN_PREFIX}x` })).code).toBe(2);
  });
});

describe('the server enforcing the lock (account-security.md §5.4)', () => {
  const otherCall = async (caller: Caller) => (await caller.post('/lfscada/org/my/info')).body.code;

  it('refuses a locked session that stops proving its lock with 1012 and ends it', async () => {
    const { caller } = await lockedAccount();
    expect(await otherCall(caller)).toBe('200');
    p.clock.advanceMinutes(LOCK_GRACE_SECONDS / 60 - 1);
    expect(await otherCall(caller)).toBe('200');
    p.clock.advanceMinutes(1.5);
    expect(await otherCall(caller)).toBe('1012');
    expect(await stillLoggedIn(caller)).toBe(false);
    // an account without the lock is not concerned
    const free = await lockedAccount({ useLock: false });
    p.clock.advanceMinutes(10);
    expect(await otherCall(free.caller)).toBe('200');
  });

  it('keeps a session that proves its lock every minute, and lets an overdue one still prove it', async () => {
    const { caller } = await lockedAccount();
    for (let minute = 0; minute < 5; minute++) {
      p.clock.advanceMinutes(1);
      expect((await validate(caller, await dongleSign(await challenge(caller)))).body.code).toBe('200');
      expect(await otherCall(caller)).toBe('200');
    }
    p.clock.advanceMinutes(LOCK_GRACE_SECONDS / 60 + 1);
    // overdue: the proof calls still answer, and a valid proof lets the session go on
    expect((await validate(caller, await dongleSign(await challenge(caller)))).body.code).toBe('200');
    expect(await otherCall(caller)).toBe('200');
  });
});

describe('setting the lock of an account', () => {
  it('refuses a key that is not an Ed25519 public key (10007), changing nothing', async () => {
    const { id } = await lockedAccount();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    for (const publicKey of [rsa.toString(), 'ssh-ed25519 AAAAnotakey', 'hello'])
      expect(
        (await admin.post('/lfscada/account/lock', { id, useLock: true, publicKey }, true)).body.code,
      ).toBe('10007');
    const [row] = await p.ctx.db.query<{ public_key: string }>(
      'select public_key from accounts where id = $1',
      [id],
    );
    expect(row!.public_key).toBe(keys.publicLine);
  });

  it("answers 90002 for another enterprise's account and the enterprise admin itself, 90008 without account_manage", async () => {
    const { id, caller } = await lockedAccount();
    const rival = await otherEnterpriseAdmin(p, 'Rival Lock Co');
    expect((await rival.post('/lfscada/account/lock', { id, useLock: false }, true)).body.code).toBe('90002');
    const [me] = await p.ctx.db.query<{ id: number }>(
      "select id from accounts where loginname = 'lockedworks-admin'",
    );
    expect((await admin.post('/lfscada/account/lock', { id: me!.id, useLock: true }, true)).body.code).toBe(
      '90002',
    );
    expect((await caller.post('/lfscada/account/lock', { id, useLock: false }, true)).body.code).toBe(
      '90008',
    );
    const [row] = await p.ctx.db.query<{ use_lock: boolean }>('select use_lock from accounts where id = $1', [
      id,
    ]);
    expect(row!.use_lock).toBe(true);
  });

  it('needs a login for the challenge', async () => {
    expect((await new Caller(p.app).get('/lfscada/user/random')).body.code).toBe('1006');
  });
});
