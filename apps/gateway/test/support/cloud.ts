/**
 * The platform's side of the link as the tests need it: an mqtt.js client that subscribes to a
 * gateway's uplinks, sends configs and commands, and collects what arrives, telemetry
 * de-duplicated by bootId and seq.
 */
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import {
  type CommandMessage,
  type CommandResultMessage,
  type ConfigAckMessage,
  type GatewayConfig,
  type TelemetryMessage,
  topicFor,
} from '@fieldhub/shared';

export interface Received {
  suffix: string;
  payload: Record<string, unknown>;
  retain: boolean;
  at: number;
}

export class Cloud {
  readonly received: Received[] = [];
  /** telemetry batches by `${bootId}/${seq}`, live and hist together */
  readonly batches = new Map<string, TelemetryMessage & { hist: boolean }>();
  private subscribed: Promise<void>;
  private markSubscribed!: () => void;
  private waiters = new Set<() => void>();

  private constructor(
    private readonly client: MqttClient,
    readonly sn: string,
  ) {
    this.subscribed = this.pending();
    client.on('connect', () => {
      client.subscribe(`iiot/v1/${sn}/up/#`, { qos: 1 }, () => this.markSubscribed());
    });
    client.on('close', () => (this.subscribed = this.pending()));
    client.on('message', (topic, payload, packet) => {
      const suffix = topic.slice(`iiot/v1/${sn}/`.length);
      const message = JSON.parse(payload.toString()) as Record<string, unknown>;
      this.received.push({ suffix, payload: message, retain: packet.retain, at: Date.now() });
      if (suffix === 'up/telemetry' || suffix === 'up/telemetry/hist') {
        const batch = message as unknown as TelemetryMessage;
        this.batches.set(`${batch.bootId}/${batch.seq}`, { ...batch, hist: suffix.endsWith('hist') });
      }
      for (const wake of this.waiters) wake();
    });
  }

  private pending(): Promise<void> {
    return new Promise((resolve) => (this.markSubscribed = resolve));
  }

  static async connect(url: string, sn: string): Promise<Cloud> {
    const client = mqtt.connect(url, {
      clientId: `cloud-${randomUUID().slice(0, 8)}`,
      clean: true,
      reconnectPeriod: 100,
      protocolVersion: 4,
    });
    const cloud = new Cloud(client, sn);
    await cloud.ready();
    return cloud;
  }

  /** Resolves once subscribed on the current connection (after a broker restart, too). */
  ready(): Promise<void> {
    return this.subscribed;
  }

  /** The first message on `suffix` (after `since`) matching `match`, waiting for it. */
  async waitFor(
    suffix: string,
    match: (payload: Record<string, unknown>, message: Received) => boolean = () => true,
    timeoutMs = 20_000,
    since = 0,
  ): Promise<Record<string, unknown>> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find((m) => m.suffix === suffix && m.at >= since && match(m.payload, m));
      if (found) return found.payload;
      if (Date.now() > end) throw new Error(`no ${suffix} message matched within ${timeoutMs} ms`);
      await this.nextMessage(200);
    }
  }

  /** Waits until `check` holds, re-checking as messages arrive. */
  async until(check: () => boolean, timeoutMs: number): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
      await this.nextMessage(200);
    }
  }

  private nextMessage(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
      setTimeout(wake, timeoutMs);
    });
  }

  async publish(
    suffix: 'down/config' | 'down/cmd' | 'down/ota' | 'down/refused',
    payload: unknown,
    retain = false,
  ): Promise<void> {
    await this.client.publishAsync(topicFor(this.sn, suffix), JSON.stringify(payload), { qos: 1, retain });
  }

  /** Sends a config and waits for the ack naming its hash. */
  async sendConfig(version: number, config: GatewayConfig, hash = `h${version}`): Promise<ConfigAckMessage> {
    const since = Date.now();
    await this.publish('down/config', { v: 1, version, hash, config });
    return (await this.waitFor('up/config/ack', (p) => p.hash === hash, 20_000, since)) as ConfigAckMessage;
  }

  /** Sends a command (a uuid is added when missing) and waits for its result. */
  async command(
    command: { type: CommandMessage['type'] | 'upgrade' } & Record<string, unknown>,
  ): Promise<CommandResultMessage> {
    const message = { v: 1, uuid: randomUUID(), ...command };
    const since = Date.now();
    await this.publish('down/cmd', message);
    return (await this.waitFor(
      'up/cmd/result',
      (p) => p.uuid === message.uuid,
      20_000,
      since,
    )) as CommandResultMessage;
  }

  /** Values received for a boot, de-duplicated by seq: variable id → values in seq order. */
  valuesOf(bootId: string): Map<string, unknown[]> {
    const out = new Map<string, unknown[]>();
    const batches = [...this.batches.values()]
      .filter((b) => b.bootId === bootId)
      .sort((a, b) => a.seq - b.seq);
    for (const batch of batches) {
      for (const item of batch.items) {
        for (const [id, value] of Object.entries(item.vals)) out.set(id, [...(out.get(id) ?? []), value]);
      }
    }
    return out;
  }

  /** Count of values received (each bootId/seq once). */
  valueCount(bootId?: string): number {
    let count = 0;
    for (const batch of this.batches.values()) {
      if (bootId && batch.bootId !== bootId) continue;
      for (const item of batch.items) count += Object.keys(item.vals).length;
    }
    return count;
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
