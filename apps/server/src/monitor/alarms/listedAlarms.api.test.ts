/**
 * alarm/queryAll and alarm/exportAll: the alarms of every device an alarm-record widget lists
 * (docs/requirements/widgets.md §4.9), through HTTP and a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListedAlarmRow } from '@fieldhub/shared';
import { startDevicePlatform, otherEnterpriseAdmin } from '../../../test/platformFixtures';
import { loggedIn, type Caller, type TestPlatform } from '../../../test/harness';
import { deviceWithGateway, made, modbusDriver, role, send, subAccount } from '../../../test/deviceFixtures';
import { download } from '../../../test/sheets';
import { good, variableWithRule } from '../../../test/alarmFixtures';

let p: TestPlatform;
let admin: Caller;
let operator: Caller;
let rival: Caller;
const devices: number[] = [];
let rivalDevice: number;
const t0 = Date.UTC(2024, 5, 1);
const hour = 3_600_000;

interface Page<T> {
  list: T[];
  total: number;
}

/** A device of `caller`'s enterprise with one alarm raised at `at` (value 50 > 10). */
async function deviceWithAlarm(caller: Caller, name: string, at: number): Promise<number> {
  const { id } = await deviceWithGateway(caller, operator, name);
  const driverId = await modbusDriver(caller, { equipmentId: id });
  const rule = await variableWithRule(caller, id, driverId, {
    condition: 'gt',
    value: 10,
    content: `${name} high`,
  });
  await p.ctx.monitor.ingest(id, [good(rule.variableId, at, 50)], false);
  return id;
}

beforeAll(async () => {
  ({ p, admin, operator } = await startDevicePlatform('Listed Alarm Works'));
  rival = await otherEnterpriseAdmin(p, 'Rival Listed Works');
  devices.push(await deviceWithAlarm(admin, 'Pump A', t0));
  devices.push(await deviceWithAlarm(admin, 'Pump B', t0 + hour));
  devices.push(await deviceWithAlarm(admin, 'Pump C', t0 + 2 * hour));
  rivalDevice = await deviceWithAlarm(rival, 'Rival pump', t0 + 3 * hour);
});
afterAll(() => p.stop());

const query = (caller: Caller, body: Record<string, unknown>) =>
  made<Page<ListedAlarmRow>>(caller, '/lfscada/monitor/multi/alarm/queryAll', body);

describe('alarms of the listed devices', () => {
  it('lists the alarms of every listed device, newest first, each with its device name', async () => {
    const page = await query(admin, { equipmentIds: devices });
    expect(page.total).toBe(3);
    expect(page.list.map((r) => [r.equipmentTitle, r.content])).toEqual([
      ['Pump C', 'Pump C high'],
      ['Pump B', 'Pump B high'],
      ['Pump A', 'Pump A high'],
    ]);
    const two = await query(admin, { equipmentIds: [devices[0], devices[2]] });
    expect(two.list.map((r) => r.equipmentId)).toEqual([devices[2], devices[0]]);
  });

  it("leaves another enterprise's device out even when its id is listed, and shows the rival nothing of ours", async () => {
    const mixed = await query(admin, { equipmentIds: [...devices, rivalDevice] });
    expect(mixed.total).toBe(3);
    expect(mixed.list.some((r) => r.equipmentId === rivalDevice)).toBe(false);
    const theirs = await query(rival, { equipmentIds: [...devices, rivalDevice] });
    expect(theirs.list.map((r) => r.equipmentTitle)).toEqual(['Rival pump']);
    expect((await query(rival, { equipmentIds: devices })).total).toBe(0);
    const file = await download(p.app, rival, '/lfscada/monitor/multi/alarm/exportAll', {
      equipmentIds: devices,
    });
    expect(JSON.stringify(file.rows)).not.toContain('Pump');
  });

  it('exports the listed devices’ alarms as .xlsx with their device names', async () => {
    const file = await download(p.app, admin, '/lfscada/monitor/multi/alarm/exportAll', {
      equipmentIds: [...devices, rivalDevice],
    });
    expect(file.res.statusCode).toBe(200);
    const text = JSON.stringify(file.rows);
    for (const name of ['Pump A', 'Pump B', 'Pump C']) expect(text).toContain(name);
    expect(text).not.toContain('Rival pump');
  });

  it('needs the alarm key and leaves out devices outside the data range', async () => {
    const withoutKey = await role(admin, 'Listed without alarms', ['monitor_view']);
    await subAccount(admin, { segment: 'int', loginname: 'listed-no-key', roleId: withoutKey });
    const viewer = await loggedIn(p.app, 'listed-no-key');
    expect(
      (await send(viewer, '/lfscada/monitor/multi/alarm/queryAll', { equipmentIds: devices })).code,
    ).toBe('90008');
    const selfOnly = await role(
      admin,
      'Listed own only',
      ['monitor_view', 'monitor_equipinfo_menu_alarm'],
      'self',
    );
    await subAccount(admin, { segment: 'int', loginname: 'listed-own', roleId: selfOnly });
    const outsider = await loggedIn(p.app, 'listed-own');
    expect((await query(outsider, { equipmentIds: devices })).total).toBe(0);
  });

  it('refuses bad input with 10001 in the caller’s language', async () => {
    for (const body of [
      {},
      { equipmentIds: [] },
      { equipmentIds: ['pump'] },
      { equipmentIds: Array.from({ length: 51 }, (_, i) => i + 1) },
      { equipmentIds: devices, startTime: t0 },
    ])
      expect(
        (await send(admin, '/lfscada/monitor/multi/alarm/queryAll', body)).code,
        JSON.stringify(body),
      ).toBe('10001');
    const zh = await loggedIn(p.app, 'listedalarmworks-admin', 'zh-CN');
    const res = await send(zh, '/lfscada/monitor/multi/alarm/queryAll', {
      equipmentIds: devices,
      startTime: t0,
    });
    expect(res.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
