import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, loggedIn, type Caller, type TestPlatform } from '../../../test/harness';
import { startDevicePlatform, otherEnterpriseAdmin } from '../../../test/platformFixtures';
import { deviceWithGateway, made, modbusDriver, role } from '../../../test/deviceFixtures';
import { good, variableWithRule } from '../../../test/alarmFixtures';

let p: TestPlatform;
let admin: Caller;
let adminId: number;
let equipmentId: number;
let driverId: number;
const ids = { operatorA: 0, operatorB: 0, contractor: 0, supervisor: 0, leaver: 0 };
const t0 = Date.now() - 3_600_000;

/** A sub-account with a phone number; returns its id. */
async function account(loginname: string, roleId: number, tel: string, segment: 'int' | 'ext' = 'int') {
  return (
    await made(admin, '/lfscada/account/add', { segment, loginname, roleId, tel, password: TEST_PASSWORD })
  ).id;
}

beforeAll(async () => {
  const platform = await startDevicePlatform('Notify Works');
  ({ p, admin } = platform);
  adminId = platform.enterprise.adminId;
  equipmentId = (await deviceWithGateway(admin, platform.operator, 'Chiller')).id;
  driverId = await modbusDriver(admin, { equipmentId });
  const own = await role(admin, 'Own devices', ['monitor_view', 'monitor_equipinfo_menu_alarm'], 'self');
  const wide = await role(admin, 'Whole enterprise', ['monitor_view', 'monitor_equipinfo_menu_alarm'], 'org');
  ids.operatorA = await account('operator-a', own, '13800000001');
  ids.operatorB = await account('operator-b', own, '');
  ids.contractor = await account('contractor', own, '13800000003', 'ext');
  ids.supervisor = await account('supervisor', wide, '13800000004'); // sees everything, not authorised
  ids.leaver = await account('leaver', own, '13800000005');
  await made(admin, '/lfscada/equipment/multi/auth/add', {
    equipmentId,
    accountIds: [ids.operatorA, ids.operatorB, ids.contractor, ids.leaver],
  });
  await made(admin, '/lfscada/account/disable', { id: ids.leaver, disabled: true });
  await otherEnterpriseAdmin(p, 'Notify Rival Works');
});
afterAll(() => p.stop());

const ingest = (values: Parameters<TestPlatform['ctx']['monitor']['ingest']>[1]) =>
  p.ctx.monitor.ingest(equipmentId, values, false);

async function raiseAlarm(fields: { methods: string[]; voiceLoops?: number }, at: number) {
  const rule = await variableWithRule(admin, equipmentId, driverId, {
    condition: 'gt',
    value: 30,
    content: 'Outlet too warm',
    ...fields,
  });
  await ingest([good(rule.variableId, at, 35)]);
  const [alarm] = await p.ctx.db.query<{ id: number }>('select id from alarms where rule_id = $1', [
    rule.ruleId,
  ]);
  return alarm!.id;
}

const messagesOf = (alarmId: number) =>
  p.ctx.db.query<{
    account_id: number;
    kind: string;
    title: string;
    body: string;
    data: Record<string, unknown>;
  }>(
    "select account_id, kind, title, body, data from messages where (data->>'alarmId')::bigint = $1 order by account_id",
    [alarmId],
  );

const outboxOf = (alarmId: number) =>
  p.ctx.db.query<{
    account_id: number;
    channel: string;
    recipient: string;
    status: string;
    provider: string;
  }>(
    'select account_id, channel, recipient, status, provider from notification_outbox where alarm_id = $1 order by channel, account_id',
    [alarmId],
  );

describe('alarm notifications', () => {
  it('sends the alarm message to the owner, the enterprise admin and the authorised accounts only', async () => {
    const alarmId = await raiseAlarm({ methods: ['message'], voiceLoops: 3 }, t0 + 1);
    const messages = await messagesOf(alarmId);
    expect(messages.map((m) => m.account_id)).toEqual(
      [adminId, ids.operatorA, ids.operatorB, ids.contractor].sort((a, b) => a - b),
    );
    expect(messages[0]).toMatchObject({
      kind: 'alarm',
      title: 'Chiller',
      body: 'Outlet too warm',
      data: {
        type: 'alarm',
        equipType: 'eg',
        dataId: equipmentId,
        alarmId,
        alarmBroadcastTimes: 3,
        alarmKind: 'signal',
        value: 35,
      },
    });
    // the default provider records the push it would send, one per recipient
    expect((await outboxOf(alarmId)).map((o) => [o.channel, o.account_id, o.status, o.provider])).toEqual(
      messages.map((m) => ['push', m.account_id, 'recorded', 'record']),
    );
  });

  it('records SMS, phone and voice notifications to the phone numbers, skipping accounts without one', async () => {
    const alarmId = await raiseAlarm({ methods: ['sms', 'phone', 'voice'] }, t0 + 2);
    const sms = (await outboxOf(alarmId)).filter((o) => o.channel === 'sms');
    expect(sms.map((o) => [o.account_id, o.recipient, o.status])).toEqual(
      [
        [adminId, '', 'skipped'],
        [ids.operatorA, '13800000001', 'recorded'],
        [ids.operatorB, '', 'skipped'],
        [ids.contractor, '13800000003', 'recorded'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(new Set((await outboxOf(alarmId)).map((o) => o.channel))).toEqual(
      new Set(['sms', 'phone', 'voice']),
    );
  });

  it('stops the messages of an account whose authorisation was cancelled', async () => {
    await made(admin, '/lfscada/equipment/multi/auth/cancel', { equipmentId, accountId: ids.operatorB });
    const alarmId = await raiseAlarm({ methods: ['message'] }, t0 + 3);
    expect((await messagesOf(alarmId)).map((m) => m.account_id)).not.toContain(ids.operatorB);
    expect((await messagesOf(alarmId)).map((m) => m.account_id)).toContain(ids.operatorA);
  });

  it('shows the admin every notification of the enterprise and an account only its own', async () => {
    const alarmId = await raiseAlarm({ methods: ['sms'] }, t0 + 4);
    type Row = { accountId: number; channel: string; status: string; recipient: string; alarmId: number };
    const all = await made<{ list: Row[]; total: number }>(
      admin,
      '/lfscada/monitor/multi/alarm/notification/query',
      {
        alarmId,
      },
    );
    expect(all.total).toBe(3); // admin, operator A, contractor
    const operatorA = await loggedIn(p.app, 'operator-a');
    const own = await made<{ list: Row[] }>(operatorA, '/lfscada/monitor/multi/alarm/notification/query', {
      alarmId,
    });
    expect(own.list.map((r) => [r.accountId, r.channel, r.recipient, r.status])).toEqual([
      [ids.operatorA, 'sms', '13800000001', 'recorded'],
    ]);
    const rival = await loggedIn(p.app, 'notifyrivalworks-admin');
    expect(
      (await made<{ total: number }>(rival, '/lfscada/monitor/multi/alarm/notification/query', {})).total,
    ).toBe(0);
  });
});
