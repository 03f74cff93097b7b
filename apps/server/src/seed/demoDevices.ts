import {
  ENTERPRISE_ADMIN_KEYS,
  PLATFORM_OPERATOR_KEYS,
  alarmRuleSchema,
  driverSchema,
  equipmentSchema,
  reportSchema,
  variableSchema,
} from '@fieldhub/shared';
import type { Db } from '../db/db';
import type { Clock } from '../clock';
import type { AuthContext } from '../http/context';
import { addDevice } from '../modules/devices/devices.service';
import { addGroup } from '../modules/groups/groups.service';
import { bindGateway, registerGateways } from '../modules/gateways/gateways.service';
import { addDriver } from '../modules/config/drivers';
import { addVariable } from '../modules/config/variables';
import { addAlarmRule } from '../modules/config/alarmRules';
import { addReport } from '../modules/config/reports';
import type { DemoTexts, DemoVariable } from './demoTexts';

export interface DemoGateway {
  sn: string;
  mqttPassword: string;
}

/**
 * The address the demo's operation log entries carry: none (shown as '-'), since the platform
 * writes them itself, not a client (accounts-and-login.md §7.1).
 */
export const SEED_IP = '';

/** The seed acting as that account, through the same services as the screens. */
export const asCaller = (
  a: { accountId: number; orgId: number; loginname: string },
  kind: 'enterprise' | 'operation',
): AuthContext => ({
  ...a,
  orgKind: kind === 'operation' ? 'platform' : 'enterprise',
  kind,
  roleType: 'admin',
  deptId: null,
  dataRange: 'org',
  auths: new Set(kind === 'operation' ? PLATFORM_OPERATOR_KEYS : ENTERPRISE_ADMIN_KEYS),
  sessionHash: '',
});

/**
 * A small plant: a tank with its pump, a boiler, an energy meter — all on the simulated Modbus
 * server — named in the demo's language.
 */
const demoPlant = (x: DemoTexts) =>
  [
    {
      name: x.devices.tank,
      group: 'water',
      sn: '100000000001',
      variables: [
        {
          name: 'tank_level',
          unit: 'm',
          dataType: 'float32',
          registerType: '4x',
          address: '0',
          rw: 'r',
          storeHistory: true,
        },
        {
          name: 'pump_run',
          dataType: 'bit',
          registerType: '0x',
          address: '0',
          rw: 'rw',
          mapping: [
            { value: 0, text: x.states.stopped },
            { value: 1, text: x.states.running },
          ],
        },
        {
          name: 'level_setpoint',
          unit: 'm',
          dataType: 'float32',
          registerType: '4x',
          address: '2',
          rw: 'rw',
          writeLower: 0,
          writeUpper: 10,
          storeHistory: true,
        },
        {
          name: 'flow',
          unit: 'm³/h',
          dataType: 'float32',
          registerType: '4x',
          address: '4',
          rw: 'r',
          storeHistory: true,
        },
      ],
      alarm: { variable: 'tank_level', condition: 'gt', value: 9, content: x.alarms.tankLevel },
    },
    {
      name: x.devices.boiler,
      group: 'boiler',
      sn: '100000000002',
      variables: [
        {
          name: 'temp_out',
          unit: '°C',
          dataType: 'float32',
          registerType: '4x',
          address: '10',
          rw: 'r',
          storeHistory: true,
        },
        {
          name: 'temp_in',
          unit: '°C',
          dataType: 'float32',
          registerType: '4x',
          address: '12',
          rw: 'r',
          storeHistory: true,
        },
        {
          name: 'pressure',
          unit: 'MPa',
          dataType: 'float32',
          registerType: '4x',
          address: '14',
          rw: 'r',
          collectFormula: 'round(x, 3)',
          storeHistory: true,
        },
        {
          name: 'state',
          dataType: 'uint16',
          registerType: '4x',
          address: '16',
          rw: 'r',
          mapping: [
            { value: 0, text: x.states.idle },
            { value: 1, text: x.states.running },
            { value: 2, text: x.states.commissioning },
          ],
        },
      ],
      alarm: { variable: 'temp_out', condition: 'gt', value: 95, content: x.alarms.boilerTemp },
    },
    {
      name: x.devices.meter,
      group: 'plant',
      sn: '100000000003',
      variables: [
        {
          name: 'energy',
          unit: 'kWh',
          dataType: 'uint32',
          registerType: '4x',
          address: '20',
          rw: 'r',
          collectFormula: 'x*0.01',
          storeHistory: true,
        },
        {
          name: 'power',
          unit: 'kW',
          dataType: 'float32',
          registerType: '4x',
          address: '22',
          rw: 'r',
          storeHistory: true,
        },
      ],
      alarm: { variable: 'power', condition: 'gt', value: 450, content: x.alarms.power },
    },
  ] as const satisfies readonly {
    group: keyof DemoTexts['groups'];
    variables: readonly { name: DemoVariable; [field: string]: unknown }[];
    [field: string]: unknown;
  }[];

/**
 * Demo devices for a new enterprise: groups, three gateways registered and bound, a Modbus TCP
 * driver on the simulated plant, variables, an alarm rule and an hourly report per device (named in
 * the language of `texts`), and the meter's power averaged per hour as a data summary variable. Goes
 * through the same services as the screens, so the demo obeys every rule. Returns the gateways' MQTT logins for the simulated gateways.
 */
export async function seedDemoDevices(
  db: Db,
  clock: Clock,
  admin: { accountId: number; orgId: number; loginname: string },
  operator: { accountId: number; orgId: number; loginname: string },
  plantPort: number,
  texts: DemoTexts,
): Promise<DemoGateway[]> {
  const me = asCaller(admin, 'enterprise');
  const devices = demoPlant(texts);
  const group = (name: string, parentId: number | null) =>
    addGroup(db, me, { name, parentId, seq: 0 }, SEED_IP);
  const plant = await group(texts.groups.plant, null);
  const groups = {
    plant,
    water: await group(texts.groups.water, plant),
    boiler: await group(texts.groups.boiler, plant),
  };

  const issued = await registerGateways(
    db,
    asCaller(operator, 'operation'),
    { series: 'EG', model: 'EG-4G', gateways: devices.map((d) => ({ sn: d.sn })) },
    SEED_IP,
  );
  let meter: { owner: { equipmentId: number; templateId: null }; power: number } | null = null;
  for (const d of devices) {
    const equipmentId = await addDevice(
      db,
      me,
      equipmentSchema.parse({ name: d.name, groupId: groups[d.group], manufacturer: texts.manufacturer }),
      SEED_IP,
    );
    const code = issued.find((g) => g.sn === d.sn)!.verifyCode;
    await bindGateway(db, clock, me, { equipmentId, sn: d.sn, verifyCode: code }, SEED_IP);
    const owner = { equipmentId, templateId: null };
    const driverId = await addDriver(
      db,
      me,
      owner,
      driverSchema.parse({
        protocol: 'modbus-tcp',
        name: texts.driver,
        ip: '127.0.0.1',
        port: plantPort,
        slaveId: 1,
      }),
      SEED_IP,
    );
    const ids: Record<string, number> = {};
    for (const v of d.variables)
      ids[v.name] = await addVariable(db, me, owner, variableSchema.parse({ ...v, driverId }), SEED_IP);
    if (ids.power !== undefined) meter = { owner, power: ids.power };
    await addAlarmRule(
      db,
      me,
      owner,
      alarmRuleSchema.parse({ ...d.alarm, variableId: ids[d.alarm.variable] }),
      SEED_IP,
    );
    await addReport(
      db,
      me,
      owner,
      reportSchema.parse({
        name: texts.report,
        storageMode: 'periodic',
        intervalS: 3600,
        items: d.variables
          .filter((v) => 'storeHistory' in v && v.storeHistory)
          .map((v) => ({ variableId: ids[v.name], aggregation: 'avg' })),
      }),
      SEED_IP,
    );
  }
  // a data summary variable (docs/requirements/data-views.md §2): the meter's power averaged per hour
  if (meter)
    await addVariable(
      db,
      me,
      meter.owner,
      variableSchema.parse({
        kind: 'summary',
        name: 'power_hourly_avg',
        unit: 'kW',
        dataType: 'float64',
        summarySources: [meter.power],
        summaryAggregation: 'avg',
        summaryPeriod: 'hour',
      }),
      SEED_IP,
    );
  return issued.map(({ sn, mqttPassword }) => ({ sn, mqttPassword }));
}
