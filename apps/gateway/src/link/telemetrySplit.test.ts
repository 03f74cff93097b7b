import type { TelemetryMessage } from '@fieldhub/shared';
import { describe, expect, it } from 'vitest';
import { splitTelemetry } from './telemetrySplit';

const bytes = (m: unknown) => Buffer.byteLength(JSON.stringify(m));

/** Every (ts, variable) of the batches with its value and quality, for comparing contents. */
function contents(messages: TelemetryMessage[]) {
  const seen = new Map<string, { value: unknown; q: unknown; part: number }>();
  messages.forEach((m, part) =>
    m.items.forEach((item) => {
      for (const key of new Set([...Object.keys(item.vals), ...Object.keys(item.q ?? {})])) {
        const id = `${item.ts}/${key}`;
        expect(seen.has(id)).toBe(false); // nothing is sent twice
        seen.set(id, { value: item.vals[key], q: item.q?.[key], part });
      }
    }),
  );
  return seen;
}
const strip = (seen: ReturnType<typeof contents>) =>
  new Map([...seen].map(([id, { value, q }]) => [id, { value, q }]));

describe('splitTelemetry', () => {
  it('leaves a batch within the limit as it is', () => {
    const m: TelemetryMessage = { v: 1, bootId: 'b', seq: 3, items: [{ ts: 1, vals: { 1: 2 } }] };
    expect(splitTelemetry(m, 1000)).toEqual([m]);
  });

  it('cuts a large batch into parts within the limit that carry every value once, bootId and seq kept', () => {
    const items = Array.from({ length: 50 }, (_, t) => ({
      ts: 1_700_000_000_000 + t,
      vals: Object.fromEntries(
        Array.from({ length: 300 }, (_, i) => [String(i + 1), i % 3 ? i * 0.25 : `温度${i}`]),
      ),
      q: { 7: 1715 },
    }));
    const m: TelemetryMessage = { v: 1, bootId: 'boot-1', seq: 12, items };
    const parts = splitTelemetry(m, 20_000);
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) {
      expect(bytes(part)).toBeLessThanOrEqual(20_000);
      expect(part).toMatchObject({ v: 1, bootId: 'boot-1', seq: 12 });
    }
    expect(strip(contents(parts))).toEqual(strip(contents([m])));
  });

  it('cuts one item too big alone into items of its timestamp, keeping each value with its quality', () => {
    const text = 'x'.repeat(1024);
    const vals: Record<string, string | null> = {};
    const q: Record<string, number> = {};
    for (let i = 1; i <= 400; i++) {
      vals[i] = i % 10 ? text : null;
      if (i % 10 === 0) q[i] = 1715;
    }
    const m: TelemetryMessage = { v: 1, bootId: 'b', seq: 0, items: [{ ts: 5, vals, q }] };
    const parts = splitTelemetry(m, 64 * 1024);
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) {
      expect(bytes(part)).toBeLessThanOrEqual(64 * 1024);
      expect(part.items.every((item) => item.ts === 5)).toBe(true);
    }
    const seen = contents(parts);
    expect(strip(seen)).toEqual(strip(contents([m])));
    for (let i = 10; i <= 400; i += 10) expect(seen.get(`5/${i}`)).toMatchObject({ value: null, q: 1715 });
  });
});
