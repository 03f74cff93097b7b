import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import { deviceWithGateway, made, role, send, subAccount } from '../../../test/deviceFixtures';
import { loggedInOperator, otherEnterpriseAdmin } from '../../../test/platformFixtures';
import { addProject, addProjectPage } from '../../../test/projectFixtures';

/** The operating centre's wall (docs/requirements/data-views.md §1.1, §1.3). */
const wall = '/lfscada/monitor/oc/wall';
const base = '/lfscada/project';

let p: TestPlatform;
let orgId: number;
let admin: Caller;
let member: Caller;
let noOps: Caller;
let globex: Caller;
let plant: number;
let office: number;
let plantHome: number;
let pump: number;
let fan: number;

beforeAll(async () => {
  p = await startTestPlatform();
  const acme = await makeEnterprise(p.ctx.db, 'Acme Water');
  orgId = acme.orgId;
  admin = await loggedIn(p.app, acme.admin);
  const operator = await loggedInOperator(p);
  pump = (await deviceWithGateway(admin, operator, 'Pump')).id;
  fan = (await deviceWithGateway(admin, operator, 'Fan')).id;
  plant = (await addProject(admin, 'Plant', { seq: 1 })).id;
  office = (await addProject(admin, 'Office', { seq: 2 })).id;
  plantHome = await addProjectPage(admin, plant, 'Overview');
  await made(admin, `${base}/equip/add`, {
    projectId: plant,
    equips: [{ equipmentId: pump }, { equipmentId: fan }],
  });

  const opsRole = await role(admin, 'Operator', ['ops_center', 'monitor_view']);
  const member_ = await subAccount(admin, { segment: 'int', loginname: 'ops-member', roleId: opsRole });
  await made(admin, `${base}/pmsn/add`, {
    projectId: plant,
    accountIds: [member_],
    pagePmsn: [{ pageId: plantHome, pmsn: 'view' }],
  });
  member = await loggedIn(p.app, 'ops-member');
  const plainRole = await role(admin, 'Watcher', ['monitor_view']);
  await subAccount(admin, { segment: 'int', loginname: 'no-ops', roleId: plainRole });
  noOps = await loggedIn(p.app, 'no-ops');
  globex = await otherEnterpriseAdmin(p, 'Globex');
}, 120_000);
afterAll(() => p.stop());

describe('operating centre wall', () => {
  it("shows the enterprise's projects in order with devices online and offline, alarms by level, cover and last change", async () => {
    const db = p.ctx.db;
    await db.query("update gateways set status = 'online' where equipment_id = $1", [pump]);
    await db.query("update pages set thumbnail = 'data:image/png;base64,AAAA' where id = $1", [plantHome]);
    const now = p.clock.now();
    await db.query(
      `insert into alarms (org_id, equipment_id, kind, rule_id, variable_id, level, state, triggered_at, released_at) values
         ($1, $2, 'signal', 1, 1, 'urgent', 'active', $4, null),
         ($1, $2, 'signal', 2, 1, 'urgent', 'active', $4, null),
         ($1, $3, 'signal', 3, 2, 'info', 'active', $4, null),
         ($1, $3, 'signal', 4, 2, 'serious', 'cleared', $4, $4)`,
      [orgId, pump, fan, now],
    );
    const cards = await made<Record<string, unknown>[]>(admin, wall);
    expect(cards.map((c) => c.name)).toEqual(['Plant', 'Office']);
    expect(cards[0]).toMatchObject({
      id: plant,
      homePageId: plantHome,
      devicesOnline: 1,
      devicesOffline: 1,
      alarms: { info: 1, normal: 0, serious: 0, urgent: 2 },
      cover: 'data:image/png;base64,AAAA',
      expired: false,
    });
    expect(cards[1]).toMatchObject({
      id: office,
      homePageId: null,
      devicesOnline: 0,
      devicesOffline: 0,
      alarms: { info: 0, normal: 0, serious: 0, urgent: 0 },
      cover: null,
    });
    expect(Date.parse(cards[0]!.lastChange as string)).toBeGreaterThan(0);
  });

  it('moves the last change when a page of the project is saved', async () => {
    const before = (await made<{ id: number; lastChange: string }[]>(admin, wall)).find(
      (c) => c.id === plant,
    )!;
    const later = new Date(Date.parse(before.lastChange) + 60_000);
    await p.ctx.db.query('update pages set updated_at = $2 where id = $1', [plantHome, later]);
    const after = (await made<{ id: number; lastChange: string }[]>(admin, wall)).find(
      (c) => c.id === plant,
    )!;
    expect(after.lastChange).toBe(later.toISOString());
  });

  it('shows a member only the projects it belongs to', async () => {
    const cards = await made<{ id: number; devicesOnline: number }[]>(member, wall);
    expect(cards).toMatchObject([{ id: plant, devicesOnline: 1 }]);
  });

  it('needs ops_center (90008) and shows another enterprise none of these projects', async () => {
    expect(await send(noOps, wall)).toMatchObject({ code: '90008', data: null });
    expect(await made(globex, wall)).toEqual([]);
  });
});
