/** The Modbus TCP/RTU driver: `createModbusDriver(config)` is its `DriverFactory`. */
export { createModbusDriver, type ModbusDriverOptions } from './modbusDriver';
export { DEFAULT_RECONNECT, type ReconnectPolicy } from './connection';
export { LinkDown, RequestFault } from './faults';
export { SerialLines, serialLines } from './serialLines';
