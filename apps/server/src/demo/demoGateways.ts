import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DemoGateway } from '../seed/demoDevices';

const gatewayMain = path.resolve(import.meta.dirname, '../../../gateway/src/main.ts');
const credentialsFile = (dataDir: string) => path.join(dataDir, 'demo-gateways.json');

/** Keeps the demo gateways' MQTT logins (made once by the seed) so later starts run them too. */
export function saveDemoGateways(dataDir: string, gateways: DemoGateway[]): void {
  writeFileSync(credentialsFile(dataDir), JSON.stringify(gateways, null, 2), { mode: 0o600 });
}

export function loadDemoGateways(dataDir: string): DemoGateway[] {
  const file = credentialsFile(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoGateway[]) : [];
}

/**
 * Where the demo gateways say they are (base-station locations around one site), so the device map
 * shows the demo plant (docs/requirements/data-views.md §5); a fourth and later share the last.
 */
const DEMO_LOCATIONS = ['121.4737,31.2304', '121.4810,31.2360', '121.4650,31.2250'] as const;

export interface DemoGatewayRunner {
  stop(): Promise<void>;
}

/**
 * Runs the demo enterprise's gateways as real gateway processes in simulate mode, all reading
 * the one simulated plant, against the platform's broker. A gateway that exits (a restart
 * command, a crash) is started again after a pause.
 */
export function runDemoGateways(
  gateways: DemoGateway[],
  opts: {
    brokerUrl: string;
    /** MQTT_TOPIC_PREFIX, which the gateways must share ('' for none) */
    topicPrefix?: string;
    dataDir: string;
    /** where the first gateway starts the simulated plant and the others find it */
    plantPort: number;
    log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  },
): DemoGatewayRunner {
  let stopping = false;
  const children = new Map<string, ChildProcess>();
  const locations = new Map(
    gateways.map((g, i) => [g.sn, DEMO_LOCATIONS[Math.min(i, DEMO_LOCATIONS.length - 1)]!]),
  );
  const start = (g: DemoGateway, delayMs: number) => {
    setTimeout(() => {
      if (stopping) return;
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          gatewayMain,
          '--sn',
          g.sn,
          '--broker',
          opts.brokerUrl,
          ...(opts.topicPrefix ? ['--topic-prefix', opts.topicPrefix] : []),
          '--simulate',
          '--plant-port',
          String(opts.plantPort),
          '--data-dir',
          path.join(opts.dataDir, 'gateways', g.sn),
          '--log-level',
          'warn',
          '--location',
          locations.get(g.sn)!,
        ],
        // the password goes through the environment, not the command line (ps would show it)
        {
          env: { ...process.env, GATEWAY_PASSWORD: g.mqttPassword },
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
      children.set(g.sn, child);
      child.on('exit', (code) => {
        children.delete(g.sn);
        if (stopping) return;
        opts.log.warn({ sn: g.sn, code }, 'demo gateway exited; starting it again');
        start(g, 3000);
      });
    }, delayMs);
  };
  // the first gateway starts the plant; the others join it a moment later
  gateways.forEach((g, i) => start(g, i === 0 ? 0 : 1500));
  opts.log.info({ count: gateways.length }, 'demo gateways starting in simulate mode');
  return {
    async stop() {
      stopping = true;
      await Promise.all(
        [...children.values()].map(
          (c) =>
            new Promise<void>((resolve) => {
              c.once('exit', () => resolve());
              c.kill('SIGTERM');
              setTimeout(() => {
                c.kill('SIGKILL');
                resolve();
              }, 5000).unref();
            }),
        ),
      );
    },
  };
}
