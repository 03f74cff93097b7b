import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPage } from '@fieldhub/hmi';
import type { Db } from '../src/db/db';
import { Caller, loggedIn, login, TEST_PASSWORD, type TestPlatform } from './harness';
import { deviceWithGateway, holding, made, modbusDriver, role, send, variable } from './deviceFixtures';
import { startDevicePlatform } from './platformFixtures';
import { addDevice, addProject, addProjectPage, bulkAccounts, projectBase } from './projectFixtures';

/**
 * A state-changing call writes its change and its operation-log entry in one transaction: when
 * the log entry cannot be written, the call answers 90099 and nothing of the change is stored.
 */

/** A write of the management API and the operation-log action it records. */
interface Write {
  name: string;
  url: string;
  body: () => Record<string, unknown>;
  action: string;
}

// Written by the session guard and the background scheduler, not by the calls under test.
const UNRELATED_TABLES = new Set(['sessions', 'scheduler_leases']);

/** Every row of every other table, as text per table: what a call might have left behind. */
async function storedRows(db: Db): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (UNRELATED_TABLES.has(name)) continue;
    const [row] = await db.query<{ rows: string }>(
      `select coalesce(json_agg(r order by r), '[]')::text as rows from (select to_jsonb(t)::text as r from "${name}" t) s`,
    );
    out[name] = row!.rows;
  }
  return out;
}

const refuseOplog = `
  create function refuse_operation_log() returns trigger language plpgsql as $$
  begin
    raise exception 'operation log refused (writeAtomicity test)';
  end $$;
  create trigger refuse_operation_log before insert on operation_log
    for each row execute function refuse_operation_log();`;
const allowOplog = `
  drop trigger refuse_operation_log on operation_log;
  drop function refuse_operation_log();`;

let p: TestPlatform;
let admin: Caller;
let writes: Write[];

beforeAll(async () => {
  const { p: platform, admin: adminCaller, enterprise, operator } = await startDevicePlatform('Atomic Works');
  p = platform;
  admin = adminCaller;
  const { id: boiler, owner } = await deviceWithGateway(admin, operator, 'Boiler');
  const plc = await modbusDriver(admin, owner);
  const temp = await variable(admin, owner, plc, 'temp');
  const spare = await addDevice(admin, 'Spare');
  const roleId = await role(admin, 'Operators', ['monitor_view']);
  const [memberId] = await bulkAccounts(p.ctx.db, enterprise.orgId, 'member', 1);

  const plant = (await addProject(admin, 'Plant')).id;
  const doomed = (await addProject(admin, 'Doomed')).id;
  await made(admin, `${projectBase}/equip/add`, { projectId: plant, equips: [{ equipmentId: boiler }] });
  const formula = `\${${boiler}.${temp}}`;
  const mvar = (title: string) =>
    made(admin, '/lfscada/project/mvar/add', { projectId: plant, title, calcType: 'sum', formula });
  const kept = (await mvar('Kept')).id;
  const dropped = (await mvar('Dropped')).id;
  const renamedPage = await addProjectPage(admin, plant, 'Overview');
  const savedPage = await addProjectPage(admin, plant, 'Designer');
  const droppedPage = await addProjectPage(admin, plant, 'Old');
  const pageOrder = [droppedPage, savedPage, renamedPage];

  writes = [
    {
      name: 'project add',
      url: `${projectBase}/add`,
      body: () => ({ name: 'Harbour' }),
      action: 'project.add',
    },
    {
      name: 'project edit',
      url: `${projectBase}/edit`,
      body: () => ({ id: plant, name: 'Plant renamed' }),
      action: 'project.edit',
    },
    {
      name: 'project delete',
      url: `${projectBase}/delete`,
      body: () => ({ id: doomed }),
      action: 'project.delete',
    },
    {
      name: 'project share password',
      url: `${projectBase}/editSharePwd`,
      body: () => ({ id: plant, sharePwd: 'open1234' }),
      action: 'project.sharePassword',
    },
    {
      name: 'project device add',
      url: `${projectBase}/equip/add`,
      body: () => ({ projectId: plant, equips: [{ equipmentId: spare }] }),
      action: 'project.equip.add',
    },
    {
      name: 'project member add',
      url: `${projectBase}/pmsn/add`,
      body: () => ({ projectId: plant, accountIds: [memberId], pagePmsn: [] }),
      action: 'project.pmsn.add',
    },
    {
      name: 'project page order',
      url: `${projectBase}/seq/save`,
      body: () => ({ projectId: plant, ids: pageOrder }),
      action: 'page.seq',
    },
    {
      name: 'page add',
      url: '/lfscada/configuration/page/add',
      body: () => ({ ownerKind: 'project', ownerId: plant, name: 'Alarms' }),
      action: 'page.add',
    },
    {
      name: 'page edit',
      url: '/lfscada/configuration/page/edit',
      body: () => ({ id: renamedPage, name: 'Overview renamed' }),
      action: 'page.edit',
    },
    {
      name: 'page save',
      url: '/lfscada/configuration/page/save',
      body: () => ({ id: savedPage, version: 1, document: emptyPage() }),
      action: 'page.save',
    },
    {
      name: 'page copy',
      url: '/lfscada/configuration/page/copy',
      body: () => ({ id: savedPage }),
      action: 'page.copy',
    },
    {
      name: 'page delete',
      url: '/lfscada/configuration/page/delete',
      body: () => ({ id: droppedPage }),
      action: 'page.delete',
    },
    {
      name: 'mvar add',
      url: '/lfscada/project/mvar/add',
      body: () => ({ projectId: plant, title: 'Total', calcType: 'sum', formula }),
      action: 'mvar.add',
    },
    {
      name: 'mvar edit',
      url: '/lfscada/project/mvar/edit',
      body: () => ({ id: kept, title: 'Kept renamed', calcType: 'avg', formula }),
      action: 'mvar.edit',
    },
    {
      name: 'mvar delete',
      url: '/lfscada/project/mvar/delete',
      body: () => ({ id: dropped }),
      action: 'mvar.delete',
    },
    {
      name: 'device add',
      url: '/lfscada/equipment/multi/add',
      body: () => ({ name: 'Chiller' }),
      action: 'device.add',
    },
    {
      name: 'device edit',
      url: '/lfscada/equipment/multi/edit',
      body: () => ({ id: boiler, name: 'Boiler renamed' }),
      action: 'device.edit',
    },
    {
      name: 'device share password',
      url: '/lfscada/equipment/multi/share/editPwd',
      body: () => ({ equipId: boiler, password: 'open1234' }),
      action: 'share.password',
    },
    {
      name: 'driver add',
      url: '/lfscada/equipment/multi/driver/add',
      body: () => ({ owner, item: { protocol: 'modbus-tcp', name: 'PLC 2', ip: '192.168.1.11' } }),
      action: 'driver.add',
    },
    {
      name: 'variable add',
      url: '/lfscada/equipment/multi/variable/add',
      body: () => ({ owner, item: holding(plc, 'level', { address: '5' }) }),
      action: 'variable.add',
    },
    {
      name: 'alarm rule add',
      url: '/lfscada/equipment/multi/alarm/add',
      body: () => ({ owner, item: { variableId: temp, condition: 'gt', value: 90, content: 'Too hot' } }),
      action: 'alarm.add',
    },
    {
      name: 'group add',
      url: '/lfscada/equipment/group/add',
      body: () => ({ name: 'North wing' }),
      action: 'group.add',
    },
    {
      name: 'account add',
      url: '/lfscada/account/add',
      body: () => ({ segment: 'int', loginname: 'atomic-operator', password: TEST_PASSWORD, roleId }),
      action: 'account.add',
    },
    {
      name: 'user settings save',
      url: '/lfscada/user/settings/save',
      body: () => ({ equipDisplay: 'list', scadaAdaption: true }),
      action: 'user.settings',
    },
    {
      name: 'feedback add',
      url: '/lfscada/feedback/add',
      body: () => ({ content: 'The trend chart could zoom with the wheel.' }),
      action: 'feedback.add',
    },
  ];
});
afterAll(() => p.stop());

describe('a write whose operation-log entry fails', () => {
  it('answers 90099 and stores nothing of the change, for every area', async () => {
    const { db } = p.ctx;
    await db.exec(refuseOplog);
    try {
      const kept: string[] = [];
      for (const w of writes) {
        const before = await storedRows(db);
        const res = await send(admin, w.url, w.body());
        expect(res.code, `${w.name}: ${res.message}`).toBe('90099');
        const after = await storedRows(db);
        for (const table of Object.keys(before)) {
          if (after[table] !== before[table]) kept.push(`${w.name} kept a change in ${table}`);
        }
      }
      expect(kept).toEqual([]);
    } finally {
      await db.exec(allowOplog);
    }
  });

  it('succeeds with the same calls once the log accepts entries, logging each', async () => {
    const { db } = p.ctx;
    for (const w of writes) {
      const [last] = await db.query<{ id: number }>(
        'select coalesce(max(id), 0)::int as id from operation_log',
      );
      const res = await send(admin, w.url, w.body());
      expect(res.code, `${w.name}: ${res.message}`).toBe('200');
      const logged = await db.query<{ action: string }>('select action from operation_log where id > $1', [
        last!.id,
      ]);
      expect(
        logged.map((l) => l.action),
        w.name,
      ).toEqual([w.action]);
    }
  });

  it('neither opens a session nor ends one when the login or logout cannot be logged', async () => {
    const { db } = p.ctx;
    const sessions = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from sessions'))[0]!.n;
    const user = await loggedIn(p.app, 'atomic-operator');
    await db.exec(refuseOplog);
    try {
      const before = await sessions();
      const refused = await login(new Caller(p.app), 'atomic-operator', TEST_PASSWORD);
      expect(refused.body.code).toBe('90099');
      expect((await user.post('/lfscada/user/logout')).body.code).toBe('90099');
      expect(await sessions()).toBe(before);
      expect((await user.get('/lfscada/user/info')).body.code).toBe('200');
    } finally {
      await db.exec(allowOplog);
    }
  });
});
