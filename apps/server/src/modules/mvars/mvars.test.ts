import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BusMessage,
  LiveValue,
  MvarFormulaVerdict,
  MvarRow,
  MvarWithValue,
  Page,
} from '@fieldhub/shared';
import { loggedIn, type Caller } from '../../../test/harness';
import {
  deviceWithGateway,
  made,
  modbusDriver,
  role,
  send,
  subAccount,
  variable,
} from '../../../test/deviceFixtures';
import {
  otherEnterpriseAdmin,
  startDevicePlatform,
  type EnterprisePlatform,
} from '../../../test/platformFixtures';
import { addMember, addProjectPage, bindToProject, insertProject } from '../../../test/projectFixtures';
import { MvarDefinitionCache } from './mvarDefinitionCache';
import { MvarEngine } from './mvarEngine';
import * as repo from './mvars.repo';

let env: EnterprisePlatform & { operator: Caller };
let admin: Caller;
let adminZh: Caller;
let other: Caller;
let viewer: Caller;
let projectId: number;
let foreignProject: number;
let boiler: number;
let temp: number;
let pressure: number;
let pump: number;
let flow: number;

const base = '/lfscada/project/mvar';
const good = (signalId: number, ts: number, value: number): LiveValue => ({
  signalId,
  ts,
  value,
  quality: 0,
});
const count = async () => (await env.p.ctx.db.query('select 1 from project_mvars')).length;

beforeAll(async () => {
  env = await startDevicePlatform('Mvar Works');
  admin = env.admin;
  adminZh = await loggedIn(env.p.app, env.enterprise.admin, 'zh-CN');
  const { db } = env.p.ctx;
  const b = await deviceWithGateway(admin, env.operator, 'Boiler');
  boiler = b.id;
  const plc = await modbusDriver(admin, b.owner);
  temp = await variable(admin, b.owner, plc, 'temp');
  pressure = await variable(admin, b.owner, plc, 'pressure', { address: '1' });
  const pu = await deviceWithGateway(admin, env.operator, 'Pump');
  pump = pu.id;
  flow = await variable(admin, pu.owner, await modbusDriver(admin, pu.owner), 'flow');
  projectId = await insertProject(db, env.enterprise.orgId, 'Plant');
  await bindToProject(db, projectId, boiler, 'Boiler 1');

  other = await otherEnterpriseAdmin(env.p, 'Other Works');
  const [otherOrg] = await db.query<{ org_id: number }>(
    "select org_id from accounts where loginname = 'otherworks-admin'",
  );
  foreignProject = await insertProject(db, otherOrg!.org_id, 'Foreign plant');

  // a member with ops_center only: may read the project's mvars, not change them
  const opsRole = await role(admin, 'Operators', ['ops_center', 'monitor_view']);
  const viewerId = await subAccount(admin, { segment: 'int', loginname: 'mvar-viewer', roleId: opsRole });
  await addMember(db, projectId, viewerId, [
    { pageId: await addProjectPage(admin, projectId, 'Main'), pmsn: 'view' },
  ]);
  viewer = await loggedIn(env.p.app, 'mvar-viewer');
});
afterAll(async () => env.p.stop());

describe('mvar calls', () => {
  let total: MvarRow;

  it('adds an mvar whose formula reads signals of a bound device, naming them', async () => {
    total = await made<MvarRow>(admin, `${base}/add`, {
      projectId,
      title: 'Total',
      calcType: 'sum',
      formula: `\${${boiler}.${temp}}, \${${boiler}.${pressure}}`,
      initialValue: 7,
      unit: 'kPa',
    });
    expect(total).toMatchObject({
      projectId,
      title: 'Total',
      calcType: 'sum',
      initialValue: 7,
      unit: 'kPa',
      decimals: 2,
    });
    expect(total.refs).toEqual([
      {
        key: `${boiler}.${temp}`,
        equipmentId: boiler,
        signalId: temp,
        equipmentTitle: 'Boiler 1',
        signalName: 'temp',
      },
      {
        key: `${boiler}.${pressure}`,
        equipmentId: boiler,
        signalId: pressure,
        equipmentTitle: 'Boiler 1',
        signalName: 'pressure',
      },
    ]);
  });

  it('shows the initial value until a signal is read, then the computed value', async () => {
    const before = await made<MvarWithValue[]>(admin, `${base}/queryAll`, {
      projectId,
      ids: String(total.id),
    });
    expect(before).toMatchObject([{ id: total.id, value: 7, ts: null }]);
    const ts = Date.now();
    await env.p.ctx.monitor.ingest(
      boiler,
      [good(temp, ts, 20), { signalId: pressure, ts, value: 5, quality: 1705 }],
      false,
    );
    const after = await made<MvarWithValue[]>(admin, `${base}/queryAll`, { projectId });
    // the failed read of pressure counts as 0 (docs/requirements/projects.md §5.3)
    expect(after).toMatchObject([{ id: total.id, value: 20, ts }]);
  });

  it('lists, edits and deletes', async () => {
    const custom = await made<MvarRow>(admin, `${base}/add`, {
      projectId,
      title: 'Ratio',
      calcType: 'custom',
      formula: `round(\${${boiler}.${temp}} / 3, 1)`,
    });
    const page = await made<Page<MvarRow>>(admin, `${base}/query`, { projectId, keyword: 'rat' });
    expect(page).toMatchObject({ total: 1, list: [{ id: custom.id, title: 'Ratio' }] });
    const edited = await made<MvarRow>(admin, `${base}/edit`, {
      id: custom.id,
      title: 'Ratio x2',
      calcType: 'custom',
      formula: `\${${boiler}.${temp}} * 2`,
      decimals: 0,
    });
    expect(edited).toMatchObject({ title: 'Ratio x2', decimals: 0, formula: `\${${boiler}.${temp}} * 2` });
    expect(
      await made<MvarWithValue[]>(admin, `${base}/queryAll`, { projectId, ids: [custom.id] }),
    ).toMatchObject([{ value: 40 }]);
    expect(await made(admin, `${base}/delete`, { id: custom.id })).toBeNull();
    expect((await send(admin, `${base}/delete`, { id: custom.id })).code).toBe('2652');
  });

  it('refuses a formula that does not parse with 2650, the position and the problem in the caller’s language', async () => {
    const before = await count();
    const res = await send(adminZh, `${base}/add`, {
      projectId,
      title: 'Broken',
      calcType: 'custom',
      formula: `(\${${boiler}.${temp}} + 2`,
    });
    expect(res.code).toBe('2650');
    expect(res.message).toMatch(/^中间变量公式错误：/);
    expect(res.data).toMatchObject({ kind: 'syntax' });
    expect(await count()).toBe(before);
  });

  it('refuses a reference to a device not bound to the project with 2651', async () => {
    const formula = `\${${boiler}.${temp}} + \${${pump}.${flow}}`;
    const res = await send(admin, `${base}/add`, { projectId, title: 'Pump', calcType: 'custom', formula });
    expect(res.code).toBe('2651');
    expect(res.message).toContain(`\${${pump}.${flow}}`);
    expect(res.data).toMatchObject({ position: formula.indexOf('+ $') + 2, kind: 'unknownReference' });
    // a signal named under the wrong device is no signal of that device
    const wrong = await send(admin, `${base}/add`, {
      projectId,
      title: 'Wrong',
      calcType: 'sum',
      formula: `\${${boiler}.${flow}}`,
    });
    expect(wrong.code).toBe('2651');
  });

  it('refuses a taken title with 2653 and bad input with 10001', async () => {
    const dup = await send(admin, `${base}/add`, {
      projectId,
      title: 'total',
      calcType: 'max',
      formula: `\${${boiler}.${temp}}`,
    });
    expect(dup.code).toBe('2653');
    const bad = await send(adminZh, `${base}/add`, {
      projectId,
      title: 'X',
      calcType: 'median',
      formula: '1',
    });
    expect(bad.code).toBe('10001');
    expect(bad.message).toMatch(/calcType/);
    expect(
      (await send(admin, `${base}/add`, { projectId, title: '', calcType: 'sum', formula: '1' })).code,
    ).toBe('10001');
  });

  it('validFormulaVar answers the verdict with the position, or the references', async () => {
    const bad = await made<MvarFormulaVerdict>(admin, `${base}/validFormulaVar`, {
      projectId,
      calcType: 'custom',
      formula: `\${${boiler}.${temp}} * y`,
    });
    expect(bad).toEqual({
      valid: false,
      position: String(`\${${boiler}.${temp}} * `).length,
      kind: 'unknownIdentifier',
      message: expect.stringContaining("'y'"),
    });
    const zh = await made<MvarFormulaVerdict>(adminZh, `${base}/validFormulaVar`, {
      projectId,
      calcType: 'avg',
      formula: '',
    });
    expect(zh).toMatchObject({ valid: false, position: 0, message: '公式不能为空' });
    const ok = await made<MvarFormulaVerdict>(admin, `${base}/validFormulaVar`, {
      projectId,
      calcType: 'avg',
      formula: `\${${boiler}.${temp}}`,
    });
    expect(ok).toMatchObject({ valid: true, refs: [{ signalId: temp, signalName: 'temp' }] });
  });

  it('validStatistics accepts the project’s mvars, refuses another’s (2652) and more than 100 (2603)', async () => {
    const url = '/lfscada/project/report/mvar/validStatistics';
    expect(await made(admin, url, { projectId, ids: String(total.id) })).toEqual({ count: 1 });
    expect((await send(admin, url, { projectId, ids: [total.id, 999999] })).code).toBe('2652');
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await send(admin, url, { projectId, ids: many })).code).toBe('2603');
  });

  it('stops reading a device once it is unbound from the project', async () => {
    const { db } = env.p.ctx;
    await bindToProject(db, projectId, pump, 'Pump 1');
    const both = await made<MvarRow>(admin, `${base}/add`, {
      projectId,
      title: 'Both',
      calcType: 'sum',
      formula: `\${${boiler}.${temp}},\${${pump}.${flow}}`,
    });
    const ts = Date.now() + 10;
    await env.p.ctx.monitor.ingest(boiler, [good(temp, ts, 20)], false);
    await env.p.ctx.monitor.ingest(pump, [good(flow, ts, 5)], false);
    const valueOf = async () =>
      (await made<MvarWithValue[]>(admin, `${base}/queryAll`, { projectId, ids: [both.id] }))[0]!;
    expect((await valueOf()).value).toBe(25);
    await db.query('delete from project_equipment where project_id = $1 and equipment_id = $2', [
      projectId,
      pump,
    ]);
    const after = await valueOf();
    expect(after.value).toBe(20);
    expect(after.refs[1]).toEqual({
      key: `${pump}.${flow}`,
      equipmentId: pump,
      signalId: flow,
      equipmentTitle: '',
      signalName: '',
    });
    await made(admin, `${base}/delete`, { id: both.id });
  });

  it('lets a project member read the mvars but not change them', async () => {
    expect(await made<MvarWithValue[]>(viewer, `${base}/queryAll`, { projectId })).toHaveLength(1);
    const before = await count();
    const res = await send(viewer, `${base}/add`, {
      projectId,
      title: 'V',
      calcType: 'sum',
      formula: `\${${boiler}.${temp}}`,
    });
    expect(res.code).toBe('90008');
    expect((await send(viewer, `${base}/delete`, { id: total.id })).code).toBe('90008');
    expect(await count()).toBe(before);
  });
});

describe('mvar engine', () => {
  it('sends a value again when another instance published a different one meanwhile', async () => {
    const { db, monitor } = env.p.ctx;
    // two instances' engines on one bus (as Redis joins them), each computing what it ingested
    const engine = () =>
      new MvarEngine(
        db,
        monitor.cache,
        new MvarDefinitionCache((ids) => repo.mvarsReading(db, ids)),
        monitor.bus,
        env.p.ctx.log.child({ module: 'mvars' }),
      );
    const [a, b] = [engine(), engine()];
    const heard: number[] = [];
    const stop = monitor.bus.subscribe((m: BusMessage) => {
      if (m.type === 'mvarVal') heard.push(...m.values.map((v) => v.value));
    });
    const at = async (instance: MvarEngine, value: number, ts: number) => {
      const accepted = monitor.cache.apply([good(temp, ts, value), good(pressure, ts, 0)]);
      await instance.valuesIngested(accepted);
    };
    const t = Date.now() + 100_000;
    await at(b, 5, t);
    await at(a, 7, t + 1);
    await at(b, 5, t + 2);
    await at(b, 5, t + 3); // unchanged: not sent again
    expect(heard).toEqual([5, 7, 5]);
    stop();
    a.close();
    b.close();
  });
});

describe('mvar tenant isolation', () => {
  it('answers another enterprise’s project as missing (2604) in every project call', async () => {
    const calls: [string, Record<string, unknown>][] = [
      [`${base}/query`, { projectId }],
      [`${base}/queryAll`, { projectId }],
      [`${base}/add`, { projectId, title: 'Spy', calcType: 'sum', formula: `\${${boiler}.${temp}}` }],
      [`${base}/validFormulaVar`, { projectId, calcType: 'sum', formula: `\${${boiler}.${temp}}` }],
      ['/lfscada/project/report/mvar/validStatistics', { projectId, ids: '1' }],
    ];
    for (const [url, body] of calls) expect((await send(other, url, body)).code, url).toBe('2604');
  });

  it('answers another enterprise’s mvar as missing (2652) and changes nothing', async () => {
    const [row] = await env.p.ctx.db.query<{ id: number; title: string }>(
      'select id, title from project_mvars limit 1',
    );
    const edit = { id: row!.id, title: 'Hacked', calcType: 'sum', formula: `\${${boiler}.${temp}}` };
    expect((await send(other, `${base}/edit`, edit)).code).toBe('2652');
    expect((await send(other, `${base}/delete`, { id: row!.id })).code).toBe('2652');
    const [after] = await env.p.ctx.db.query<{ title: string }>(
      'select title from project_mvars where id = $1',
      [row!.id],
    );
    expect(after!.title).toBe(row!.title);
  });

  it('does not let a formula reach a device of another enterprise', async () => {
    // the other enterprise's project cannot name our device, even knowing its ids
    const res = await send(other, `${base}/add`, {
      projectId: foreignProject,
      title: 'Peek',
      calcType: 'sum',
      formula: `\${${boiler}.${temp}}`,
    });
    expect(res.code).toBe('2651');
  });
});
