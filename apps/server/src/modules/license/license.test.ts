import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  TEST_PASSWORD,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import { deviceWithGateway, modbusDriver, nextSn, send, variable } from '../../../test/deviceFixtures';
import { loggedInOperator } from '../../../test/platformFixtures';

const script = fileURLToPath(new URL('../../../../../scripts/license.mjs', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'licence-test-'));
const vendorKey = path.join(dir, 'license.key');

/** Runs scripts/license.mjs, as a vendor would. */
function licenseScript(...args: string[]): string {
  return execFileSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function issue(limits: Record<string, string | number> = {}, key = vendorKey): string {
  const args = ['issue', '--key', key, '--to', 'Acme Water', '--expires', '2099-01-01'];
  for (const [k, v] of Object.entries(limits)) args.push(`--${k}`, String(v));
  return licenseScript(...args);
}

let p: TestPlatform;
let operator: Caller;
let admin: Caller;
let role: number;
let serial = 0;

beforeAll(async () => {
  licenseScript('keygen', dir);
  p = await startTestPlatform({ LICENSE_PUBLIC_KEY: readFileSync(path.join(dir, 'license.pub'), 'utf8') });
  operator = await loggedInOperator(p);
  admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Licensed Co')).admin);
  role = (await admin.post<{ id: number }>('/lfscada/role/add', { name: 'Viewer', roleType: 'operation' }))
    .body.data.id;
});
afterAll(async () => {
  await p.stop();
  rmSync(dir, { recursive: true, force: true });
});

const upload = async (file: string, caller = operator) =>
  (await caller.post<{ id: string }>('/lfscada/license/upload', { file }, true)).body;
const info = async () =>
  (
    await operator.post<{
      state: string;
      license: { issuedTo: string } | null;
      users: { used: number; limit: number | null };
      gateways: { used: number; limit: number | null };
      variables: { used: number; limit: number | null };
    }>('/lfscada/license/info', {}, true)
  ).body.data;
const addAccount = async () =>
  (
    await admin.post('/lfscada/account/add', {
      segment: 'int',
      loginname: `lic-user-${++serial}`,
      password: TEST_PASSWORD,
      roleId: role,
    })
  ).body;
const register = async () =>
  send(operator, '/lfscada/hardware/register', { series: 'EG', gateways: [{ sn: nextSn() }] });

describe('activation without a licence (account-security.md §6.2)', () => {
  it('limits nothing when no licence is installed and LICENSE_REQUIRED is off', async () => {
    expect(await info()).toMatchObject({ state: 'none', license: null, users: { limit: null } });
    expect((await addAccount()).code).toBe('200');
    expect((await register()).code).toBe('200');
  });
});

describe('installing a licence', () => {
  it('refuses a file that is not a licence (10007) or whose signature does not verify (10009)', async () => {
    expect((await upload('not json')).code).toBe('10007');
    expect((await upload('{"payload": 1}')).code).toBe('10007');
    const good = JSON.parse(issue({ users: 1000 })) as { payload: string; signature: string };
    // a changed limit: the payload of another licence with this one's signature
    const other = JSON.parse(issue({ users: 1_000_000 })) as { payload: string };
    expect((await upload(JSON.stringify({ ...good, payload: other.payload }))).code).toBe('10009');
    // signed by another vendor's key
    const stranger = mkdtempSync(path.join(tmpdir(), 'licence-stranger-'));
    licenseScript('keygen', stranger);
    expect((await upload(issue({}, path.join(stranger, 'license.key')))).code).toBe('10009');
    rmSync(stranger, { recursive: true, force: true });
    expect((await info()).state).toBe('none');
  });

  it('refuses an expired licence with 90100', async () => {
    const expired = licenseScript('issue', '--key', vendorKey, '--to', 'Late', '--expires', '2020-01-01');
    expect((await upload(expired)).code).toBe('90100');
  });

  it('is for the platform operator only (90008)', async () => {
    expect((await upload(issue(), admin)).code).toBe('90008');
    expect((await admin.post('/lfscada/license/info', {}, true)).body.code).toBe('90008');
  });

  it('installs a valid licence, shows it with the usage and writes the operation log', async () => {
    const res = await upload(issue({ id: 'LIC-FULL' }));
    expect(res).toMatchObject({ code: '200', data: { id: 'LIC-FULL' } });
    expect(await info()).toMatchObject({ state: 'valid', license: { issuedTo: 'Acme Water' } });
    const log = await p.ctx.db.query(
      "select 1 from operation_log where action = 'license.upload' and object_id = 'LIC-FULL'",
    );
    expect(log).toHaveLength(1);
  });
});

describe('licence limits (account-security.md §6.1)', () => {
  it('refuses a user beyond the licence with 90101, also when creating an enterprise', async () => {
    const { users } = await info();
    expect((await upload(issue({ users: users.used + 1 }))).code).toBe('200');
    expect((await addAccount()).code).toBe('200');
    const over = await addAccount();
    expect(over).toMatchObject({ code: '90101', message: 'The licensed number of users has been reached' });
    const org = await operator.post('/lfscada/org/add', {
      name: 'Over Limit Co',
      adminLoginname: 'over-limit-admin',
      adminPassword: TEST_PASSWORD,
    });
    expect(org.body.code).toBe('90101');
    expect((await info()).users.used).toBe(users.used + 1);
  });

  it('refuses gateways beyond the licence with 90102, a whole batch at once', async () => {
    const { gateways } = await info();
    expect((await upload(issue({ gateways: gateways.used + 1 }))).code).toBe('200');
    const batch = await send(operator, '/lfscada/hardware/register', {
      series: 'EG',
      gateways: [{ sn: nextSn() }, { sn: nextSn() }],
    });
    expect(batch.code).toBe('90102');
    expect((await register()).code).toBe('200');
    expect((await register()).code).toBe('90102');
  });

  it('refuses variables beyond the licence with 90103', async () => {
    const { variables } = await info();
    expect((await upload(issue({ variables: variables.used + 1 }))).code).toBe('200');
    const { owner } = await deviceWithGateway(admin, operator, 'Pump');
    const driver = await modbusDriver(admin, owner);
    await variable(admin, owner, driver, 'Pressure');
    const over = await send(admin, '/lfscada/equipment/multi/variable/add', {
      owner,
      item: { driverId: driver, name: 'Flow', dataType: 'int16', registerType: '4x', address: '1' },
    });
    expect(over.code).toBe('90103');
  });

  it('speaks alarms only with a licence that switches speech on (90104 otherwise)', async () => {
    const sound = () =>
      p.app.inject({
        method: 'POST',
        url: '/lfscada/msg/createSound',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `sid=${admin.cookie('sid')}`,
        },
        payload: 'text=Pressure%20high',
      });
    expect((await upload(issue({ id: 'LIC-MUTE' }))).code).toBe('200');
    expect((await sound()).json()).toMatchObject({ code: '90104' });
    expect((await upload(issue({ id: 'LIC-SPEECH', functions: 'speech' }))).code).toBe('200');
    const spoken = await sound();
    expect(spoken.headers['content-type']).toBe('audio/wav');
  });

  it('refuses everything limited with 90100 once the licence has lapsed', async () => {
    expect((await upload(issue({ id: 'LIC-LAPSING' }))).code).toBe('200');
    await p.ctx.db.query(
      "update licenses set expires_at = now() - interval '1 day' where licence_id = 'LIC-LAPSING'",
    );
    expect((await info()).state).toBe('expired');
    expect((await addAccount()).code).toBe('90100');
    expect((await register()).code).toBe('90100');
  });
});

describe('LICENSE_REQUIRED', () => {
  it('refuses adding users and gateways with 90100 until a licence is installed', async () => {
    const required = await startTestPlatform({
      LICENSE_PUBLIC_KEY: readFileSync(path.join(dir, 'license.pub'), 'utf8'),
      LICENSE_REQUIRED: 'true',
    });
    try {
      const op = await loggedInOperator(required);
      const res = await send(op, '/lfscada/hardware/register', {
        series: 'EG',
        gateways: [{ sn: nextSn() }],
      });
      expect(res.code).toBe('90100');
      const shown = await op.post<{ required: boolean; state: string }>('/lfscada/license/info', {}, true);
      expect(shown.body.data).toMatchObject({ required: true, state: 'none' });
      expect((await upload(issue(), op)).code).toBe('200');
      expect(
        (await send(op, '/lfscada/hardware/register', { series: 'EG', gateways: [{ sn: nextSn() }] })).code,
      ).toBe('200');
    } finally {
      await required.stop();
    }
  });
});
