import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevicePlatform } from '../../../test/platformFixtures';
import { loggedIn, type Caller, type TestPlatform } from '../../../test/harness';
import { otherEnterpriseAdmin } from '../../../test/platformFixtures';
import {
  deviceWithGateway,
  made,
  modbusDriver,
  role,
  send,
  subAccount,
  variable,
} from '../../../test/deviceFixtures';
import { download } from '../../../test/sheets';
import { alarmRule, good, variableWithRule } from '../../../test/alarmFixtures';
import type { AlarmRecordRow } from '@fieldhub/shared';

let p: TestPlatform;
let admin: Caller;
let operator: Caller;
let equipmentId: number;
let driverId: number;
let rival: Caller;
const t0 = Date.UTC(2024, 4, 1);
const hour = 3_600_000;

interface Page<T> {
  list: T[];
  total: number;
}

beforeAll(async () => {
  const platform = await startDevicePlatform('Alarm Calls Works');
  ({ p, admin, operator } = platform);
  equipmentId = (await deviceWithGateway(admin, operator, 'Compressor')).id;
  driverId = await modbusDriver(admin, { equipmentId });
  rival = await otherEnterpriseAdmin(p, 'Rival Alarm Works');
});
afterAll(() => p.stop());

const ingest = (values: Parameters<TestPlatform['ctx']['monitor']['ingest']>[1]) =>
  p.ctx.monitor.ingest(equipmentId, values, false);

/** Raises and releases alarms of a fresh rule: cycles × (raise at t, release at t + 1 h). */
async function alarmHistory(cycles: number, start: number, fields = {}) {
  const rule = await variableWithRule(admin, equipmentId, driverId, {
    condition: 'gt',
    value: 10,
    content: 'Pressure high',
    ...fields,
  });
  for (let i = 0; i < cycles; i++) {
    await ingest([good(rule.variableId, start + i * 2 * hour, 20 + i)]);
    await ingest([good(rule.variableId, start + i * 2 * hour + hour, 5)]);
  }
  return rule;
}

describe('alarm calls', () => {
  it('lists active and released alarms of a device, active first, paged and within a time range', async () => {
    const rule = await alarmHistory(3, t0);
    await ingest([good(rule.variableId, t0 + 10 * hour, 99)]); // active now
    const all = await made<Page<AlarmRecordRow>>(admin, '/lfscada/monitor/multi/alarm/query', {
      equipmentId,
      pageSize: 2,
    });
    expect(all.total).toBe(4);
    expect(all.list.map((a) => [a.state, a.triggerValue, a.releaseValue])).toEqual([
      ['active', 99, null],
      ['cleared', 22, 5],
    ]);
    expect(all.list[1]).toMatchObject({
      kind: 'signal',
      equipmentId,
      variableId: rule.variableId,
      ruleId: rule.ruleId,
      ruleType: '00',
      condition: 'gt',
      threshold: 10,
      content: 'Pressure high',
      triggeredAt: t0 + 4 * hour,
      releasedAt: t0 + 5 * hour,
      confirmedAt: null,
    });
    const second = await made<Page<AlarmRecordRow>>(admin, '/lfscada/monitor/multi/alarm/query', {
      equipmentId,
      pageSize: 2,
      pageNum: 2,
    });
    expect(second.list.map((a) => a.triggerValue)).toEqual([21, 20]);

    const active = await made<Page<AlarmRecordRow>>(admin, '/lfscada/monitor/multi/alarm/query', {
      equipmentId,
      state: 'active',
    });
    expect(active.list.map((a) => a.triggerValue)).toEqual([99]);

    const window = await made<Page<AlarmRecordRow>>(admin, '/lfscada/monitor/multi/alarm/query', {
      equipmentId,
      state: 'cleared',
      startTime: t0 + hour,
      endTime: new Date(t0 + 3 * hour).toISOString(),
    });
    expect(window.list.map((a) => a.triggeredAt)).toEqual([t0 + 2 * hour]);
  });

  it('separates the rule types: designer alarms (01) are listed under their own type', async () => {
    const designer = await alarmHistory(1, t0 + 100 * hour, { ruleType: '01', content: 'Page alarm' });
    const rows = await made<Page<AlarmRecordRow>>(admin, '/lfscada/monitor/multi/alarm/query', {
      equipmentId,
      ruleType: '01',
    });
    expect(rows.list.map((a) => [a.ruleId, a.content])).toEqual([[designer.ruleId, 'Page alarm']]);
  });

  it('confirms an alarm once, keeps the first confirmation, and reports it handled', async () => {
    const rule = await variableWithRule(admin, equipmentId, driverId, { condition: 'lt', value: 0 });
    await ingest([good(rule.variableId, t0 + 200 * hour, -1)]);
    const [alarm] = (
      await made<Page<AlarmRecordRow>>(admin, '/lfscada/monitor/multi/alarm/query', {
        equipmentId,
        state: 'active',
      })
    ).list.filter((a) => a.ruleId === rule.ruleId);
    expect(
      await made<boolean>(admin, '/lfscada/monitor/multi/alarm/isReleaseByAlarmId', { alarmId: alarm!.id }),
    ).toBe(false);

    expect(
      await made(admin, '/lfscada/monitor/multi/alarm/confirm', {
        alarmIds: alarm!.id,
        note: 'valve opened',
      }),
    ).toEqual({ confirmed: 1 });
    expect(
      await made(admin, '/lfscada/monitor/multi/alarm/confirm', { alarmIds: [alarm!.id], note: 'again' }),
    ).toEqual({ confirmed: 0 });
    const [row] = (
      await made<Page<AlarmRecordRow>>(admin, '/lfscada/monitor/multi/alarm/query', {
        equipmentId,
        state: 'active',
      })
    ).list.filter((a) => a.id === alarm!.id);
    expect(row).toMatchObject({ confirmNote: 'valve opened', confirmedBy: 'alarmcallsworks-admin' });
    expect(row!.confirmedAt).toEqual(expect.any(Number));
    expect(
      await made<boolean>(admin, '/lfscada/monitor/multi/alarm/isReleaseByAlarmId', { alarmId: alarm!.id }),
    ).toBe(true);
  });

  it('says an alarm is released once its condition is gone', async () => {
    const rule = await variableWithRule(admin, equipmentId, driverId, { condition: 'eq', value: 1 });
    await ingest([good(rule.variableId, t0 + 1, 1)]);
    const [row] = await p.ctx.db.query<{ id: number }>('select id from alarms where rule_id = $1', [
      rule.ruleId,
    ]);
    const released = () =>
      made<boolean>(admin, '/lfscada/monitor/multi/alarm/isReleaseByAlarmId', { alarmId: row!.id });
    expect(await released()).toBe(false);
    await ingest([good(rule.variableId, t0 + 2, 0)]);
    expect(await released()).toBe(true);
  });

  it('counts the active alarms of the devices the caller sees', async () => {
    const quiet = (await deviceWithGateway(admin, operator, 'Quiet pump')).id;
    const counts = await made<{ equipmentId: number; signal: number; gateway: number }[]>(
      admin,
      '/lfscada/monitor/multi/alarm/activeCount',
      { equipmentIds: [equipmentId, quiet] },
    );
    const [row] = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from alarms where equipment_id = $1 and state = 'active'",
      [equipmentId],
    );
    expect(counts).toEqual([{ equipmentId, signal: row!.n, gateway: 0 }]);
    expect(
      await made(rival, '/lfscada/monitor/multi/alarm/activeCount', { equipmentIds: [equipmentId] }),
    ).toEqual([]);
  });

  it('exports a device’s alarm records as .xlsx with the table’s filters, and refuses another enterprise', async () => {
    const rule = await alarmHistory(2, t0 + 500 * hour, { content: 'Oil temperature high', level: 'urgent' });
    // the older one as replayed history would have recorded it: learnt late (monitoring.md §7.5)
    await p.ctx.db.query('update alarms set delayed = true where rule_id = $1 and triggered_at = $2', [
      rule.ruleId,
      new Date(t0 + 500 * hour),
    ]);
    const { res, rows } = await download(p.app, admin, '/lfscada/monitor/multi/alarm/export', {
      equipmentId,
      startTime: t0 + 500 * hour,
      endTime: t0 + 510 * hour,
      utcOffsetMinutes: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Compressor-alarms-');
    expect(rows[0]).toEqual([
      'Device',
      'Variable',
      'Level',
      'Triggered',
      'Released',
      'Value',
      'Message',
      'State',
      'Learnt late',
      'Confirmed by',
      'Confirmed at',
    ]);
    const name = (
      await made<Page<AlarmRecordRow>>(admin, '/lfscada/monitor/multi/alarm/query', { equipmentId })
    ).list.find((a) => a.ruleId === rule.ruleId)!.variableName;
    expect(rows.slice(1)).toEqual([
      [
        'Compressor',
        name,
        'Urgent',
        new Date(t0 + 502 * hour),
        new Date(t0 + 503 * hour),
        '21',
        'Oil temperature high',
        'Cleared',
      ],
      [
        'Compressor',
        name,
        'Urgent',
        new Date(t0 + 500 * hour),
        new Date(t0 + 501 * hour),
        '20',
        'Oil temperature high',
        'Cleared',
        'Yes',
      ],
    ]);
    const refused = await download(p.app, rival, '/lfscada/monitor/multi/alarm/export', { equipmentId });
    expect(refused.rows).toEqual([]);
    expect(JSON.parse(refused.res.payload)).toMatchObject({ code: '1101', data: null });
  });

  it('answers and exports alarm values with the variable’s decimals and unit (not the raw float32)', async () => {
    const variableId = await variable(admin, { equipmentId }, driverId, 'oil_temp', {
      dataType: 'float32',
      address: '300',
      unit: '°C',
      decimals: 2,
    });
    await alarmRule(admin, equipmentId, variableId, { condition: 'gt', value: 95, content: 'Oil hot' });
    await ingest([good(variableId, t0 + 600 * hour, 95.04582977294922)]);
    await ingest([good(variableId, t0 + 601 * hour, 80.5)]);
    const [row] = (
      await made<Page<AlarmRecordRow>>(admin, '/lfscada/monitor/multi/alarm/query', {
        equipmentId,
        startTime: t0 + 600 * hour,
        endTime: t0 + 602 * hour,
      })
    ).list;
    expect(row).toMatchObject({
      triggerValue: 95.04582977294922,
      releaseValue: 80.5,
      valueFormat: { decimals: 2, dataType: 'float32', unit: '°C', mapping: [] },
    });
    const { rows } = await download(p.app, admin, '/lfscada/monitor/multi/alarm/export', {
      equipmentId,
      startTime: t0 + 600 * hour,
      endTime: t0 + 602 * hour,
      utcOffsetMinutes: 0,
    });
    expect(rows.slice(1).map((r) => [r[1], r[5]])).toEqual([['oil_temp', '95.05 °C']]);
  });

  it('keeps another enterprise out of the alarms: no query, no confirmation, no status', async () => {
    const rule = await variableWithRule(admin, equipmentId, driverId, { condition: 'gt', value: 0 });
    await ingest([good(rule.variableId, t0 + 1, 1)]);
    const [row] = await p.ctx.db.query<{ id: number }>('select id from alarms where rule_id = $1', [
      rule.ruleId,
    ]);
    expect((await send(rival, '/lfscada/monitor/multi/alarm/query', { equipmentId })).code).toBe('1101');
    expect((await send(rival, '/lfscada/monitor/multi/gateway/alarm/query', { equipmentId })).code).toBe(
      '1101',
    );
    expect((await send(rival, '/lfscada/monitor/multi/alarm/confirm', { alarmIds: [row!.id] })).code).toBe(
      '90002',
    );
    expect(
      (await send(rival, '/lfscada/monitor/multi/alarm/isReleaseByAlarmId', { alarmId: row!.id })).code,
    ).toBe('90002');
    const [stored] = await p.ctx.db.query<{ confirmed_at: Date | null }>(
      'select confirmed_at from alarms where id = $1',
      [row!.id],
    );
    expect(stored!.confirmed_at).toBeNull();
  });

  it('needs the rule type key to read or confirm alarms, and the device to be visible', async () => {
    const rule = await variableWithRule(admin, equipmentId, driverId, { condition: 'gt', value: 0 });
    await ingest([good(rule.variableId, t0 + 1, 1)]);
    const [row] = await p.ctx.db.query<{ id: number }>('select id from alarms where rule_id = $1', [
      rule.ruleId,
    ]);

    const withoutKey = await role(admin, 'Viewer without alarms', [
      'monitor_view',
      'monitor_designer_menu_alarm',
    ]);
    await subAccount(admin, { segment: 'int', loginname: 'no-alarm-key', roleId: withoutKey });
    const viewer = await loggedIn(p.app, 'no-alarm-key');
    expect((await send(viewer, '/lfscada/monitor/multi/alarm/query', { equipmentId })).code).toBe('90008');
    expect((await send(viewer, '/lfscada/monitor/multi/alarm/confirm', { alarmIds: [row!.id] })).code).toBe(
      '90008',
    );

    const selfOnly = await role(
      admin,
      'Own devices only',
      ['monitor_view', 'monitor_equipinfo_menu_alarm'],
      'self',
    );
    await subAccount(admin, { segment: 'int', loginname: 'own-devices', roleId: selfOnly });
    const outsider = await loggedIn(p.app, 'own-devices');
    expect((await send(outsider, '/lfscada/monitor/multi/alarm/query', { equipmentId })).code).toBe('1101');
    expect((await send(outsider, '/lfscada/monitor/multi/alarm/confirm', { alarmIds: [row!.id] })).code).toBe(
      '90002',
    );
  });

  it('refuses bad input with 10001 and changes nothing', async () => {
    const bad = [
      { equipmentId: 'pump' },
      { equipmentId, state: 'open' },
      { equipmentId, ruleType: '02' },
      { equipmentId, startTime: t0 },
      { equipmentId, startTime: t0, endTime: t0 },
      { equipmentId, startTime: t0 + hour, endTime: t0 },
      { equipmentId, startTime: t0, endTime: t0 + 31 * 24 * hour },
      { equipmentId, startTime: '1969-12-31T00:00:00Z', endTime: '1970-01-02T00:00:00Z' },
      { equipmentId, startTime: 'yesterday', endTime: t0 },
    ];
    for (const body of bad) {
      const res = await send(admin, '/lfscada/monitor/multi/alarm/query', body);
      expect(res.code, JSON.stringify(body)).toBe('10001');
    }
    const zh = await loggedIn(p.app, 'alarmcallsworks-admin', 'zh-CN');
    const span = await send(zh, '/lfscada/monitor/multi/alarm/query', {
      equipmentId,
      startTime: t0,
      endTime: t0 + 31 * 24 * hour,
    });
    expect(span.message).toContain('30 天');

    const before = await p.ctx.db.query('select id from alarms where confirmed_at is not null');
    for (const body of [{}, { alarmIds: 'x' }, { alarmIds: [] }, { alarmIds: [1], note: 'n'.repeat(101) }]) {
      expect((await send(admin, '/lfscada/monitor/multi/alarm/confirm', body)).code).toBe('10001');
    }
    expect((await send(admin, '/lfscada/monitor/multi/alarm/isReleaseByAlarmId', {})).code).toBe('10001');
    expect(await p.ctx.db.query('select id from alarms where confirmed_at is not null')).toEqual(before);
    expect((await send(admin, '/lfscada/monitor/multi/alarm/confirm', { alarmIds: [987654] })).code).toBe(
      '90002',
    );
  });
});
