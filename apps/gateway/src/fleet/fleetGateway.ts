/**
 * One simulated gateway of a fleet (docs/requirements/gateway-link.md §9.4): a real MQTT client
 * with its own SN and password (the same MqttLink as the software gateway: persistent session,
 * QoS 1, retained last will), a birth and heartbeat status naming the configuration it was sent
 * and acknowledged, once it holds one a telemetry batch of all its variables every interval (the
 * software gateway has nothing to read before its first configuration), and commands answered
 * through the gateway's own CommandHandler — a write sets the variable, which the next batches
 * report.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  DOWN,
  Err,
  PROTOCOL_VERSION,
  UP,
  type GatewayStatusMessage,
  type TelemetryMessage,
} from '@fieldhub/shared';
import { CommandHandler, CommandResults } from '../link/commandHandler';
import { MqttLink } from '../link/mqttLink';
import { GatewayClock } from '../runtime/gatewayClock';
import type { Logger } from '../runtime/log';
import type { Value } from '../runtime/variableModel';

/** What every gateway of a fleet counts; the fleet sums them. */
export interface FleetCounters {
  /** values handed to the broker */
  valuesSent: number;
  /** values whose batch the broker acknowledged (PUBACK) */
  valuesAcked: number;
  batchesAcked: number;
  /** samples not taken because the gateway was not connected at their time */
  samplesSkipped: number;
  /** gateways that hold a configuration (they sample from then on) */
  configured: number;
  commands: number;
}

export interface FleetGatewaySpec {
  sn: string;
  password: string;
  variables: readonly number[];
  /** position in the fleet: shifts its waveform and its phase in the interval */
  index: number;
}

export interface FleetGatewayOptions {
  broker: string;
  /** the platform's topic prefix on a shared broker (none when absent) */
  topicPrefix?: string;
  intervalMs: number;
  heartbeatS: number;
  /** sample before a configuration came (fleet option --sample-before-config) */
  sampleBeforeConfig: boolean;
  dataDir: string;
  firmware: string;
  log: Logger;
  counters: FleetCounters;
}

/** A slow sine per variable, different for each gateway and variable, to three decimals. */
export function simulatedValue(gateway: number, variable: number, ts: number): number {
  const phase = gateway * 0.37 + variable * 0.11;
  return Math.round((50 + 40 * Math.sin((2 * Math.PI * ts) / 600_000 + phase)) * 1000) / 1000;
}

export class FleetGateway {
  private readonly bootId = randomUUID();
  private readonly clock = new GatewayClock();
  private readonly link: MqttLink;
  private readonly commands: CommandHandler;
  /** values set by write commands, reported instead of the waveform */
  private readonly written = new Map<number, Value>();
  private seq = 0;
  /** the configuration the platform sent and this gateway acknowledged */
  private config: { version: number; hash: string } | undefined;
  private sampler: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly spec: FleetGatewaySpec,
    private readonly options: FleetGatewayOptions,
  ) {
    const log = options.log.child({ sn: spec.sn });
    this.link = new MqttLink({
      brokerUrl: options.broker,
      sn: spec.sn,
      password: spec.password,
      topicPrefix: options.topicPrefix,
      log,
      keepaliveS: 60,
      reconnectMs: 5000,
    });
    const ids = new Set(spec.variables);
    const resultsDir = path.join(options.dataDir, spec.sn);
    mkdirSync(resultsDir, { recursive: true });
    this.commands = new CommandHandler({
      write: async (id, value) => {
        if (!ids.has(id)) return { ok: false, code: Err.variableNotFound };
        this.written.set(id, value as Value);
        return { ok: true };
      },
      read: async (wanted) => {
        const ts = this.clock.now();
        const values = Object.fromEntries(
          wanted.filter((id) => ids.has(id)).map((id) => [String(id), this.valueOf(id, ts)]),
        );
        return { values, q: {} };
      },
      resend: () => 0, // every batch went out at QoS 1 on a persistent session: nothing is held back
      restart: () => {},
      location: () => undefined,
      setPendingNetworkMode: () => {},
      setTime: (serverTs) => this.clock.set(serverTs),
      now: this.clock.now,
      publishResult: (result) => this.link.publish(UP.cmdResult, JSON.stringify(result)),
      results: new CommandResults(resultsDir),
      log,
    });
  }

  get connected(): boolean {
    return this.link.connected;
  }

  start(): void {
    const { intervalMs, heartbeatS } = this.options;
    this.link.start({
      onConnect: () => this.publishStatus(),
      onClose: () => {},
      onMessage: (suffix, payload) => {
        if (suffix === DOWN.config) return this.takeConfig(payload);
        if (suffix !== DOWN.cmd) return;
        this.options.counters.commands++;
        void this.commands.handle(payload);
      },
    });
    // the first sample one interval after the login, later ones on a fixed beat
    this.sampler = setInterval(() => this.sample(), intervalMs);
    // heartbeats on a beat of their own, as gateways booted at different times have: a fleet
    // logging in within seconds would otherwise send all its heartbeats within those seconds
    this.heartbeat = setTimeout(
      () => {
        this.publishStatus();
        this.heartbeat = setInterval(() => this.publishStatus(), heartbeatS * 1000);
      },
      Math.random() * heartbeatS * 1000,
    );
  }

  private valueOf(id: number, ts: number): Value {
    return this.written.get(id) ?? simulatedValue(this.spec.index, this.spec.variables.indexOf(id), ts);
  }

  private sample(): void {
    const { counters } = this.options;
    // as the software gateway, which has nothing to read before its first configuration
    if (!this.config && !this.options.sampleBeforeConfig) return;
    if (!this.link.connected) {
      counters.samplesSkipped++;
      return;
    }
    const ts = this.clock.now();
    const vals: Record<string, Value> = {};
    for (const id of this.spec.variables) vals[String(id)] = this.valueOf(id, ts);
    const message: TelemetryMessage = {
      v: PROTOCOL_VERSION as 1,
      bootId: this.bootId,
      seq: this.seq++,
      items: [{ ts, vals }],
    };
    const count = this.spec.variables.length;
    counters.valuesSent += count;
    const sent = this.link.publish(UP.telemetry, JSON.stringify(message)).then(
      () => {
        counters.valuesAcked += count;
        counters.batchesAcked++;
      },
      () => {}, // the client was ended: mqtt.js keeps nothing, the sample is simply not acknowledged
    );
    this.inflight.add(sent);
    void sent.finally(() => this.inflight.delete(sent));
  }

  /**
   * A configuration from the platform: taken as it is (the fleet's variables are its own) and
   * acknowledged, and named in the statuses from then on, as a gateway that applied it does; a
   * gateway naming none is sent its configuration again.
   */
  private takeConfig(payload: Buffer): void {
    let config: { version?: unknown; hash?: unknown };
    try {
      config = JSON.parse(payload.toString('utf8')) as typeof config;
    } catch {
      return;
    }
    if (typeof config.version !== 'number' || typeof config.hash !== 'string') return;
    if (!this.config) this.options.counters.configured++;
    this.config = { version: config.version, hash: config.hash };
    const ack = { v: PROTOCOL_VERSION, version: config.version, hash: config.hash, ok: true };
    this.link.publish(UP.configAck, JSON.stringify(ack)).catch(() => undefined);
  }

  private status(): GatewayStatusMessage {
    return {
      v: PROTOCOL_VERSION as 1,
      online: true,
      bootId: this.bootId,
      firmware: this.options.firmware,
      configVersion: this.config?.version ?? null,
      configHash: this.config?.hash ?? null,
      drivers: [],
      ts: this.clock.now(),
      clockOffsetMs: this.clock.offsetMs,
    };
  }

  private publishStatus(): void {
    if (!this.link.connected) return;
    this.link.publish(UP.status, JSON.stringify(this.status()), true).catch(() => undefined);
  }

  /** Stops sampling, waits for the batches in flight, then says goodbye (offline status). */
  async stop(): Promise<void> {
    clearInterval(this.sampler);
    clearInterval(this.heartbeat); // the first heartbeat's timeout too
    await Promise.all([...this.inflight]);
    const offline = JSON.stringify({
      v: PROTOCOL_VERSION,
      online: false,
      bootId: this.bootId,
      ts: this.clock.now(),
    });
    await this.link.stop({ suffix: UP.status, payload: offline, retain: true });
  }
}
