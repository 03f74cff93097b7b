import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TelemetryMessage, UpTopic } from '@fieldhub/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskQueue } from '../buffer/diskQueue';
import { silentLogger } from '../runtime/log';
import { Forwarder, PAYLOAD_MAX_BYTES, TelemetryBatcher, type UplinkTransport } from './uplink';

/** A transport whose PUBACKs the test releases. */
class FakeTransport implements UplinkTransport {
  connected = false;
  readonly published: Array<{ topic: UpTopic; seq: number; ack: () => void; fail: () => void }> = [];
  publish(topic: UpTopic, payload: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const message = JSON.parse(payload) as { seq?: number; ts?: number };
      this.published.push({ topic, seq: message.seq ?? message.ts ?? -1, ack: resolve, fail: reject });
    });
  }
  ackAll() {
    for (const p of this.published.splice(0)) p.ack();
  }
}

let dir: string;
let queue: DiskQueue;
let transport: FakeTransport;
let forwarder: Forwarder;
let batcher: TelemetryBatcher;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gw-uplink-'));
  queue = DiskQueue.open({ dir, maxBytes: 1024 * 1024 });
  transport = new FakeTransport();
  forwarder = new Forwarder(queue, transport, silentLogger);
  batcher = new TelemetryBatcher({
    bootId: 'boot',
    emit: (message) => forwarder.enqueue({ kind: 'telemetry', message }),
  });
});
afterEach(() => {
  batcher.stop();
  queue.close();
  rmSync(dir, { recursive: true, force: true });
});

const batch = (value: number) => {
  batcher.add(1000 + value, [{ id: 1, value }]);
  batcher.flush();
};
const sent = () => transport.published.map((p) => [p.topic, p.seq]);

describe('TelemetryBatcher', () => {
  it('puts one item per timestamp in a batch and counts batches within the boot', () => {
    const messages: unknown[] = [];
    const b = new TelemetryBatcher({ bootId: 'b', emit: (m) => messages.push(m) });
    b.add(5, [
      { id: 1, value: 1 },
      { id: 2, q: 1715 },
    ]);
    b.add(5, [{ id: 3, value: 'on' }]);
    b.add(6, [{ id: 1, value: 2 }]);
    b.flush();
    b.add(7, [{ id: 1, value: 3 }]);
    b.flush();
    expect(messages).toEqual([
      {
        v: 1,
        bootId: 'b',
        seq: 0,
        items: [
          { ts: 5, vals: { 1: 1, 3: 'on' }, q: { 2: 1715 } },
          { ts: 6, vals: { 1: 2 } },
        ],
      },
      { v: 1, bootId: 'b', seq: 1, items: [{ ts: 7, vals: { 1: 3 } }] },
    ]);
    expect(b.valuesProduced).toBe(4);
  });
});

describe('Forwarder', () => {
  it('sends live while connected and removes a batch from the buffer only on its PUBACK', () => {
    transport.connected = true;
    forwarder.connected();
    batch(1);
    expect(sent()).toEqual([['up/telemetry', 0]]);
    expect(queue.pendingCount).toBe(1);
    transport.ackAll();
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(queue.pendingCount).toBe(0);
        resolve();
      }),
    );
  });

  it('replays what was kept while offline as history, in order, before live batches', async () => {
    batch(1);
    batch(2);
    expect(sent()).toEqual([]);
    transport.connected = true;
    forwarder.connected();
    batch(3);
    expect(sent()).toEqual([
      ['up/telemetry/hist', 0],
      ['up/telemetry/hist', 1],
      ['up/telemetry', 2],
    ]);
  });

  it('does not send again what mqtt.js still holds from before a disconnect', () => {
    transport.connected = true;
    forwarder.connected();
    batch(1); // handed over, no PUBACK yet
    transport.connected = false;
    forwarder.disconnected();
    batch(2);
    transport.connected = true;
    forwarder.connected();
    expect(sent()).toEqual([
      ['up/telemetry', 0],
      ['up/telemetry/hist', 1],
    ]);
  });

  it('marks replayed report records as history', () => {
    forwarder.enqueue({ kind: 'report', message: { v: 1, reportId: 3, ts: 42, values: {} } });
    const bodies: string[] = [];
    transport.publish = (topic, payload) => {
      bodies.push(`${topic} ${payload}`);
      return new Promise(() => {});
    };
    transport.connected = true;
    forwarder.connected();
    expect(bodies).toEqual(['up/report {"v":1,"reportId":3,"ts":42,"values":{},"hist":true}']);
  });
});

describe('Forwarder: packet limit', () => {
  it('sends a batch above the publish limit in parts and drops it from the buffer once all are acknowledged', async () => {
    const bodies: string[] = [];
    const acks: Array<() => void> = [];
    transport.publish = (_topic, payload) =>
      new Promise((resolve) => {
        bodies.push(payload);
        acks.push(resolve);
      });
    transport.connected = true;
    forwarder.connected();
    // 2,000 variables collected every 50 ms for a second: one batch of about 600 KB
    for (let t = 0; t < 20; t++)
      batcher.add(
        1000 + t * 50,
        Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, value: 1000.5 + i })),
      );
    batcher.flush();
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) expect(Buffer.byteLength(body)).toBeLessThanOrEqual(PAYLOAD_MAX_BYTES);
    const values = bodies.flatMap((b) =>
      (JSON.parse(b) as TelemetryMessage).items.flatMap((item) =>
        Object.keys(item.vals).map((k) => `${item.ts}/${k}`),
      ),
    );
    expect(new Set(values).size).toBe(20 * 2000);
    acks.slice(1).forEach((ack) => ack());
    await new Promise((r) => setImmediate(r));
    expect(queue.pendingCount).toBe(1); // one part still unacknowledged
    acks[0]!();
    await new Promise((r) => setImmediate(r));
    expect(queue.pendingCount).toBe(0);
  });
});
