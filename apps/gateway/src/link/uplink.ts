/**
 * The uplink path: telemetry batching, then store-and-forward.
 *
 * Batching gathers what the runtime sends into telemetry batches: one item per timestamp, flushed
 * every second or at 500 items, whichever comes first; each batch gets the next `seq` of the boot.
 * A batch bigger than one publish may carry (PAYLOAD_MAX_BYTES, from GATEWAY_PACKET_MAX_BYTES)
 * goes out in parts of the same `seq` (telemetrySplit.ts), acknowledged once all parts are.
 *
 * Store-and-forward: every telemetry batch and report record is appended to the disk
 * queue first and acknowledged there only when the broker answered its PUBACK. While connected,
 * the pump hands pending records to the transport in order, at most `maxInflight` at a time.
 * Records appended during the current connection go out live (`up/telemetry`, `up/report`);
 * anything older — kept while the broker was unreachable, or left by a previous process — goes
 * out first, in order, as history (`up/telemetry/hist`, `up/report` with `hist: true`).
 *
 * A record already handed to mqtt.js when the connection drops stays with mqtt.js, which sends it
 * again after reconnecting (QoS 1 session state); the pump does not send it a second time.
 */
import {
  GATEWAY_PACKET_MAX_BYTES,
  PROTOCOL_VERSION,
  TEXT_VALUE_MAX,
  type ReportRecordMessage,
  type TelemetryMessage,
  UP,
  type UpTopic,
} from '@fieldhub/shared';
import type { DiskQueue } from '../buffer/diskQueue';
import type { Logger } from '../runtime/log';
import type { TelemetryEntry } from '../runtime/valueStore';
import { splitTelemetry } from './telemetrySplit';

type Item = TelemetryMessage['items'][number];

/** Payload room of one publish: the packet limit less room for its fixed header and topic. */
export const PAYLOAD_MAX_BYTES = GATEWAY_PACKET_MAX_BYTES - 1024;

export interface BatcherOptions {
  bootId: string;
  emit: (message: TelemetryMessage) => void;
  flushMs?: number;
  maxItems?: number;
}

export class TelemetryBatcher {
  private items: Item[] = [];
  private timer: NodeJS.Timeout | undefined;
  private seq = 0;
  /** values handed to telemetry since start (quality-only entries are not counted) */
  valuesProduced = 0;
  batchesProduced = 0;

  constructor(private readonly options: BatcherOptions) {}

  add(ts: number, entries: readonly TelemetryEntry[]): void {
    let item = this.items.at(-1);
    for (const entry of entries) {
      const key = String(entry.id);
      if (!item || item.ts !== ts || key in item.vals || (item.q && key in item.q)) {
        if (this.items.length >= (this.options.maxItems ?? 500)) this.flush();
        item = { ts, vals: {} };
        this.items.push(item);
      }
      if (entry.value !== undefined) {
        // the protocol carries texts of at most 1,024 characters; one longer text must not void the batch
        item.vals[key] = typeof entry.value === 'string' ? entry.value.slice(0, TEXT_VALUE_MAX) : entry.value;
        this.valuesProduced++;
      }
      if (entry.q !== undefined) (item.q ??= {})[key] = entry.q;
    }
    this.timer ??= setTimeout(() => this.flush(), this.options.flushMs ?? 1000);
  }

  /** Emits what was gathered as one batch. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.items.length === 0) return;
    const items = this.items;
    this.items = [];
    this.batchesProduced++;
    this.options.emit({ v: PROTOCOL_VERSION as 1, bootId: this.options.bootId, seq: this.seq++, items });
  }

  stop(): void {
    this.flush();
  }
}

export type Uplink =
  { kind: 'telemetry'; message: TelemetryMessage } | { kind: 'report'; message: ReportRecordMessage };

export interface UplinkTransport {
  readonly connected: boolean;
  /** publishes with QoS 1; resolves on PUBACK */
  publish(suffix: UpTopic, payload: string): Promise<void>;
}

/** First byte of a queued record: what it is. */
const TELEMETRY = 'T';
const REPORT = 'R';

export class Forwarder {
  private readonly inflight = new Set<number>();
  /** last id the pump looked at during this connection */
  private cursor = 0;
  /** ids from here on were appended while the current connection was up */
  private liveFrom = Number.POSITIVE_INFINITY;
  readonly sent = { live: 0, hist: 0, acked: 0 };

  constructor(
    private readonly queue: DiskQueue,
    private readonly transport: UplinkTransport,
    private readonly log: Logger,
    private readonly maxInflight = 32,
  ) {}

  /** Appends to the disk queue, then sends when the link allows. */
  enqueue(uplink: Uplink): void {
    const marker = uplink.kind === 'telemetry' ? TELEMETRY : REPORT;
    this.queue.append(Buffer.from(marker + JSON.stringify(uplink.message)));
    this.pump();
  }

  /** The link is up: replay what is pending, then send live. */
  connected(): void {
    this.liveFrom = this.queue.upcomingId;
    this.cursor = 0;
    const pending = this.queue.pendingCount - this.inflight.size;
    if (pending > 0) this.log.info('replaying buffered uplinks', { pending, inflight: this.inflight.size });
    this.pump();
  }

  disconnected(): void {
    this.liveFrom = Number.POSITIVE_INFINITY;
  }

  /** Whether everything appended so far was acknowledged. */
  get idle(): boolean {
    return this.queue.pendingCount === 0;
  }

  private pump(): void {
    while (this.transport.connected && this.inflight.size < this.maxInflight) {
      const id = this.queue.nextPending(this.cursor);
      if (id === undefined) return;
      this.cursor = id;
      if (this.inflight.has(id)) continue;
      const payload = this.queue.read(id);
      if (!payload) continue;
      this.send(id, payload, id < this.liveFrom);
    }
  }

  private send(id: number, payload: Buffer, hist: boolean): void {
    const { topic, bodies } = this.encode(payload, hist);
    this.inflight.add(id);
    this.sent[hist ? 'hist' : 'live']++;
    Promise.all(bodies.map((body) => this.transport.publish(topic, body))).then(
      () => {
        this.inflight.delete(id);
        this.queue.ack(id);
        this.sent.acked++;
        this.pump();
      },
      (error: unknown) => {
        // not delivered (the client was ended): the record stays pending for a later pump
        this.inflight.delete(id);
        this.cursor = Math.min(this.cursor, id - 1);
        this.log.debug('uplink not acknowledged', { id, error });
      },
    );
  }

  /** The publishes of a record: one, or a telemetry batch too big for one packet in parts. */
  private encode(payload: Buffer, hist: boolean): { topic: UpTopic; bodies: string[] } {
    const marker = String.fromCharCode(payload[0]!);
    const body = payload.subarray(1).toString('utf8');
    if (marker === TELEMETRY)
      return { topic: hist ? UP.telemetryHist : UP.telemetry, bodies: telemetryBodies(body) };
    if (!hist) return { topic: UP.report, bodies: [body] };
    const record = JSON.parse(body) as ReportRecordMessage;
    return { topic: UP.report, bodies: [JSON.stringify({ ...record, hist: true })] };
  }

  /**
   * Sends again, as history, the telemetry batches of `bootId` with seq in [fromSeq, toSeq] that
   * are still on disk; answers how many were found.
   */
  resend(bootId: string, fromSeq: number, toSeq: number): number {
    let count = 0;
    for (const record of this.queue.held()) {
      if (record.payload[0] !== TELEMETRY.charCodeAt(0)) continue;
      const body = record.payload.subarray(1).toString('utf8');
      const message = JSON.parse(body) as TelemetryMessage;
      if (message.bootId !== bootId || message.seq < fromSeq || message.seq > toSeq) continue;
      count++;
      for (const part of telemetryBodies(body, message))
        this.transport.publish(UP.telemetryHist, part).catch(() => undefined);
    }
    return count;
  }
}

/**
 * A stored telemetry batch as publishes of at most PAYLOAD_MAX_BYTES: batches of many variables,
 * or kept by an older version without this bound, can exceed what the broker accepts.
 */
function telemetryBodies(body: string, parsed?: TelemetryMessage): string[] {
  if (Buffer.byteLength(body) <= PAYLOAD_MAX_BYTES) return [body];
  const message = parsed ?? (JSON.parse(body) as TelemetryMessage);
  return splitTelemetry(message, PAYLOAD_MAX_BYTES).map((part) => JSON.stringify(part));
}
