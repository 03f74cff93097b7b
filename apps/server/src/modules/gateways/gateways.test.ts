import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggedIn, type Caller, type TestPlatform } from '../../../test/harness';
import {
  deviceWithGateway,
  insertVariables,
  made,
  modbusDriver,
  nextSn,
  registeredGateway,
  send,
  type Registered,
} from '../../../test/deviceFixtures';
import { otherEnterpriseAdmin, startDevicePlatform } from '../../../test/platformFixtures';

const base = '/lfscada/equipment/multi';

let p: TestPlatform;
let adminName: string;
let admin: Caller;
let operator: Caller;
let other: Caller;

beforeAll(async () => {
  const started = await startDevicePlatform('Acme Port');
  ({ p, admin, operator } = started);
  adminName = started.enterprise.admin;
  other = await otherEnterpriseAdmin(p, 'Other Port');
});
afterAll(() => p.stop());

const register = (body: Record<string, unknown>) =>
  send<Record<string, unknown>[]>(operator, '/lfscada/hardware/register', body);
const stored = (sn: string) =>
  p.ctx.db.query<{ equipment_id: number | null; org_id: number | null; series: string }>(
    'select equipment_id, org_id, series from gateways where sn = $1',
    [sn],
  );
const newDevice = async (name: string) => (await made(admin, `${base}/add`, { name })).id;
const bind = (caller: Caller, equipmentId: number, g: Registered) =>
  send(caller, `${base}/bindGateway`, { equipmentId, sn: g.sn, verifyCode: g.verifyCode });
const wrongCode = (g: Registered) => ({ ...g, verifyCode: g.verifyCode === '000000' ? '111111' : '000000' });

describe('registering gateways on the platform', () => {
  it('returns each verification code and MQTT password once and stores only a hash of the password', async () => {
    const sns = [nextSn(), nextSn()];
    const res = await register({ series: 'EG-Pro', model: 'P100', gateways: sns.map((sn) => ({ sn })) });
    expect(res.code).toBe('200');
    const issued = res.data as { sn: string; verifyCode: string; mqttPassword: string }[];
    expect(issued.map((g) => g.sn)).toEqual(sns);
    for (const g of issued) {
      expect(g.verifyCode).toMatch(/^\d{6}$/);
      // hex, never starting with '-' (a command line would read it as an option)
      expect(g.mqttPassword).toMatch(/^[0-9a-f]{24}$/);
    }
    const [row] = await p.ctx.db.query<{ mqtt_password_hash: string; series: string; model: string }>(
      'select mqtt_password_hash, series, model from gateways where sn = $1',
      [sns[0]],
    );
    expect(row).toMatchObject({ series: 'EG-Pro', model: 'P100' });
    expect(row!.mqtt_password_hash).not.toContain(issued[0]!.mqttPassword);
    const listed = await send<{ list: Record<string, unknown>[] }>(operator, '/lfscada/hardware/query', {
      sn: sns[0],
    });
    expect(listed.data.list).toMatchObject([{ sn: sns[0], series: 'EG-Pro', model: 'P100', bound: false }]);
    const text = JSON.stringify(listed);
    expect(text).not.toContain(issued[0]!.verifyCode);
    expect(text).not.toContain(issued[0]!.mqttPassword);
  });

  it('keeps a verification code given by the operator', async () => {
    const sn = nextSn();
    const res = await register({ series: 'EG', gateways: [{ sn, verifyCode: '424242' }] });
    expect(res.data).toMatchObject([{ sn, verifyCode: '424242' }]);
  });

  // 100 scrypt hashes of MQTT passwords: seconds on an idle machine, far more on a busy one
  it(
    'accepts 100 gateways in a batch and refuses 101 with 1306, storing none of them',
    { timeout: 120_000 },
    async () => {
      const hundred = Array.from({ length: 100 }, () => ({ sn: nextSn() }));
      expect((await register({ series: 'EG', gateways: hundred })).code).toBe('200');
      const over = Array.from({ length: 101 }, () => ({ sn: nextSn() }));
      expect(await register({ series: 'EG', gateways: over })).toMatchObject({
        code: '1306',
        message: 'At most 100 gateways per batch',
        data: null,
      });
      expect(await stored(over[0]!.sn)).toEqual([]);
    },
  );

  it('refuses an SN repeated in the batch with 1307 and a registered SN with 1024, storing nothing', async () => {
    const sn = nextSn();
    expect((await register({ series: 'EG', gateways: [{ sn }, { sn }] })).code).toBe('1307');
    expect(await stored(sn)).toEqual([]);
    await register({ series: 'EG', gateways: [{ sn }] });
    const fresh = nextSn();
    const again = await register({ series: 'EG', gateways: [{ sn: fresh }, { sn }] });
    expect(again).toMatchObject({ code: '1024', data: { sns: [sn] } });
    expect(await stored(fresh)).toEqual([]);
  });

  it('refuses an SN that is not 12 digits with 10001 and an unknown series with 1343', async () => {
    expect((await register({ series: 'EG', gateways: [{ sn: '12345' }] })).code).toBe('10001');
    expect((await register({ series: 'XG-9000', gateways: [{ sn: nextSn() }] })).code).toBe('1343');
  });
});

describe('looking up a gateway by SN', () => {
  it.each([['12345678901a'], ['12345'], ['1234567890123']])('answers 1305 for %j', async (sn) => {
    expect(await send(admin, '/lfscada/hardware/queryBySn', { sn })).toMatchObject({
      code: '1305',
      message: 'The gateway SN must be 12 digits',
    });
  });

  it('answers 1302 for an SN nobody registered', async () => {
    expect((await send(admin, '/lfscada/hardware/queryBySn', { sn: '999999999999' })).code).toBe('1302');
  });

  it('shows the series and model of a free gateway, and that one of its own devices holds it', async () => {
    const g = await registeredGateway(operator, 'EG-Lite');
    expect((await send(admin, '/lfscada/hardware/queryBySn', { sn: g.sn })).data).toMatchObject({
      sn: g.sn,
      series: 'EG-Lite',
      bound: false,
      status: 'offline',
    });
    await bind(admin, await newDevice('Lookup tank'), g);
    expect((await send(admin, '/lfscada/hardware/queryBySn', { sn: g.sn })).data).toMatchObject({
      bound: true,
    });
    expect(JSON.stringify(await send(admin, '/lfscada/hardware/queryBySn', { sn: g.sn }))).not.toContain(
      g.verifyCode,
    );
  });
  it('answers 1303 without the gateway’s details when another enterprise holds it', async () => {
    const g = await registeredGateway(operator, 'EG-Pro');
    await bind(other, (await made(other, `${base}/add`, { name: 'Their silo' })).id, g);
    expect(await send(admin, '/lfscada/hardware/queryBySn', { sn: g.sn })).toEqual({
      code: '1303',
      message: 'This gateway is already bound',
      data: null,
    });
    expect((await send(other, '/lfscada/hardware/queryBySn', { sn: g.sn })).data).toMatchObject({
      bound: true,
    });
  });
});

describe('binding a gateway to a device', () => {
  it('refuses a wrong verification code with 1103 and binds nothing', async () => {
    const g = await registeredGateway(operator);
    const id = await newDevice('Crane 1');
    expect(await bind(admin, id, wrongCode(g))).toMatchObject({
      code: '1103',
      message: 'Incorrect gateway SN or verification code',
      data: null,
    });
    expect(await stored(g.sn)).toMatchObject([{ equipment_id: null }]);
    expect((await bind(admin, id, g)).code).toBe('200');
    expect(await stored(g.sn)).toMatchObject([{ equipment_id: id }]);
  });

  it('refuses an SN bound to another device with 1104, even with the right code', async () => {
    const d = await deviceWithGateway(admin, operator, 'Crane 2');
    expect((await bind(admin, await newDevice('Crane 3'), d)).code).toBe('1104');
    expect((await bind(other, (await made(other, `${base}/add`, { name: 'Their crane' })).id, d)).code).toBe(
      '1104',
    );
    expect(await stored(d.sn)).toMatchObject([{ equipment_id: d.id }]);
  });

  it('refuses an SN that is not 12 digits with 1305 and an unknown one with 1302', async () => {
    const id = await newDevice('Crane 4');
    expect((await bind(admin, id, { sn: '20000000001', verifyCode: '123456' })).code).toBe('1305');
    expect((await bind(admin, id, { sn: 'abcdefghijkl', verifyCode: '123456' })).code).toBe('1305');
    expect((await bind(admin, id, { sn: '999999999998', verifyCode: '123456' })).code).toBe('1302');
  });

  it('pauses an SN after 5 wrong codes with 90010, even for the right code, for 15 minutes', async () => {
    const g = await registeredGateway(operator);
    const id = await newDevice('Crane 5');
    for (let i = 0; i < 5; i++) expect((await bind(admin, id, wrongCode(g))).code).toBe('1103');
    expect(await bind(admin, id, g)).toMatchObject({ code: '90010', data: null });
    p.clock.advanceMinutes(14);
    expect((await bind(admin, id, g)).code).toBe('90010');
    p.clock.advanceMinutes(1);
    expect((await bind(admin, id, g)).code).toBe('200');
    expect(await stored(g.sn)).toMatchObject([{ equipment_id: id }]);
  });

  it('lets at most 5 of 20 parallel wrong codes be checked; the others answer 90010', async () => {
    const g = await registeredGateway(operator);
    const id = await newDevice('Crane 13');
    const answers = await Promise.all(Array.from({ length: 20 }, () => bind(admin, id, wrongCode(g))));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === '1103')).toHaveLength(5);
    expect(codes.filter((c) => c === '90010')).toHaveLength(15);
    expect((await bind(admin, id, g)).code).toBe('90010');
  });

  it('counts wrong codes sent with a template, whose binding rolls back, against the same limit', async () => {
    const t = await made(admin, '/lfscada/template/add', { name: 'Guessed cranes', series: 'EG' });
    const g = await registeredGateway(operator);
    const id = await newDevice('Crane 15');
    const withTemplate = { equipmentId: id, ...wrongCode(g), templateId: t.id };
    for (let i = 0; i < 5; i++)
      expect((await send(admin, `${base}/bindGatewayAndTemplate`, withTemplate)).code).toBe('1103');
    expect((await bind(admin, id, g)).code).toBe('90010');
  });

  it('shares the limit between two server instances on one database', async () => {
    // the second instance as another process runs it: its own copy of every module
    vi.resetModules();
    const { createPlatform } = await import('../../server');
    const second = await createPlatform(p.ctx.config, {
      db: p.ctx.db,
      clock: p.clock,
      link: false,
      serveWeb: false,
    });
    try {
      const adminOnSecond = await loggedIn(second.app, adminName);
      const g = await registeredGateway(operator);
      const id = await newDevice('Crane 14');
      for (let i = 0; i < 3; i++) expect((await bind(admin, id, wrongCode(g))).code).toBe('1103');
      for (let i = 0; i < 2; i++) expect((await bind(adminOnSecond, id, wrongCode(g))).code).toBe('1103');
      expect((await bind(adminOnSecond, id, g)).code).toBe('90010');
      expect((await bind(admin, id, g)).code).toBe('90010');
      p.clock.advanceMinutes(15);
      expect((await bind(adminOnSecond, id, g)).code).toBe('200');
    } finally {
      await second.app.close();
      await second.ctx.monitor.close();
    }
  });

  it('treats binding the gateway a device already has as done, leaving its sync state alone', async () => {
    const d = await deviceWithGateway(admin, operator, 'Crane 6');
    await p.ctx.db.query(
      'update gateways set applied_version = (select config_version from equipment where id = $1) where sn = $2',
      [d.id, d.sn],
    );
    expect((await send(admin, `${base}/info`, { id: d.id })).data).toMatchObject({ syncNeeded: false });
    expect((await bind(admin, d.id, d)).code).toBe('200');
    expect((await send(admin, `${base}/info`, { id: d.id })).data).toMatchObject({
      sn: d.sn,
      syncNeeded: false,
    });
  });

  it('puts a new gateway in place of the old one, which becomes free', async () => {
    const d = await deviceWithGateway(admin, operator, 'Crane 7');
    const driverId = await modbusDriver(admin, d.owner);
    const g = await registeredGateway(operator);
    expect((await bind(admin, d.id, g)).code).toBe('200');
    expect((await send(admin, `${base}/info`, { id: d.id })).data).toMatchObject({
      sn: g.sn,
      syncNeeded: true,
    });
    expect(await stored(d.sn)).toEqual([{ equipment_id: null, org_id: null, series: 'EG' }]);
    expect(
      (await made<{ id: number }[]>(admin, `${base}/driver/query`, { owner: d.owner })).map((x) => x.id),
    ).toEqual([driverId]);
    expect((await bind(admin, await newDevice('Crane 8'), d)).code).toBe('200');
  });

  it('refuses a gateway of another series than the device’s template with 1110', async () => {
    const t = await made(admin, '/lfscada/template/add', { name: 'Lite pumps', series: 'EG-Lite' });
    const id = await newDevice('Crane 9');
    await made(admin, `${base}/bindTemplate`, { equipmentId: id, templateId: t.id });
    const eg = await registeredGateway(operator, 'EG');
    expect(await bind(admin, id, eg)).toMatchObject({
      code: '1110',
      message: 'The template is for a different gateway series',
    });
    expect(await stored(eg.sn)).toMatchObject([{ equipment_id: null }]);
    expect((await bind(admin, id, await registeredGateway(operator, 'EG-Lite'))).code).toBe('200');
  });

  it('refuses a gateway whose series cannot hold the device’s configuration with 1701, keeping the old one', async () => {
    const d = await deviceWithGateway(admin, operator, 'Crane 10');
    await insertVariables(p.ctx.db, d.owner, await modbusDriver(admin, d.owner), 300);
    const lite = await registeredGateway(operator, 'EG-Lite');
    expect(await bind(admin, d.id, lite)).toMatchObject({
      code: '1701',
      message: 'The variable count exceeds the gateway capacity',
    });
    expect(await stored(lite.sn)).toMatchObject([{ equipment_id: null }]);
    expect(await stored(d.sn)).toMatchObject([{ equipment_id: d.id }]);
    expect((await bind(admin, d.id, await registeredGateway(operator, 'EG-Pro'))).code).toBe('200');
  });

  it('binds a template and a gateway in one step, or neither when the code is wrong', async () => {
    const t = await made(admin, '/lfscada/template/add', { name: 'Cranes', series: 'EG' });
    const id = await newDevice('Crane 11');
    const g = await registeredGateway(operator);
    const both = (verifyCode: string) =>
      send(admin, `${base}/bindGatewayAndTemplate`, {
        equipmentId: id,
        sn: g.sn,
        verifyCode,
        templateId: t.id,
      });
    expect((await both(wrongCode(g).verifyCode)).code).toBe('1103');
    expect((await send(admin, `${base}/info`, { id })).data).toMatchObject({ sn: null, templateId: null });
    expect((await both(g.verifyCode)).code).toBe('200');
    expect((await send(admin, `${base}/info`, { id })).data).toMatchObject({ sn: g.sn, templateId: t.id });
  });

  it('unbinds a gateway, keeping the configuration; a device without one answers 1102', async () => {
    const d = await deviceWithGateway(admin, operator, 'Crane 12');
    await modbusDriver(admin, d.owner);
    expect((await send(admin, `${base}/unbindGateway`, { equipmentId: d.id })).code).toBe('200');
    expect(await stored(d.sn)).toMatchObject([{ equipment_id: null, org_id: null }]);
    expect((await send(admin, `${base}/info`, { id: d.id })).data).toMatchObject({ sn: null });
    expect(await made<unknown[]>(admin, `${base}/driver/query`, { owner: d.owner })).toHaveLength(1);
    expect(await send(admin, `${base}/unbindGateway`, { equipmentId: d.id })).toMatchObject({
      code: '1102',
      message: 'The device has no gateway bound',
    });
  });
});
