import { describe, expect, it } from 'vitest';
import { createLogger } from '../runtime/log';
import { RefusalCounter } from './refusals';

const refused = (total: number, code = 1722) =>
  Buffer.from(
    JSON.stringify({ v: 1, topic: 'up/telemetry', bootId: 'b', seq: 4, refused: [{ item: 0, code }], total }),
  );

describe("the platform's refusals", () => {
  it('counts every refusal and logs at warn at most once a minute, with the count since the last line', () => {
    const lines: Record<string, unknown>[] = [];
    let now = 0;
    const counter = new RefusalCounter(
      createLogger('debug', {}, (line) => lines.push(JSON.parse(line))),
      () => now,
    );
    counter.handle(refused(3));
    now += 30_000;
    counter.handle(refused(2));
    now += 31_000;
    counter.handle(refused(1, 1362));
    counter.handle(Buffer.from('{"v":1,"topic":"up/telemetry"}'));
    expect(counter.total).toBe(6);
    expect(lines.map(({ level, msg, refused, total }) => ({ level, msg, refused, total }))).toEqual([
      { level: 'warn', msg: 'the platform refused uplink data', refused: 3, total: 3 },
      { level: 'warn', msg: 'the platform refused uplink data', refused: 3, total: 6 },
      { level: 'warn', msg: 'invalid refusal notice ignored', refused: undefined, total: undefined },
    ]);
    expect(lines[1]).toMatchObject({
      topic: 'up/telemetry',
      bootId: 'b',
      seq: 4,
      first: [{ item: 0, code: 1362 }],
    });
  });
});
