/**
 * One run of the gateway, from start to stop: the data dir, the disk buffer, the runtime with the
 * saved config, and the MQTT link with its birth, heartbeat, telemetry, reports, config and
 * commands. `main.ts` parses options and signals; a restart command ends the run with 'restart'.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type ConfigMessage, type GatewayStatusMessage, PROTOCOL_VERSION, UP } from '@fieldhub/shared';
import { DiskQueue } from '../buffer/diskQueue';
import type { DriverConfig, FieldDriver } from '../drivers/driver';
import { createDriver as createRegisteredDriver } from '../drivers/index';
import { CommandHandler, CommandResults } from '../link/commandHandler';
import { ConfigHandler } from '../link/configHandler';
import { MqttLink } from '../link/mqttLink';
import { installedFirmware, OtaHandler } from '../link/otaHandler';
import { RefusalCounter } from '../link/refusals';
import { Forwarder, TelemetryBatcher } from '../link/uplink';
import type { SandboxLimits } from '../scripts/sandbox';
import { DataDir, type GatewayState } from './dataDir';
import { GatewayClock } from './gatewayClock';
import { type Logger, createLogger } from './log';
import type { GatewayOptions } from './options';
import { GatewayRuntime } from './runtime';

/** The gateway program's version: its firmware until a firmware package is installed. */
export const FIRMWARE = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface GatewayDeps {
  createDriver?: (config: DriverConfig) => FieldDriver | Promise<FieldDriver>;
  log?: Logger;
  scriptLimits?: SandboxLimits;
}

export interface GatewayRun {
  bootId: string;
  /** resolves with 'restart' when a restart command was executed */
  readonly ended: Promise<'restart'>;
  stop(): Promise<void>;
}

export async function startGateway(options: GatewayOptions, deps: GatewayDeps = {}): Promise<GatewayRun> {
  const bootId = randomUUID();
  const log = deps.log ?? createLogger(options.logLevel, { sn: options.sn });
  const dataDir = new DataDir(options.dataDir);
  dataDir.lock();
  const state: GatewayState = dataDir.loadStateAtStart();
  const queue = DiskQueue.open({ dir: dataDir.bufferDir, maxBytes: options.bufferBytes });
  const firmware = installedFirmware(options.dataDir) ?? FIRMWARE;
  log.info('gateway starting', {
    bootId,
    firmware,
    dataDir: options.dataDir,
    buffer: queue.opened,
  });
  let reportedDrops = queue.dropped;
  if (reportedDrops > 0)
    log.warn('buffer dropped records to stay within its bound', { dropped: reportedDrops });

  const link = new MqttLink({
    brokerUrl: options.broker,
    sn: options.sn,
    password: options.password,
    topicPrefix: options.topicPrefix,
    log,
  });
  // what the gateway dates its values and status by: corrected by the platform's `time` command
  const clock = new GatewayClock();
  const refusals = new RefusalCounter(log, clock.now);
  const forwarder = new Forwarder(queue, link, log);
  const batcher = new TelemetryBatcher({
    bootId,
    emit: (message) => forwarder.enqueue({ kind: 'telemetry', message }),
  });
  let running: ConfigMessage | undefined;
  let statusTimer: NodeJS.Timeout | undefined;

  const status = (): GatewayStatusMessage => ({
    v: PROTOCOL_VERSION as 1,
    online: true,
    bootId,
    firmware,
    configVersion: running?.version ?? null,
    configHash: running?.hash ?? null,
    drivers: runtime.driverStates(),
    networkMode: state.networkMode,
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
    ...(options.location ? { location: options.location } : {}),
    ts: clock.now(),
    refused: refusals.total,
    clockOffsetMs: clock.offsetMs,
  });
  const publishStatus = () => {
    if (!link.connected) return;
    link.publish(UP.status, JSON.stringify(status()), true).catch((error: unknown) => {
      log.debug('status not delivered', { error });
    });
  };
  // driver state changes come in bursts (all variables of a driver at once): one status per second
  const publishStatusSoon = () => {
    statusTimer ??= setTimeout(() => {
      statusTimer = undefined;
      publishStatus();
    }, 1000);
  };

  const runtime = new GatewayRuntime({
    createDriver:
      deps.createDriver ??
      ((config) => createRegisteredDriver(config, { dataDir: options.dataDir, log, now: clock.now })),
    telemetry: (ts, entries) => batcher.add(ts, entries),
    report: (record) => forwarder.enqueue({ kind: 'report', message: record }),
    driverStateChanged: publishStatusSoon,
    log,
    now: clock.now,
    ...(deps.scriptLimits ? { scriptLimits: deps.scriptLimits } : {}),
  });

  const configs = new ConfigHandler({
    apply: (config) => runtime.apply(config),
    running: () => running,
    adopt: (message) => {
      dataDir.saveConfig(message);
      running = message;
      publishStatus();
    },
    publishAck: (ack) => link.publish(UP.configAck, JSON.stringify(ack)),
    log,
  });

  let requestRestart: () => void = () => {};
  const ended = new Promise<'restart'>((resolve) => (requestRestart = () => resolve('restart')));
  const commands = new CommandHandler({
    write: (id, value) => runtime.write(id, value),
    read: (ids) => runtime.read(ids),
    resend: (resendBootId, from, to) => forwarder.resend(resendBootId, from, to),
    restart: () => requestRestart(),
    location: () => options.location,
    setPendingNetworkMode: (mode) => dataDir.saveState({ ...state, pendingNetworkMode: mode }),
    setTime: (serverTs) => clock.set(serverTs),
    now: clock.now,
    publishResult: (result) => link.publish(UP.cmdResult, JSON.stringify(result)),
    results: new CommandResults(options.dataDir),
    log,
  });

  const saved = dataDir.loadConfig();
  if (saved) {
    const problems = await runtime.apply(saved.config);
    running = saved;
    configs.rememberProblems(problems);
    log.info('running the saved config', {
      version: saved.version,
      hash: saved.hash,
      problems: problems.length,
    });
  } else {
    log.info('no saved config; waiting for one from the platform');
  }

  const ota = new OtaHandler({
    dataDir: options.dataDir,
    installCommand: options.installCommand,
    publishProgress: (progress) => link.publish(UP.otaProgress, JSON.stringify(progress)),
    restart: () => requestRestart(),
    log,
    now: clock.now,
  });

  link.start({
    onConnect: () => {
      publishStatus();
      forwarder.connected();
    },
    onClose: () => forwarder.disconnected(),
    onMessage: (suffix, payload) => {
      if (suffix === 'down/config') void configs.handle(payload);
      else if (suffix === 'down/cmd') void commands.handle(payload);
      else if (suffix === 'down/ota') void ota.handle(payload);
      else if (suffix === 'down/refused') refusals.handle(payload);
    },
  });

  const heartbeat = setInterval(() => {
    publishStatus();
    if (queue.dropped > reportedDrops) {
      // statusSchema has no field for drops, so they are logged (and persisted in the buffer index)
      log.warn('buffer dropped records to stay within its bound', { dropped: queue.dropped });
      reportedDrops = queue.dropped;
    }
  }, options.heartbeatS * 1000);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(heartbeat);
      clearTimeout(statusTimer);
      await runtime.stop();
      batcher.stop(); // the last batch goes to disk (and out, when connected)
      for (let waited = 0; link.connected && !forwarder.idle && waited < 2000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const offline = JSON.stringify({ v: PROTOCOL_VERSION, online: false, bootId, ts: clock.now() });
      await link.stop({ suffix: UP.status, payload: offline, retain: true });
      queue.close();
      dataDir.unlock();
      log.info('gateway stopped', {
        bootId,
        valuesProduced: batcher.valuesProduced,
        batchesProduced: batcher.batchesProduced,
        refused: refusals.total,
        pending: queue.pendingCount,
        ...forwarder.sent,
      });
    })());

  return { bootId, ended, stop };
}
