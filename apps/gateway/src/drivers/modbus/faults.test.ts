import { describe, expect, it } from 'vitest';
import { connectFault } from './faults';

describe('a serial port that cannot be opened', () => {
  // the messages of @serialport/bindings-cpp (through modbus-serial) on Linux
  it.each([
    ['Error Resource temporarily unavailable Cannot lock port', 1506],
    ['Error: No such file or directory, cannot open /dev/ttyUSB0', 1507],
    ['Error: Permission denied, cannot open /dev/ttyS1', 1508],
    ['Error: Inappropriate ioctl for device setting custom baud rate of 9600', 1509],
  ])('"%s" is the port fault %i, not a wiring error', (message, code) => {
    expect(connectFault(new Error(message), true).code).toBe(code);
  });

  it('keeps 1503 for a TCP connection that cannot be made', () => {
    expect(connectFault(new Error('connect ECONNREFUSED 127.0.0.1:502'), false).code).toBe(1503);
  });
});
