/**
 * The driver registry: picks the factory of a driver config's `protocol`. The runtime receives
 * `createDriver` as a dependency, so tests can run it with drivers of their own. The OPC UA client
 * is loaded on first use: node-opcua takes seconds to load, which every start of a gateway
 * without an OPC UA driver would otherwise pay.
 */
import type { DriverConfig, FieldDriver } from './driver';
import { createModbusDriver } from './modbus';
import { createS7Driver } from './s7/s7Driver';

export interface DriverContext {
  /** the gateway's data dir (the OPC UA driver keeps its PKI there) */
  dataDir: string;
}

/** A driver for `config`; throws DriverError (1504, ...) for a config it cannot run. */
export async function createDriver(config: DriverConfig, context: DriverContext): Promise<FieldDriver> {
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
