/**
 * What went wrong on a Modbus link, as a catalogue code: the errors modbus-serial raises are
 * recognised here and mapped by the shared field-bus table (`modbusExceptionToCode`,
 * `modbusFaultToCode`), so every driver fault reaches the browser with its own message.
 */
import { Err, modbusExceptionToCode, modbusFaultToCode } from '@fieldhub/shared';
import { DriverError } from '../driver';

/**
 * A fault of one request: the device answered an exception, stayed silent or sent a garbled
 * frame. The link still stands (except after a time-out on TCP, which the link drops itself).
 */
export class RequestFault extends DriverError {
  constructor(
    code: number,
    message: string,
    /** The device did not answer within the communication wait time. */
    readonly timedOut = false,
  ) {
    super(code, message);
    this.name = 'RequestFault';
  }
}

/** No request could be made: the link cannot be opened, was lost, or waits to reconnect. */
export class LinkDown extends DriverError {
  constructor(code: number, message: string) {
    super(code, message);
    this.name = 'LinkDown';
  }
}

/** modbus-serial throws plain objects as well as Errors (its time-out is not an Error). */
function field(err: unknown, key: string): unknown {
  return typeof err === 'object' && err !== null ? (err as Record<string, unknown>)[key] : undefined;
}

function messageOf(err: unknown): string {
  const message = field(err, 'message');
  return typeof message === 'string' ? message : String(err);
}

/** The fault of a request that failed, from what modbus-serial reported. */
export function requestFault(err: unknown): RequestFault | LinkDown {
  if (err instanceof RequestFault || err instanceof LinkDown) return err;
  const message = messageOf(err);
  const exception = field(err, 'modbusCode');
  if (typeof exception === 'number') return new RequestFault(modbusExceptionToCode(exception), message);
  if (field(err, 'errno') === 'ETIMEDOUT' || message === 'Timed out') {
    return new RequestFault(modbusFaultToCode('timeout'), 'The device did not answer in time', true);
  }
  if (message === 'CRC error') return new RequestFault(modbusFaultToCode('crcError'), message);
  if (/expected address \d+ got \d+/.test(message)) {
    return new RequestFault(modbusFaultToCode('wrongSlaveId'), message);
  }
  if (message === 'Port Not Open') return new LinkDown(Err.lowerDeviceCommFault, message);
  // A frame of the wrong length or function: the device answered something we cannot read.
  return new RequestFault(Err.lowerDeviceCommFault, message);
}

/**
 * Why the link could not be opened: nothing listens at the IP address and port, the host cannot
 * be reached or did not accept in time (1503). A serial port that cannot be opened is a fault of
 * the port, not of the wiring (docs/requirements/device-configuration.md §2.4): in use by another
 * program (1506), missing (1507), not permitted (1508), or refusing to open otherwise (1509, not
 * a serial device or settings it does not support), from what the serial port library reports.
 */
export function connectFault(err: unknown, serial: boolean): LinkDown {
  const message = messageOf(err);
  if (!serial) return new LinkDown(modbusFaultToCode('connectionFailed'), message);
  const errno = field(err, 'code');
  if (/cannot lock port|resource busy/i.test(message) || errno === 'EBUSY') {
    return new LinkDown(Err.serialPortInUse, message);
  }
  if (/no such file or directory/i.test(message) || errno === 'ENOENT') {
    return new LinkDown(Err.serialPortMissing, message);
  }
  if (/permission denied|operation not permitted/i.test(message) || errno === 'EACCES' || errno === 'EPERM') {
    return new LinkDown(Err.serialPortDenied, message);
  }
  return new LinkDown(Err.serialPortOpenFailed, message);
}
