/**
 * The software gateway's entry point: parses the command line and environment, starts the
 * simulated plant under `--simulate`, runs the gateway, and handles signals and restarts; with
 * `--fleet N` it runs N simulated gateways instead (fleet/fleet.ts).
 *
 * Exit codes: 0 after SIGINT/SIGTERM or `--help`, 2 for bad options, 1 when the gateway cannot start, and
 * RESTART_EXIT_CODE (75) after a restart command, for a supervisor (systemd `Restart=always`,
 * a container restart policy) to start it again. Under `--simulate` a restart re-initialises the
 * gateway in process instead, since demos and tests have no supervisor.
 */
import { connect } from 'node:net';
import { type Logger, createLogger } from './runtime/log';
import { HELP, parseFleetOptions, parseOptions, wantsFleet, wantsHelp } from './runtime/options';

export const RESTART_EXIT_CODE = 75;

/*
 * The simulated plant of `--simulate`. The demo runs several gateways against one plant on one
 * machine: when the port is already taken, the plant of another simulated gateway is assumed to
 * listen there and is shared (a TCP probe confirms something accepts connections).
 */
export interface RunningPlant {
  port: number;
  /** whether this process started it (and closes it) */
  owned: boolean;
  close(): Promise<void>;
}

function accepts(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function startPlant(port: number, log: Logger, host = '127.0.0.1'): Promise<RunningPlant> {
  // loaded only under --simulate: a gateway in the field never carries the plant's server
  const { startSimulatedPlant } = await import('./simulate');
  try {
    const plant = await startSimulatedPlant({ port, host });
    log.info('simulated plant started', { port: plant.port });
    return { port: plant.port, owned: true, close: () => plant.close() };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (!(await accepts(port, host))) throw error;
    log.info('simulated plant port in use: sharing the plant already running there', { port });
    return { port, owned: false, close: async () => {} };
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  if (wantsFleet(argv, process.env)) return runFleet(argv);
  const parsed = parseOptions(argv, process.env);
  if (!parsed.ok) {
    process.stderr.write(parsed.message + '\n');
    process.exit(2);
  }
  const options = parsed.options;
  const log = createLogger(options.logLevel, { sn: options.sn });
  process.on('unhandledRejection', (error) => log.error('unhandled rejection', { error }));

  // loaded once the options are good: `--help` and a bad option answer without loading the drivers
  const { startGateway } = await import('./runtime/gateway');
  const plant = options.simulate ? await startPlant(options.plantPort, log) : undefined;
  let run = await startGateway(options, { log });
  let exiting = false;
  const shutdown = async (signal: string) => {
    if (exiting) return;
    exiting = true;
    log.info('shutting down', { signal });
    await run.stop();
    await plant?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  for (;;) {
    await run.ended;
    if (exiting) return;
    log.info('restart requested by the platform');
    await run.stop();
    if (!options.simulate) {
      process.exit(RESTART_EXIT_CODE);
    }
    run = await startGateway(options, { log });
  }
}

/** Fleet mode: N simulated gateways in this process; their totals logged every 30 s. */
async function runFleet(argv: string[]): Promise<void> {
  const parsed = parseFleetOptions(argv, process.env);
  if (!parsed.ok) {
    process.stderr.write(parsed.message + '\n');
    process.exit(2);
  }
  const options = parsed.options;
  const log = createLogger(options.logLevel, { fleet: options.fleet });
  const [{ readFleetFile, startFleet }, { FIRMWARE }] = await Promise.all([
    import('./fleet/fleet'),
    import('./runtime/gateway'),
  ]);
  const fleet = startFleet(readFleetFile(options.fleetFile), options, log, FIRMWARE);
  const report = setInterval(
    () => log.info('fleet', { connected: fleet.connected(), ...fleet.counters }),
    30_000,
  );
  let exiting = false;
  const shutdown = async (signal: string) => {
    if (exiting) return;
    exiting = true;
    log.info('shutting down', { signal });
    clearInterval(report);
    await fleet.stop();
    // stdout may be a pipe (a supervisor, the fleet bench): the totals line is flushed before exiting
    process.stdout.write('', () => process.exit(0));
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway failed to start: ${(error as Error)?.message ?? String(error)}\n`);
  process.exit(1);
});
