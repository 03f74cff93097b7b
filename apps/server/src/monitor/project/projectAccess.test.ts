/**
 * Who may open a project's pages and calls (docs/requirements/projects.md §5): another enterprise
 * never, a password-locked page after five wrong tries not for 15 minutes, an expired project no one.
 * The live path of the same calls is projectMonitor.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import { deviceWithGateway, made, modbusDriver, send, variable } from '../../../test/deviceFixtures';
import { loggedInOperator } from '../../../test/platformFixtures';
import { addProjectPage, bindToProject, insertProject } from '../../../test/projectFixtures';

let p: TestPlatform;
let admin: Caller;
let adminZh: Caller;
let other: Caller;
let projectId: number;
let pageId: number;
let lockedPage: number;
let boiler: number;
let level: number;

const base = '/lfscada/monitor/project';

beforeAll(async () => {
  p = await startTestPlatform();
  const { db } = p.ctx;
  const operator = await loggedInOperator(p);
  const enterprise = await makeEnterprise(db, 'Project Works');
  admin = await loggedIn(p.app, enterprise.admin);
  adminZh = await loggedIn(p.app, enterprise.admin, 'zh-CN');
  other = await loggedIn(p.app, (await makeEnterprise(db, 'Rival Works')).admin);
  const b = await deviceWithGateway(admin, operator, 'Boiler');
  boiler = b.id;
  level = await variable(admin, b.owner, await modbusDriver(admin, b.owner), 'level', { rw: 'rw' });
  projectId = await insertProject(db, enterprise.orgId, 'Water plant');
  await bindToProject(db, projectId, boiler, 'Boiler 1');
  pageId = await addProjectPage(admin, projectId, 'Overview');
  lockedPage = await addProjectPage(admin, projectId, 'Settings');
  await made(admin, '/lfscada/configuration/page/edit', {
    id: lockedPage,
    name: 'Settings',
    checkpwd: true,
    password: 'open-sesame',
  });
});
afterAll(async () => {
  await p.stop();
});

describe('project monitoring tenant isolation', () => {
  it('answers another enterprise’s page as missing (1903) and its project as missing (2604)', async () => {
    const range = { startTime: Date.now() - 3_600_000, endTime: Date.now() };
    const byPage: [string, Record<string, unknown>][] = [
      [`${base}/gateway/query`, { pageId, dataEquip: [boiler] }],
      [`${base}/signal/query`, { pageId, dataSignal: [level] }],
      [`${base}/page/info`, { id: pageId }],
      [`${base}/page/validPassword`, { id: lockedPage, password: 'open-sesame' }],
      ['/lfscada/websocket/monitor/project/token', { pageId, dataSignal: [level] }],
    ];
    for (const [url, body] of byPage) expect((await send(other, url, body)).code, url).toBe('1903');
    const byProject: [string, Record<string, unknown>][] = [
      [`${base}/gateway/open`, { projectId, equipmentId: boiler }],
      [`${base}/signal/writeVal`, { projectId, signalId: level, value: 1 }],
      [`${base}/equip/queryCount`, { projectId }],
      [`${base}/alarm/queryCount`, { projectId }],
      [`${base}/history/query`, { projectId, equipmentId: boiler, ...range }],
      [`${base}/queryAllForCurve`, { projectId, equipmentId: boiler, variableIds: [level], ...range }],
      [`${base}/alarm/query`, { projectId, equipmentId: boiler, ...range }],
      [`${base}/alarm/confirm`, { projectId, alarmIds: [1] }],
    ];
    for (const [url, body] of byProject) {
      const res = await send(other, url, body);
      expect([url, res.code, res.data]).toEqual([url, '2604', null]);
    }
  });
});

// the test clock moves on 16 minutes
describe('page password lock', () => {
  it('locks the page password after five wrong tries (2654), even for the right one', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await send(adminZh, `${base}/page/validPassword`, { id: lockedPage, password: `x${i}` })).code,
      ).toBe('1904');
    const locked = await send(adminZh, `${base}/page/validPassword`, {
      id: lockedPage,
      password: 'open-sesame',
    });
    expect(locked).toMatchObject({ code: '2654', message: '页面密码错误次数过多，请 15 分钟后再试' });
    p.clock.advanceMinutes(16);
    expect(
      (await send(adminZh, `${base}/page/validPassword`, { id: lockedPage, password: 'open-sesame' })).code,
    ).toBe('200');
  });
});

describe('expired project', () => {
  it('refuses monitoring of an expired project with 2606', async () => {
    const { db } = p.ctx;
    await db.query('update projects set expires_at = $2 where id = $1', [
      projectId,
      new Date(p.clock.now().getTime() - 60_000),
    ]);
    expect((await send(admin, `${base}/page/info`, { id: pageId })).code).toBe('2606');
    expect((await send(admin, `${base}/equip/queryCount`, { projectId })).code).toBe('2606');
    expect((await send(admin, '/lfscada/websocket/monitor/project/token', { pageId })).code).toBe('2606');
    await db.query('update projects set expires_at = null where id = $1', [projectId]);
    expect((await send(admin, `${base}/equip/queryCount`, { projectId })).code).toBe('200');
  });
});
