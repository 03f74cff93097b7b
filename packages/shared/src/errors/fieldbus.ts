/**
 * Field-bus faults → catalogue codes. The gateway's drivers report every failed read or write
 * with one of these codes, so the browser shows the same message whichever driver failed.
 * Pure functions; the driver decides which fault it saw.
 */
import { Err, type ErrCode } from './catalogue';

/** Faults of a Modbus exchange that are not an exception response from the device. */
export type ModbusFault =
  /** No reply within the communication wait time. */
  | 'timeout'
  /** The reply's CRC (RTU) or the serial parity check failed. */
  | 'crcError'
  /** A reply came from another slave id than the one asked. */
  | 'wrongSlaveId'
  /** The TCP connection to the device could not be opened. */
  | 'connectionFailed';

/**
 * Modbus exception codes (application protocol v1.1b3 §7) → catalogue codes. 0x09 is not
 * assigned by the specification and is left out.
 */
export const modbusExceptionCodes = {
  /** 0x01 Illegal function: the device does not implement the function code. */
  0x01: Err.illegalFunction,
  /** 0x02 Illegal data address: the register range is not in the device. */
  0x02: Err.illegalDataAddress,
  /** 0x03 Illegal data value: the device rejected the value or the quantity. */
  0x03: Err.illegalDataValue,
  /** 0x04 Server device failure: an unrecoverable error inside the device. */
  0x04: Err.lowerDeviceFault,
  /** 0x05 Acknowledge: the request was accepted but a long operation is still running. */
  0x05: Err.acknowledgeProcessing,
  /** 0x06 Server device busy: the device is processing a long command; retry later. */
  0x06: Err.lowerDeviceBusy,
  /** 0x07 Negative acknowledge: the device cannot perform the program function. */
  0x07: Err.negativeAcknowledge,
  /** 0x08 Memory parity error: the device found a parity error in its extended memory. */
  0x08: Err.memoryParityError,
  /** 0x0A Gateway path unavailable: a Modbus gateway has no path to the target. */
  0x0a: Err.gatewayPathUnavailable,
  /** 0x0B Gateway target device failed to respond: nothing answered behind the Modbus gateway. */
  0x0b: Err.gatewayTargetNoResponse,
} as const satisfies Readonly<Record<number, ErrCode>>;

/**
 * The catalogue code of a Modbus exception response. A reserved or unknown exception number
 * (0x09, 0x0C and above) gives `lowerDeviceCommFault` (99901): the device answered, but with
 * nothing the platform can explain better.
 */
export function modbusExceptionToCode(exception: number): ErrCode {
  const known: Readonly<Record<number, ErrCode | undefined>> = modbusExceptionCodes;
  return known[exception] ?? Err.lowerDeviceCommFault;
}

/** The catalogue code of a Modbus fault that is not an exception response. */
export function modbusFaultToCode(fault: ModbusFault): ErrCode {
  switch (fault) {
    // The device stayed silent: lower device response time-out (1715).
    case 'timeout':
      return Err.lowerDeviceTimeout;
    // A garbled frame: validation error (1713).
    case 'crcError':
      return Err.checksumError;
    // Another device answered: the configured slave address is most likely wrong (1502).
    case 'wrongSlaveId':
      return Err.slaveAddressError;
    // Nothing listens at the configured IP address and port (1503).
    case 'connectionFailed':
      return Err.ipPortError;
  }
}
