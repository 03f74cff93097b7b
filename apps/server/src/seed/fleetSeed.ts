/**
 * A simulated fleet on the platform (docs/requirements/gateway-link.md §9.4), made through the same
 * services as the screens: the operator registers `gateways` gateways (100 a call), the
 * enterprise admin makes one template of `variables` Modbus variables kept in history, then adds
 * a device per gateway, binds the gateway with its verification code and binds the template
 * (which copies the variables to the device). Answers the credentials file the gateway's fleet
 * mode reads (`npm run gateway -- --fleet N --fleet-file …`).
 */
import {
  LIMITS,
  driverSchema,
  equipmentSchema,
  templateSchema,
  variableSchema,
  type FleetFile,
} from '@fieldhub/shared';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { AuthContext } from '../http/context';
import { addDriver } from '../modules/config/drivers';
import { addVariable, listVariables } from '../modules/config/variables';
import { addDevice } from '../modules/devices/devices.service';
import { bindGateway, registerGateways } from '../modules/gateways/gateways.service';
import { addTemplate, bindTemplate } from '../modules/templates/templates.service';
import { SEED_IP } from './demoDevices';

export interface FleetPlan {
  gateways: number;
  variables: number;
  /** the first SN; the others follow it (12 digits) */
  firstSn: number;
  /** names the template and prefixes the devices, so two fleets in one enterprise do not meet */
  name: string;
  /** port of the Modbus plant the variables name (only a software gateway would read it) */
  plantPort?: number;
  /** told after each device, for a progress line */
  progress?: (done: number) => void;
}

export async function provisionFleet(
  db: Db,
  clock: Clock,
  as: { operator: AuthContext; admin: AuthContext },
  plan: FleetPlan,
): Promise<FleetFile> {
  const sns = Array.from({ length: plan.gateways }, (_, i) => String(plan.firstSn + i).padStart(12, '0'));
  const issued: { sn: string; verifyCode: string; mqttPassword: string }[] = [];
  for (let i = 0; i < sns.length; i += LIMITS.batchModules) {
    const batch = sns.slice(i, i + LIMITS.batchModules).map((sn) => ({ sn }));
    issued.push(
      ...(await registerGateways(
        db,
        as.operator,
        { series: 'EG', model: 'EG-4G', gateways: batch },
        SEED_IP,
      )),
    );
  }

  const templateId = await addTemplate(
    db,
    as.admin,
    templateSchema.parse({ name: plan.name, series: 'EG' }),
    SEED_IP,
  );
  const template = { equipmentId: null, templateId };
  const driverId = await addDriver(
    db,
    as.admin,
    template,
    driverSchema.parse({
      protocol: 'modbus-tcp',
      name: 'plant',
      ip: '127.0.0.1',
      port: plan.plantPort ?? 5020,
      slaveId: 1,
    }),
    SEED_IP,
  );
  const names = Array.from({ length: plan.variables }, (_, k) => `v${String(k).padStart(3, '0')}`);
  for (const [k, name] of names.entries())
    await addVariable(
      db,
      as.admin,
      template,
      variableSchema.parse({
        name,
        driverId,
        dataType: 'float32',
        registerType: '4x',
        address: String(k * 2),
        rw: 'rw',
        storeHistory: true,
      }),
      SEED_IP,
    );

  const gateways: FleetFile['gateways'] = new Array(issued.length);
  let done = 0;
  // a few devices at a time: each is its own short transactions, and PostgreSQL takes them side by side
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < issued.length; i = next++) {
      gateways[i] = await provisionDevice(i, issued[i]!);
      plan.progress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: db.kind === 'postgres' ? 4 : 1 }, worker));
  return { v: 1, gateways };

  async function provisionDevice(i: number, g: (typeof issued)[number]) {
    const equipmentId = await addDevice(
      db,
      as.admin,
      equipmentSchema.parse({ name: `${plan.name} ${i + 1}` }),
      SEED_IP,
    );
    await bindGateway(db, clock, as.admin, { equipmentId, sn: g.sn, verifyCode: g.verifyCode }, SEED_IP);
    await bindTemplate(db, as.admin, equipmentId, templateId, SEED_IP);
    const rows = await listVariables(db, as.admin, { equipmentId, templateId: null });
    const idOf = new Map(rows.map((r) => [r.name, r.id]));
    return { sn: g.sn, password: g.mqttPassword, variables: names.map((n) => idOf.get(n)!) };
  }
}
