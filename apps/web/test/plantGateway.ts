import { until } from '@fieldhub/testkit';
import { GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import type { Caller } from '../../server/test/harness';
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
