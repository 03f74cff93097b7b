import type { MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWidget, emptyPage, type PageDocument } from '@fieldhub/hmi';
import { until } from '@fieldhub/testkit';
import {
  LIVE_CLOSE_REFUSED,
  type MvarRow,
  type ProjectEquipCount,
  type ProjectGatewayRow,
  type ProjectLiveMessage,
  type ProjectPageInfo,
  type ProjectSignalAnswer,
} from '@fieldhub/shared';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import {
  deviceWithGateway,
  made,
  modbusDriver,
  role,
  send,
  subAccount,
  variable,
} from '../../../test/deviceFixtures';
import { loggedInOperator } from '../../../test/platformFixtures';
import { LiveClient } from '../../../test/liveClient';
import { alarmRule } from '../../../test/alarmFixtures';
import { connectAsGateway } from '../../../test/gatewayFixtures';
import { addMember, addProjectPage, bindToProject, insertProject } from '../../../test/projectFixtures';

let p: TestPlatform;
let admin: Caller;
let adminZh: Caller;
let other: Caller;
let operator: Caller;
let operatorMember: Caller;
let viewerMember: Caller;
let gateway: MqttClient;
let sn: string;
let projectId: number;
let pageId: number;
let lockedPage: number;
let hiddenPage: number;
let boiler: number;
let level: number;
let count: number;
let pump: number;
let flow: number;
let mvar: MvarRow;
let seq = 0;
const sockets: LiveClient[] = [];

const base = '/lfscada/monitor/project';

/** The gateway sends a telemetry batch, as a real one does after reading its devices. */
async function telemetry(vals: Record<number, number>, q: Record<number, number> = {}, ts = Date.now()) {
  seq++;
  await gateway.publishAsync(
    p.topic(`iiot/v1/${sn}/up/telemetry`),
    JSON.stringify({ v: 1, bootId: 'pm', seq, items: [{ ts, vals, q }] }),
    { qos: 1 },
  );
}

async function projectSocket(caller: Caller, body: Record<string, unknown>): Promise<LiveClient> {
  const token = await made<string>(caller, '/lfscada/websocket/monitor/project/token', body);
  const address = p.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const ws = new WebSocket(`ws://127.0.0.1:${address.port}/lfscada/ws/project/signal/subscribe/${token}`);
  const client = new LiveClient(ws);
  sockets.push(client);
  await client.dataFrame(0);
  return client;
}

const frames = (c: LiveClient) => c.data as unknown as Exclude<ProjectLiveMessage, { type: 'idle' }>[];
const mvarFrames = (c: LiveClient) => frames(c).filter((f) => f.type === 'mvarVal');

beforeAll(async () => {
  p = await startTestPlatform({ MQTT_PORT: '0' }, { link: true, live: { idleMs: 300 } });
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  const { db } = p.ctx;
  operator = await loggedInOperator(p);
  const enterprise = await makeEnterprise(db, 'Project Works');
  admin = await loggedIn(p.app, enterprise.admin);
  adminZh = await loggedIn(p.app, enterprise.admin, 'zh-CN');
  other = await loggedIn(p.app, (await makeEnterprise(db, 'Rival Works')).admin);

  const b = await deviceWithGateway(admin, operator, 'Boiler');
  boiler = b.id;
  sn = b.sn;
  const plc = await modbusDriver(admin, b.owner);
  // float32: its values (4.5) are fractions, which an int16 register without a formula cannot hold
  level = await variable(admin, b.owner, plc, 'level', {
    dataType: 'float32',
    rw: 'rw',
    writeUpper: 10,
    writeLower: 0,
  });
  count = await variable(admin, b.owner, plc, 'count', { address: '1' });
  const pu = await deviceWithGateway(admin, operator, 'Pump');
  pump = pu.id;
  flow = await variable(admin, pu.owner, await modbusDriver(admin, pu.owner), 'flow', { rw: 'rw' });

  projectId = await insertProject(db, enterprise.orgId, 'Water plant');
  await bindToProject(db, projectId, boiler, 'Boiler 1');
  pageId = await addProjectPage(admin, projectId, 'Overview');
  lockedPage = await addProjectPage(admin, projectId, 'Settings');
  hiddenPage = await addProjectPage(admin, projectId, 'Hidden');
  await made(admin, '/lfscada/configuration/page/edit', {
    id: lockedPage,
    name: 'Settings',
    checkpwd: true,
    password: 'open-sesame',
  });
  mvar = await made<MvarRow>(admin, '/lfscada/project/mvar/add', {
    projectId,
    title: 'Level x count',
    calcType: 'custom',
    formula: `\${${boiler}.${level}} * 10 + \${${boiler}.${count}}`,
  });

  // members whose own data range holds no device: the project decides what they watch
  const opsRole = await role(admin, 'Ops', ['ops_center', 'monitor_view', 'monitor_write'], 'self');
  const opId = await subAccount(admin, { segment: 'int', loginname: 'pm-operator', roleId: opsRole });
  const viewId = await subAccount(admin, { segment: 'int', loginname: 'pm-viewer', roleId: opsRole });
  await addMember(db, projectId, opId, [{ pageId, pmsn: 'operate' }]);
  await addMember(db, projectId, viewId, [{ pageId, pmsn: 'view' }]);
  operatorMember = await loggedIn(p.app, 'pm-operator');
  viewerMember = await loggedIn(p.app, 'pm-viewer');

  // registration answered the gateway's MQTT password with its SN (deviceWithGateway keeps it)
  const { mqttPassword } = b as typeof b & { mqttPassword: string };
  gateway = await connectAsGateway(p.brokerUrl, sn, mqttPassword);
  await gateway.subscribeAsync(p.topic(`iiot/v1/${sn}/down/#`), { qos: 1 });
  gateway.on('message', (topic, payload) => {
    const msg = JSON.parse(payload.toString()) as { uuid: string; type: string; value: unknown };
    if (topic.endsWith('/down/cmd') && msg.type === 'write')
      void gateway.publishAsync(
        p.topic(`iiot/v1/${sn}/up/cmd/result`),
        JSON.stringify({ v: 1, uuid: msg.uuid, ok: true, data: { value: msg.value } }),
        { qos: 1 },
      );
  });
  await gateway.publishAsync(
    p.topic(`iiot/v1/${sn}/up/status`),
    JSON.stringify({ v: 1, online: true, bootId: 'pm' }),
    { qos: 1 },
  );
  await until(
    'gateway online',
    async () =>
      (await db.query("select 1 from gateways where sn = $1 and status = 'online'", [sn])).length === 1,
    10_000,
  );
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await gateway?.endAsync();
  await p.stop();
});

describe('project socket', () => {
  it('sends the snapshot, then a value and the mvar computed from it, as the gateway reports it', async () => {
    await telemetry({ [level]: 2, [count]: 3 });
    await until('first values ingested', async () => p.ctx.monitor.cache.get(count)?.value === 3, 10_000);
    const c = await projectSocket(admin, {
      pageId,
      dataSignal: `${level},${count}`,
      dataMvar: String(mvar.id),
    });
    const snapshot = frames(c);
    expect(snapshot[0]).toMatchObject({ type: 'signalVal', equipmentId: boiler });
    expect(mvarFrames(c)[0]).toMatchObject({
      type: 'mvarVal',
      projectId,
      values: [{ mvarId: mvar.id, value: 23 }],
    });

    const ts = Date.now() + 1;
    await telemetry({ [level]: 4.5 }, {}, ts);
    await c.until(() => mvarFrames(c).length >= 2, 'the mvar pushed');
    expect(mvarFrames(c)[1]).toEqual({
      type: 'mvarVal',
      projectId,
      values: [{ mvarId: mvar.id, value: 48, ts }],
    });
    expect(
      frames(c).some(
        (f) => f.type === 'signalVal' && f.values.some((v) => v.signalId === level && v.value === 4.5),
      ),
    ).toBe(true);
  });

  it('counts a failed read as 0 in the pushed mvar (docs/requirements/projects.md §5.3)', async () => {
    const c = await projectSocket(admin, { pageId, dataMvar: [mvar.id] });
    const ts = Date.now() + 2;
    await telemetry({ [count]: 99 }, { [count]: 1705 }, ts);
    await c.until(() => mvarFrames(c).some((f) => f.values[0]?.ts === ts), 'the mvar after a failed read');
    expect(mvarFrames(c).at(-1)!.values[0]!.value).toBe(45);
  });

  it('carries only what the page asked for', async () => {
    const c = await projectSocket(admin, { pageId, dataSignal: [count] });
    const ts = Date.now() + 3;
    await telemetry({ [level]: 6, [count]: 7 }, {}, ts);
    await c.until(
      () => frames(c).some((f) => f.type === 'signalVal' && f.values.some((v) => v.ts === ts)),
      'count',
    );
    const values = frames(c).flatMap((f) => (f.type === 'signalVal' ? f.values : []));
    expect(values.every((v) => v.signalId === count)).toBe(true);
    expect(mvarFrames(c)).toEqual([]);
  });

  it('sends the idle text', async () => {
    const c = await projectSocket(admin, { pageId, dataSignal: [level] });
    await c.until(() => c.frames.some((f) => f.type === 'idle'), 'idle text');
  });

  it('refuses a used token with 4001 and 1021', async () => {
    const token = await made<string>(admin, '/lfscada/websocket/monitor/project/token', {
      pageId,
      dataSignal: [level],
    });
    const address = p.app.server.address() as { port: number };
    const url = `ws://127.0.0.1:${address.port}/lfscada/ws/project/signal/subscribe/${token}`;
    const first = new LiveClient(new WebSocket(url));
    sockets.push(first);
    await first.dataFrame(0);
    const second = new LiveClient(new WebSocket(url));
    await second.until(() => second.closed !== null, 'refusal');
    expect(second.closed).toEqual({ code: LIVE_CLOSE_REFUSED, reason: '1021' });
  });

  it('leaves out what the project does not serve: unbound devices, their signals, other mvars', async () => {
    const c = await projectSocket(admin, {
      pageId,
      dataEquip: [pump, boiler],
      dataSignal: [flow, level],
      dataMvar: [999999, mvar.id],
    });
    const snapshot = frames(c);
    expect(snapshot.filter((f) => f.type === 'signalVal').map((f) => f.equipmentId)).toEqual([boiler]);
    expect(mvarFrames(c)[0]!.values.map((v) => v.mvarId)).toEqual([mvar.id]);
    const ts = Date.now() + 5;
    await p.ctx.monitor.ingest(pump, [{ signalId: flow, ts, value: 1, quality: 0 }], false);
    await p.ctx.monitor.ingest(boiler, [{ signalId: level, ts, value: 1, quality: 0 }], false);
    await c.until(
      () => frames(c).some((f) => f.type === 'signalVal' && f.values.some((v) => v.ts === ts)),
      'level',
    );
    const values = frames(c).flatMap((f) => (f.type === 'signalVal' ? f.values : []));
    expect(values.some((v) => v.signalId === flow)).toBe(false);
    const answer = await made<ProjectSignalAnswer>(admin, `${base}/signal/query`, {
      pageId,
      dataSignal: `${flow}`,
      dataMvar: '999999',
    });
    expect(answer).toEqual({ signals: [], mvars: [] });
  });
});

describe('project calls', () => {
  it('answers the gateways of the page’s devices and opens them', async () => {
    const rows = await made<ProjectGatewayRow[]>(admin, `${base}/gateway/query`, {
      pageId,
      dataEquip: `${pump},${boiler}`,
    });
    expect(rows).toEqual([
      { equipmentId: boiler, interval: 3600, online: true, status: 'online', vpn: false },
    ]);
    const opened = await made<{ opened: boolean }>(admin, `${base}/gateway/open`, {
      projectId,
      equipmentId: boiler,
    });
    expect(opened).toMatchObject({ online: true, opened: true });
    expect((await send(admin, `${base}/gateway/open`, { projectId, equipmentId: pump })).code).toBe('2610');
  });

  it('answers the page’s signals and mvars with their latest values', async () => {
    const answer = await made<ProjectSignalAnswer>(admin, `${base}/signal/query`, {
      pageId,
      dataSignal: [level],
      dataMvar: [mvar.id],
    });
    expect(answer.signals).toMatchObject([
      { equipmentId: boiler, signalId: level, name: 'level', rw: 'rw', quality: 0 },
    ]);
    expect(answer.mvars).toMatchObject([{ mvarId: mvar.id }]);
    expect(typeof answer.mvars[0]!.value).toBe('number');
  });

  it('counts the project’s devices and active alarms', async () => {
    expect(await made<ProjectEquipCount>(admin, `${base}/equip/queryCount`, { projectId })).toEqual({
      count: 1,
      total: 1,
      online: 1,
      offline: 0,
      alarm: 0,
    });
    expect(
      await made<ProjectEquipCount>(admin, `${base}/equip/queryCount`, { projectId, online: 'false' }),
    ).toMatchObject({
      count: 0,
    });
    expect(await made(admin, `${base}/alarm/queryCount`, { projectId })).toEqual({
      total: 0,
      signal: 0,
      gateway: 0,
    });
  });

  it('writes through the device command path and answers the task on the callback', async () => {
    const { uuid } = await made<{ uuid: string }>(admin, `${base}/signal/writeVal`, {
      projectId,
      signalId: level,
      value: 7.5,
    });
    let outcome: { status: string; code?: string } = { status: 'wait' };
    await until(
      'write result',
      async () => {
        outcome = await made(admin, `${base}/signal/callback`, { uuid });
        return outcome.status !== 'wait';
      },
      10_000,
    );
    expect(outcome).toMatchObject({ status: 'success', code: '200' });
    const [task] = await p.ctx.db.query<{ kind: string; payload: { value: number } }>(
      'select kind, payload from command_tasks where uuid = $1',
      [uuid],
    );
    expect(task).toMatchObject({ kind: 'write', payload: { value: 7.5 } });
  });

  it('refuses writes with the device write codes', async () => {
    const write = (caller: Caller, signalId: number, value: unknown) =>
      send(caller, `${base}/signal/writeVal`, { projectId, signalId, value });
    expect((await write(admin, level, 11)).code).toBe('2003');
    expect((await write(admin, level, -1)).code).toBe('2004');
    expect((await write(admin, count, 1)).code).toBe('2002');
    expect((await write(admin, flow, 1)).code).toBe('2610');
    // a member with only a view permission on the project's pages may not write
    expect((await write(viewerMember, level, 1)).code).toBe('2006');
    expect((await write(operatorMember, level, 1)).code).toBe('200');
    // the device calls themselves still keep the device from an account outside its data range
    expect(
      (
        await send(operatorMember, '/lfscada/monitor/multi/signal/writeVal', {
          equipmentId: boiler,
          signalId: level,
          value: 1,
        })
      ).code,
    ).toBe('1101');
  });

  it('refuses a write to a device without gateway (2001) and with a broken write formula (2005)', async () => {
    const { db } = p.ctx;
    const bare = await deviceWithGateway(admin, operator, 'Valve box');
    const valve = await variable(admin, bare.owner, await modbusDriver(admin, bare.owner), 'valve', {
      rw: 'rw',
    });
    // the gateway taken off the device (replaced in the field, not yet bound again)
    await made(admin, '/lfscada/equipment/multi/unbindGateway', { equipmentId: bare.id });
    await bindToProject(db, projectId, bare.id, 'Valve box');
    expect(
      (await send(admin, `${base}/signal/writeVal`, { projectId, signalId: valve, value: 1 })).code,
    ).toBe('2001');
    const plc = (
      await db.query<{ driver_id: number }>('select driver_id from variables where id = $1', [level])
    )[0]!;
    const setpoint = await variable(admin, { equipmentId: boiler }, plc.driver_id, 'setpoint', {
      rw: 'rw',
      address: '2',
    });
    // a formula saved before the rules were strict: the write is refused before it is sent
    await db.query("update variables set write_formula = 'x *' where id = $1", [setpoint]);
    expect(
      (await send(admin, `${base}/signal/writeVal`, { projectId, signalId: setpoint, value: 1 })).code,
    ).toBe('2005');
  });

  it('keeps a password-protected page locked until its password is given in this session', async () => {
    const locked = await made<ProjectPageInfo>(admin, `${base}/page/info`, { id: lockedPage });
    expect(locked).toMatchObject({ id: lockedPage, projectId, checkpwd: true, locked: true, document: null });
    const wrong = await send(adminZh, `${base}/page/validPassword`, { id: lockedPage, password: 'guess' });
    expect(wrong).toMatchObject({ code: '1904', message: '页面访问密码错误' });
    expect(
      await made(admin, `${base}/page/validPassword`, { id: lockedPage, password: 'open-sesame' }),
    ).toBeNull();
    const open = await made<ProjectPageInfo>(admin, `${base}/page/info`, { id: lockedPage });
    expect(open.locked).toBe(false);
    expect(open.document).toMatchObject({ widgets: [] });
    // another login session of the same account still sees it locked
    expect((await made<ProjectPageInfo>(adminZh, `${base}/page/info`, { id: lockedPage })).locked).toBe(true);
  });

  it('hands the viewer the project’s rule for a failed reading with the page (projects.md §2.1)', async () => {
    expect(await made<ProjectPageInfo>(viewerMember, `${base}/page/info`, { id: pageId })).toMatchObject({
      errorValShow: 'custom',
      errorDefaultVal: '0',
    });
    await p.ctx.db.query(
      `update projects set error_val_show = 'last', error_default_val = 'N/A' where id = $1`,
      [projectId],
    );
    try {
      expect(await made<ProjectPageInfo>(viewerMember, `${base}/page/info`, { id: pageId })).toMatchObject({
        errorValShow: 'last',
        errorDefaultVal: 'N/A',
      });
    } finally {
      await p.ctx.db.query(
        `update projects set error_val_show = 'custom', error_default_val = '0' where id = $1`,
        [projectId],
      );
    }
  });

  it('shows a member only the pages its permissions name (1903)', async () => {
    expect((await made<ProjectPageInfo>(viewerMember, `${base}/page/info`, { id: pageId })).locked).toBe(
      false,
    );
    expect((await send(viewerMember, `${base}/page/info`, { id: hiddenPage })).code).toBe('1903');
    expect(
      (await send(viewerMember, '/lfscada/websocket/monitor/project/token', { pageId: hiddenPage })).code,
    ).toBe('1903');
  });

  it('leaves widgets outside a member’s authRegion out of the page; the administrator sees all', async () => {
    const stored = await made<{ version: number }>(admin, '/lfscada/configuration/page/info', { id: pageId });
    const doc = emptyPage();
    doc.widgets = ['open', 'boiler'].map((id) => defaultWidget('UsualText', { id, x: 0, y: 0 }));
    doc.widgets[1]!.authRegion = ['Boiler house'];
    await made(admin, '/lfscada/configuration/page/save', {
      id: pageId,
      version: stored.version,
      document: doc,
    });
    const shown = async (caller: Caller) =>
      (
        (await made<ProjectPageInfo>(caller, `${base}/page/info`, { id: pageId })).document as PageDocument
      ).widgets.map((w) => w.id);
    expect(await shown(viewerMember)).toEqual(['open']);
    expect(await shown(admin)).toEqual(['open', 'boiler']);
  });

  it('answers history of a bound device only', async () => {
    const range = { startTime: Date.now() - 3_600_000, endTime: Date.now() + 60_000 };
    const page = await made<{ list: { variableId: number }[] }>(admin, `${base}/history/query`, {
      projectId,
      equipmentId: boiler,
      ...range,
    });
    expect(page.list.length).toBeGreaterThan(0);
    expect(
      (await send(admin, `${base}/history/query`, { projectId, equipmentId: pump, ...range })).code,
    ).toBe('2610');
    const curve = await made<{ series: { variableId: number }[] }>(admin, `${base}/queryAllForCurve`, {
      projectId,
      equipmentId: boiler,
      variableIds: [level],
      ...range,
    });
    expect(curve.series.map((s) => s.variableId)).toEqual([level]);
  });

  it('refuses bad input with 10001 in the caller’s language', async () => {
    const res = await send(adminZh, `${base}/gateway/query`, { pageId: 'abc', dataEquip: '' });
    expect(res.code).toBe('10001');
    expect(res.message).toMatch(/^参数校验失败/);
    expect((await send(admin, `${base}/signal/writeVal`, { projectId, signalId: level })).code).toBe('10001');
    expect((await send(admin, `${base}/page/validPassword`, { id: lockedPage, password: '' })).code).toBe(
      '10001',
    );
  });
});

describe('project monitoring tenant isolation', () => {
  it('does not answer another enterprise’s write task', async () => {
    const { uuid } = await made<{ uuid: string }>(admin, `${base}/signal/writeVal`, {
      projectId,
      signalId: level,
      value: 3,
    });
    expect((await send(other, `${base}/signal/callback`, { uuid })).code).toBe('90002');
  });
});

describe('project alarms', () => {
  it('pushes an alarm of a page device on the socket and counts it', async () => {
    await alarmRule(admin, boiler, count, { condition: 'gt', value: 100, ruleType: '01' });
    const c = await projectSocket(admin, { pageId, dataEquip: [boiler] });
    await telemetry({ [count]: 150 }, {}, Date.now() + 10);
    await c.until(() => frames(c).some((f) => f.type === 'signalAlarm'), 'the alarm');
    expect(frames(c).find((f) => f.type === 'signalAlarm')).toMatchObject({
      type: 'signalAlarm',
      equipmentId: boiler,
      alarm: { signalId: count, state: 'active' },
    });
    expect(await made(admin, `${base}/alarm/queryCount`, { projectId })).toEqual({
      total: 1,
      signal: 1,
      gateway: 0,
    });
    expect(
      await made<ProjectEquipCount>(admin, `${base}/equip/queryCount`, { projectId, alarm: true }),
    ).toMatchObject({
      count: 1,
      alarm: 1,
    });
  });

  it('lists the alarms of a bound device and confirms them', async () => {
    const page = await made<{ total: number; list: { id: number; state: string }[] }>(
      admin,
      `${base}/alarm/query`,
      {
        projectId,
        equipmentId: boiler,
      },
    );
    expect(page).toMatchObject({ total: 1, list: [{ state: 'active' }] });
    const alarmId = page.list[0]!.id;
    expect((await send(admin, `${base}/alarm/query`, { projectId, equipmentId: pump })).code).toBe('2610');
    expect((await send(other, `${base}/alarm/query`, { projectId, equipmentId: boiler })).code).toBe('2604');
    expect((await send(other, `${base}/alarm/confirm`, { projectId, alarmIds: [alarmId] })).code).toBe(
      '2604',
    );
    expect(
      await made(admin, `${base}/alarm/confirm`, { projectId, alarmIds: String(alarmId), note: 'seen' }),
    ).toEqual({
      confirmed: 1,
    });
  });
});
