/**
 * The serial ports of the gateway, one owner per path: on an RS-485 line each slave is a driver of
 * its own on the same port, so the drivers of a path share one `ModbusPort` and their requests
 * take turns on it, each with its own slave id and time-out (docs/requirements/device-configuration.md
 * §2.4). The port is opened with the line settings its drivers agree on; when they disagree every
 * request on it fails with 1510 until they agree again, and the port is reopened when they agree
 * on new settings. It closes when its last driver leaves.
 */
import { Err } from '@fieldhub/shared';
import { LinkDown } from './faults';
import { type ModbusEndpoint, ModbusPort, type ReconnectPolicy, type SerialSettings } from './modbusPort';

export type SerialEndpoint = Extract<ModbusEndpoint, { kind: 'rtu' }>;

/** A driver's hold on a line: the shared port, and its leaving. */
export interface LineHold {
  port: ModbusPort;
  /** Leaves the line; the port closes when no driver holds it. */
  leave(): Promise<void>;
}

interface Line {
  port: ModbusPort;
  /** The settings each holder was configured with. */
  holders: Map<symbol, SerialEndpoint>;
}

const settingsOf = ({ baudRate, dataBits, stopBits, parity }: SerialSettings): SerialSettings => ({
  baudRate,
  dataBits,
  stopBits,
  parity,
});

export class SerialLines {
  private readonly lines = new Map<string, Line>();

  /** Joins the line at `endpoint.path`, opening its owner if this is the first driver on it. */
  hold(
    endpoint: SerialEndpoint,
    options: { reconnect: ReconnectPolicy; connectTimeoutMs: number },
  ): LineHold {
    let line = this.lines.get(endpoint.path);
    if (!line) {
      const holders = new Map<symbol, SerialEndpoint>();
      const port = new ModbusPort({ ...options, endpoint: () => agreed(holders) });
      line = { port, holders };
      this.lines.set(endpoint.path, line);
    }
    const me = Symbol(endpoint.path);
    line.holders.set(me, endpoint);
    const held = line;
    return {
      port: held.port,
      leave: async () => {
        held.holders.delete(me);
        if (held.holders.size > 0) return;
        if (this.lines.get(endpoint.path) === held) this.lines.delete(endpoint.path);
        await held.port.close();
      },
    };
  }

  /** How many drivers hold the line at `path` (0 when none: the port is closed). */
  holders(path: string): number {
    return this.lines.get(path)?.holders.size ?? 0;
  }
}

/** The endpoint every holder of a line agrees on, or the conflict (1510). */
function agreed(holders: Map<symbol, SerialEndpoint>): ModbusEndpoint | LinkDown {
  const [first, ...others] = [...holders.values()];
  if (!first) return new LinkDown(Err.lowerDeviceCommFault, 'No driver holds the serial line');
  const settings = JSON.stringify(settingsOf(first));
  const differing = others.find((other) => JSON.stringify(settingsOf(other)) !== settings);
  if (differing) {
    return new LinkDown(
      Err.serialSettingsConflict,
      `Drivers on ${first.path} differ in line settings: ${settings} and ${JSON.stringify(settingsOf(differing))}`,
    );
  }
  return { kind: 'rtu', path: first.path, ...settingsOf(first) };
}

/** The gateway's serial lines: a port is one per process, as the operating system locks it. */
export const serialLines = new SerialLines();
