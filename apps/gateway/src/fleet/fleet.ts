/**
 * Fleet mode (docs/requirements/gateway-link.md §9.4): N simulated gateways of one credentials
 * file in one process, each a real MQTT client with its own login, each sending one value per
 * variable every interval. Logins are spread over time (`connectRate` per second) and so are
 * the samples (each gateway keeps the beat of its own login), so the load is even.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fleetFileSchema, type FleetFile } from '@fieldhub/shared';
import type { Logger } from '../runtime/log';
import type { FleetOptions } from '../runtime/options';
import { FleetGateway, type FleetCounters } from './fleetGateway';

export interface FleetRun {
  /** running totals over every gateway */
  readonly counters: Readonly<FleetCounters>;
  /** gateways whose MQTT session is up */
  connected(): number;
  /** resolves once every gateway was started (logins spread by `connectRate`) */
  readonly started: Promise<void>;
  /** stops sampling, waits for the acknowledgements in flight, logs every gateway out */
  stop(): Promise<void>;
}

/** Reads and checks the credentials file; a bad one throws naming what is wrong. */
export function readFleetFile(file: string): FleetFile {
  const parsed = fleetFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

export type FleetSettings = Pick<
  FleetOptions,
  'fleet' | 'variables' | 'interval' | 'connectRate' | 'broker' | 'dataDir' | 'heartbeatS'
> &
  Partial<Pick<FleetOptions, 'topicPrefix' | 'sampleBeforeConfig'>>;

export function startFleet(
  file: FleetFile,
  settings: FleetSettings,
  log: Logger,
  firmware: string,
): FleetRun {
  if (file.gateways.length < settings.fleet)
    throw new Error(`the credentials file lists ${file.gateways.length} gateways, ${settings.fleet} asked`);
  mkdirSync(settings.dataDir, { recursive: true });
  const counters: FleetCounters = {
    valuesSent: 0,
    valuesAcked: 0,
    batchesAcked: 0,
    samplesSkipped: 0,
    configured: 0,
    commands: 0,
  };
  const gateways = file.gateways.slice(0, settings.fleet).map(
    (g, index) =>
      new FleetGateway(
        { sn: g.sn, password: g.password, variables: g.variables.slice(0, settings.variables), index },
        {
          broker: settings.broker,
          ...(settings.topicPrefix ? { topicPrefix: settings.topicPrefix } : {}),
          intervalMs: settings.interval,
          heartbeatS: settings.heartbeatS,
          sampleBeforeConfig: settings.sampleBeforeConfig ?? false,
          dataDir: settings.dataDir,
          firmware,
          log,
          counters,
        },
      ),
  );
  let stopped = false;
  let startedCount = 0;
  // logins in steps of 50 ms: `connectRate / 20` gateways a step
  const perStep = Math.max(1, Math.round(settings.connectRate / 20));
  const started = new Promise<void>((resolve) => {
    const step = () => {
      if (stopped) return resolve();
      for (const g of gateways.slice(startedCount, startedCount + perStep)) g.start();
      startedCount = Math.min(gateways.length, startedCount + perStep);
      if (startedCount >= gateways.length) resolve();
      else setTimeout(step, 50);
    };
    step();
  });
  log.info('fleet starting', {
    gateways: gateways.length,
    variables: settings.variables,
    intervalMs: settings.interval,
    valuesPerSecond: Math.round((gateways.length * settings.variables * 1000) / settings.interval),
  });
  return {
    counters,
    started,
    connected: () => gateways.filter((g) => g.connected).length,
    async stop() {
      stopped = true;
      await started;
      await Promise.all(gateways.slice(0, startedCount).map((g) => g.stop()));
      log.info('fleet stopped', { ...counters });
    },
  };
}
