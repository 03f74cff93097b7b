import type { Db } from '../src/db/db';
import { loggedIn, makeEnterprise, type Caller, type TestPlatform } from './harness';
import {
  made,
  modbusDriver,
  registeredGateway,
  role,
  subAccount,
  variable,
  type Registered,
} from './deviceFixtures';

const base = '/lfscada/equipment/multi';

/**
 * An enterprise with one of everything of the device area, all named after `word` (so a leak of
 * another enterprise's rows shows in the JSON text).
 */
export interface DeviceTenant {
  orgId: number;
  adminId: number;
  admin: Caller;
  /** an internal account whose role manages devices, templates and gateways over the enterprise */
  manager: Caller;
  /** an internal account authorised on `device` */
  watcher: number;
  group: number;
  /** a group without children or devices */
  subgroup: number;
  /** a device with a gateway and a driver, variable, alarm rule, report and script */
  device: number;
  gateway: Registered;
  driver: number;
  variable: number;
  alarm: number;
  report: number;
  script: number;
  /** a device without gateway, bound to `template` */
  spare: number;
  template: number;
  templateDriver: number;
  templateVariable: number;
  /** a template no device uses */
  spareTemplate: number;
  /** a registered gateway no device holds, with its code */
  freeGateway: Registered;
}

export async function buildDeviceTenant(
  p: TestPlatform,
  operator: Caller,
  word: string,
): Promise<DeviceTenant> {
  const W = word[0]!.toUpperCase() + word.slice(1);
  const { orgId, adminId, admin: adminName } = await makeEnterprise(p.ctx.db, `${W} Energy`);
  const admin = await loggedIn(p.app, adminName);
  const managers = await role(admin, `${W} managers`, [
    'equipment_manage',
    'template_manage',
    'gateway_manage',
  ]);
  await subAccount(admin, { segment: 'int', loginname: `${word}-manager`, roleId: managers });
  const manager = await loggedIn(p.app, `${word}-manager`);
  const watcher = await subAccount(admin, { segment: 'int', loginname: `${word}-watcher`, roleId: managers });

  const group = (await made(admin, '/lfscada/equipment/group/add', { name: `${W} site` })).id;
  const subgroup = (await made(admin, '/lfscada/equipment/group/add', { name: `${W} yard`, parentId: group }))
    .id;
  const device = (
    await made(admin, `${base}/add`, { name: `${W} boiler`, groupId: group, manufacturer: `${W} Works` })
  ).id;
  const gateway = await registeredGateway(operator);
  await made(admin, `${base}/bindGateway`, { equipmentId: device, ...gateway });
  const owner = { equipmentId: device };
  const driver = await modbusDriver(admin, owner, `${W} PLC`);
  const level = await variable(admin, owner, driver, `${word}_level`, { storeHistory: true });
  const alarm = (
    await made(admin, `${base}/alarm/add`, {
      owner,
      item: { variableId: level, condition: 'gt', value: 5, content: `${W} high` },
    })
  ).id;
  const report = (
    await made(admin, `${base}/report/add`, {
      owner,
      item: { name: `${W} hourly`, storageMode: 'periodic', intervalS: 3600, items: [{ variableId: level }] },
    })
  ).id;
  const script = (
    await made(admin, `${base}/script/add`, {
      owner,
      item: { name: `${word}_boot`, strategy: 'start', body: `log("${word}")` },
    })
  ).id;
  await made(admin, `${base}/share/editPwd`, { equipId: device, password: `${word}1234` });
  await made(admin, `${base}/share/editAuth`, { equipId: device, shared: true, perms: ['alarms'] });
  await made(admin, `${base}/auth/add`, { equipmentId: device, accountIds: [watcher] });
  await made(admin, '/lfscada/gateway/settings/save', {
    sn: gateway.sn,
    lan: { ip: '192.168.5.1', mask: '255.255.255.0' },
    mqtt: { host: `${word}.example.com`, password: `${word}-mqtt-secret` },
  });

  // public, so the manager (not the owner) sees them too
  const template = (
    await made(admin, '/lfscada/template/add', { name: `${W} template`, series: 'EG', type: 'public' })
  ).id;
  const templateDriver = await modbusDriver(admin, { templateId: template }, `${W} PLC`);
  const templateVariable = await variable(admin, { templateId: template }, templateDriver, `${word}_flow`);
  const spareTemplate = (
    await made(admin, '/lfscada/template/add', { name: `${W} spare template`, series: 'EG' })
  ).id;
  const spare = (await made(admin, `${base}/add`, { name: `${W} spare` })).id;
  await made(admin, `${base}/bindTemplate`, { equipmentId: spare, templateId: template });
  const freeGateway = await registeredGateway(operator);
  return {
    orgId,
    adminId,
    admin,
    manager,
    watcher,
    group,
    subgroup,
    device,
    gateway,
    driver,
    variable: level,
    alarm,
    report,
    script,
    spare,
    template,
    templateDriver,
    templateVariable,
    spareTemplate,
    freeGateway,
  };
}

const perOrg: Record<string, string> = {
  equipment: 'select * from equipment where org_id = $1 order by id',
  gateways: 'select * from gateways where org_id = $1 order by id',
  equipment_groups: 'select * from equipment_groups where org_id = $1 order by id',
  templates: 'select * from templates where org_id = $1 order by id',
  drivers: 'select * from drivers where org_id = $1 order by id',
  variables: 'select * from variables where org_id = $1 order by id',
  alarm_rules: 'select * from alarm_rules where org_id = $1 order by id',
  reports: 'select * from reports where org_id = $1 order by id',
  scripts: 'select * from scripts where org_id = $1 order by id',
  report_items:
    'select i.* from report_items i join reports r on r.id = i.report_id where r.org_id = $1 order by i.report_id, i.seq',
  equipment_auth:
    'select ea.equipment_id, ea.account_id from equipment_auth ea join equipment e on e.id = ea.equipment_id where e.org_id = $1 order by 1, 2',
  template_auth:
    'select ta.* from template_auth ta join templates t on t.id = ta.template_id where t.org_id = $1 order by 1, 2',
};

/** Every stored row of the device area of one enterprise, and how many rows each table holds in all. */
export async function deviceAreaRows(db: Db, orgId: number) {
  const rows: Record<string, unknown[]> = {};
  for (const [table, sql] of Object.entries(perOrg)) rows[table] = await db.query(sql, [orgId]);
  const counts: Record<string, number> = {};
  for (const table of Object.keys(perOrg)) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = row!.n;
  }
  // gateways no enterprise holds (a bind that went wrong would take one)
  const free = await db.query('select * from gateways where org_id is null order by id');
  return { rows, counts, free };
}
