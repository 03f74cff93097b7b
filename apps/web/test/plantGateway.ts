import { freePort, until } from '@fieldhub/testkit';
import { GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import { loggedIn, makePlatformOperator, type Caller } from '../../server/test/harness';
import type { BrowserFixture } from './browser';

/** A real gateway process in simulate mode (its own plant on `plantPort`) linked to the test platform. */
export interface PlantGateway {
  gateway: GatewayProcess;
  /** kills the process and removes its data directory */
  stop(): Promise<void>;
}

/**
 * Starts the gateway `sn` as an operator runs it, with its simulated plant, and waits until the
 * device's real-time query holds a value of `firstSignal` (online, configured and reporting). A
 * first start under a loaded machine can take a minute, so the wait is 120 s.
 */
export async function startPlantGateway(
  f: BrowserFixture,
  options: {
    sn: string;
    mqttPassword: string;
    plantPort: number;
    /** who asks the real-time query */
    api: Caller;
    equipmentId: number;
    firstSignal: string;
  },
): Promise<PlantGateway> {
  const gateway = new GatewayProcess({
    sn: options.sn,
    password: options.mqttPassword,
    broker: `mqtt://127.0.0.1:${f.platform.ctx.link!.brokerPort}`,
    plantPort: options.plantPort,
  });
  const stop = () => gateway.dispose();
  try {
    await until(
      `first ${options.firstSignal} value`,
      async () => {
        const res = await options.api.post(
          '/lfscada/monitor/multi/signal/query',
          { equipmentId: options.equipmentId },
          true,
        );
        const rows = (res.body as { data?: { name: string; value: unknown }[] | null }).data ?? [];
        return rows.some((s) => s.name === options.firstSignal && s.value !== null);
      },
      120_000,
    );
  } catch (err) {
    const log = JSON.stringify(gateway.lines.slice(-12));
    await stop();
    throw new Error(`${(err as Error).message}\ngateway log: ${log}`, { cause: err });
  }
  return { gateway, stop };
}

/** A device on the simulated plant's Modbus TCP port, with its gateway registered and bound. */
export interface PlantDevice {
  equipmentId: number;
  groupId: number;
  /** the plant driver (Modbus TCP to the simulated plant) */
  driverId: number;
  owner: { equipmentId: number };
  sn: string;
  mqttPassword: string;
  /** the port the gateway's simulated plant will listen on (its driver points there) */
  plantPort: number;
  /** adds a variable of the plant driver; answers its id */
  variable(item: Record<string, unknown>): Promise<number>;
}

/**
 * Makes a device as the platform operator and the enterprise admin `api` would: registers a gateway
 * (SN `snBase` + this process's id, so parallel files do not meet), adds the group and the device,
 * binds the gateway and adds a Modbus TCP driver on a free plant port. Start its gateway with
 * startPlantGateway once its variables are in.
 */
export async function plantDevice(
  f: BrowserFixture,
  api: Caller,
  o: { name: string; group: string; snBase: number },
): Promise<PlantDevice> {
  const made = async <T = { id: number }>(url: string, body: Record<string, unknown>): Promise<T> => {
    const res = (await api.post<T>(url, body, true)).body as { code: string; message: string; data: T };
    if (res.code !== '200') throw new Error(`${url}: ${res.code} ${res.message}`);
    return res.data;
  };
  const operator = await loggedIn(f.platform.app, (await makePlatformOperator(f.platform.ctx.db)).operator);
  const sn = String(o.snBase + (process.pid % 100_000));
  const register = await operator.post<{ sn: string; verifyCode: string; mqttPassword: string }[]>(
    '/lfscada/hardware/register',
    { series: 'EG', model: 'EG-4G', gateways: [{ sn }] },
    true,
  );
  const [issued] = (register.body as { data: { verifyCode: string; mqttPassword: string }[] }).data;
  const group = await made('/lfscada/equipment/group/add', { name: o.group });
  const { id: equipmentId } = await made('/lfscada/equipment/multi/add', { name: o.name, groupId: group.id });
  await made('/lfscada/equipment/multi/bindGateway', { equipmentId, sn, verifyCode: issued!.verifyCode });
  const owner = { equipmentId };
  const plantPort = await freePort();
  const driver = await made('/lfscada/equipment/multi/driver/add', {
    owner,
    item: {
      protocol: 'modbus-tcp',
      name: 'Plant PLC',
      ip: '127.0.0.1',
      port: plantPort,
      slaveId: 1,
      minCollectMs: 500,
    },
  });
  return {
    equipmentId,
    groupId: group.id,
    driverId: driver.id,
    owner,
    sn,
    mqttPassword: issued!.mqttPassword,
    plantPort,
    variable: async (item) =>
      (await made('/lfscada/equipment/multi/variable/add', { owner, item: { driverId: driver.id, ...item } }))
        .id,
  };
}
