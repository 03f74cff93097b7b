import { randomInt } from 'node:crypto';
import type { Db } from '../src/db/db';
import { TEST_PASSWORD, type Caller } from './harness';

/** The owner of configuration rows, as the config calls name it. */
export type Owner = { equipmentId: number } | { templateId: number };

/** The envelope of a JSON call (device and configuration calls take JSON bodies). */
export async function send<T = unknown>(caller: Caller, url: string, body: Record<string, unknown> = {}) {
  return (await caller.post<T>(url, body, true)).body;
}

/** The data of a JSON call that must succeed; otherwise the test fails with the server's answer. */
export async function made<T = { id: number }>(
  caller: Caller,
  url: string,
  body: Record<string, unknown> = {},
): Promise<T> {
  const res = await send<T>(caller, url, body);
  if (res.code !== '200') throw new Error(`${url}: ${res.code} ${res.message}`);
  return res.data;
}

let serial = 0;
// this worker's block of numbers: test files on other workers share the machine's gateway
// processes and, in the services pass, its broker, where an SN is the client id
const block = randomInt(100_000);
/**
 * A 12-digit SN not used before in this worker nor, but for a 1 in 10,000 chance, in another
 * running at the same time.
 */
export function nextSn(): string {
  serial++;
  return String(200_000_000_000 + block * 1_000_000 + serial);
}

/** What binding a gateway to a device takes. */
export interface Registered {
  sn: string;
  verifyCode: string;
}

/** A registered gateway as the registration answers it: its MQTT password comes only then. */
export interface IssuedGateway extends Registered {
  mqttPassword: string;
}

/** Registers one gateway of a series through the platform operator. */
export async function registeredGateway(operator: Caller, series = 'EG'): Promise<IssuedGateway> {
  const [gateway] = await made<IssuedGateway[]>(operator, '/lfscada/hardware/register', {
    series,
    gateways: [{ sn: nextSn() }],
  });
  return gateway!;
}

export interface TestDevice extends IssuedGateway {
  id: number;
  owner: { equipmentId: number };
}

/** A device with a freshly registered gateway of the series bound to it. */
export async function deviceWithGateway(
  admin: Caller,
  operator: Caller,
  name: string,
  series = 'EG',
): Promise<TestDevice> {
  const { id } = await made(admin, '/lfscada/equipment/multi/add', { name });
  const gateway = await registeredGateway(operator, series);
  await made(admin, '/lfscada/equipment/multi/bindGateway', {
    equipmentId: id,
    sn: gateway.sn,
    verifyCode: gateway.verifyCode,
  });
  return { id, owner: { equipmentId: id }, ...gateway };
}

/** A Modbus TCP driver of a device or template; returns its id. */
export async function modbusDriver(admin: Caller, owner: Owner, name = 'PLC'): Promise<number> {
  const item = { protocol: 'modbus-tcp', name, ip: '192.168.1.10' };
  return (await made(admin, '/lfscada/equipment/multi/driver/add', { owner, item })).id;
}

/** A valid holding-register variable, with fields to override. */
export const holding = (driverId: number, name: string, extra: Record<string, unknown> = {}) => ({
  driverId,
  name,
  dataType: 'int16',
  registerType: '4x',
  address: '0',
  ...extra,
});

/** Adds a variable through HTTP; returns its id. */
export async function variable(
  admin: Caller,
  owner: Owner,
  driverId: number,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  return (
    await made(admin, '/lfscada/equipment/multi/variable/add', {
      owner,
      item: holding(driverId, name, extra),
    })
  ).id;
}

/** Adds a periodic hourly report of one variable's maximum through HTTP; returns its id. */
export async function hourlyMaxReport(admin: Caller, owner: Owner, variableId: number): Promise<number> {
  return (
    await made(admin, '/lfscada/equipment/multi/report/add', {
      owner,
      item: {
        name: 'hourly',
        storageMode: 'periodic',
        intervalS: 3600,
        items: [{ variableId, aggregation: 'max' }],
      },
    })
  ).id;
}

/** The owner's column in the configuration tables, its own table and its id. */
function ownerRef(owner: Owner) {
  return 'equipmentId' in owner
    ? (['equipment_id', 'equipment', owner.equipmentId] as const)
    : (['template_id', 'templates', owner.templateId] as const);
}

/**
 * Inserts `count` holding-register variables straight into the table, for capacity tests where
 * hundreds of HTTP calls would only slow the suite down.
 */
export async function insertVariables(
  db: Db,
  owner: Owner,
  driverId: number,
  count: number,
  options: { prefix?: string; storeHistory?: boolean } = {},
): Promise<number[]> {
  const [column, table, id] = ownerRef(owner);
  const rows = await db.query<{ id: number }>(
    `insert into variables(org_id, ${column}, driver_id, name, data_type, register_type, address, store_history)
     select o.org_id, $1, $2, $3 || g, 'int16', '4x', g::text, $4
       from generate_series(1, $5::int) g, (select org_id from ${table} where id = $1) o
     returning id`,
    [id, driverId, options.prefix ?? 'bulk_', options.storeHistory ?? false, count],
  );
  return rows.map((r) => r.id);
}

/** Inserts `count` alarm rules on one variable straight into the table (capacity tests). */
export async function insertAlarmRules(db: Db, owner: Owner, variableId: number, count: number) {
  const [column, table, id] = ownerRef(owner);
  await db.query(
    `insert into alarm_rules(org_id, ${column}, variable_id, condition, value, content)
     select o.org_id, $1, $2, 'gt', g, 'bulk rule ' || g
       from generate_series(1, $3::int) g, (select org_id from ${table} where id = $1) o`,
    [id, variableId, count],
  );
}

/** A role of the caller's enterprise (admin type, so it may hold the manage keys); returns its id. */
export async function role(
  admin: Caller,
  name: string,
  permissions: string[],
  dataRange: 'org' | 'dept' | 'self' = 'org',
): Promise<number> {
  const res = await admin.post<{ id: number }>('/lfscada/role/add', {
    name,
    roleType: 'admin',
    dataRange,
    permissions,
  });
  if (res.body.code !== '200') throw new Error(`role/add: ${res.body.message}`);
  return res.body.data.id;
}

/** An internal or external account with the test password; returns its id. */
export async function subAccount(
  admin: Caller,
  fields: { segment: 'int' | 'ext'; loginname: string; roleId: number; deptId?: number },
): Promise<number> {
  const res = await admin.post<{ id: number }>('/lfscada/account/add', {
    password: TEST_PASSWORD,
    ...fields,
  });
  if (res.body.code !== '200') throw new Error(`account/add: ${res.body.message}`);
  return res.body.data.id;
}
