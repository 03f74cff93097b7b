/**
 * The driver registry: picks the factory of a driver config's `protocol`, and puts the driver
 * under watch (`driverHealth.ts`: its connection changes logged, its diagnostics for the status).
 * The runtime receives `createDriver` as a dependency, so tests can run it with drivers of their
 * own. The OPC UA client is loaded on first use: node-opcua takes seconds to load, which every
 * start of a gateway without an OPC UA driver would otherwise pay.
 */
import type { Logger } from '../runtime/log';
import type { DriverConfig, FieldDriver } from './driver';
import { type WatchedDriver, watchDriver } from './driverHealth';
import { createModbusDriver } from './modbus';
import { createS7Driver } from './s7/s7Driver';

export interface DriverContext {
  /** the gateway's data dir (the OPC UA driver keeps its PKI there) */
  dataDir: string;
  /** the gateway's logger: each driver logs its connection changes through a child of it */
  log: Logger;
  /** the time diagnostics are dated by (the gateway's corrected clock) */
  now?: () => number;
}

/** A driver for `config`, under watch; throws DriverError (1504, ...) for a config it cannot run. */
export async function createDriver(config: DriverConfig, context: DriverContext): Promise<WatchedDriver> {
  const driver = await createProtocolDriver(config, context);
  return watchDriver(driver, {
    log: context.log.child({ driverId: config.id, driver: config.name }),
    ...(context.now ? { now: context.now } : {}),
  });
}

async function createProtocolDriver(config: DriverConfig, context: DriverContext): Promise<FieldDriver> {
  switch (config.protocol) {
    case 'modbus-tcp':
    case 'modbus-rtu':
      return createModbusDriver(config);
    case 'opcua': {
      const { createOpcUaDriver } = await import('./opcua/opcuaDriver');
      return createOpcUaDriver(config, { dataDir: context.dataDir });
    }
    case 's7':
      return createS7Driver(config);
  }
}
