/**
 * Block collection against pymodbus, counting the requests the peer receives: coalescing within
 * the gap and the size limit, split-and-retry when a block covers a hole (pymodbus answers 02 for
 * the missing registers 305 and 312 of its sparse datastore), and one request at a time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createModbusDriver } from '../../src/drivers/modbus';
import type { DriverVariable, FieldDriver } from '../../src/drivers/driver';
import { type ModbusPeer, type PeerRequest, since, startPeer, tcpDriver, variable } from './peer';

let peer: ModbusPeer;
const drivers: FieldDriver[] = [];

function driver(settings: Record<string, unknown> = {}): FieldDriver {
  const created = createModbusDriver(tcpDriver(peer.port, settings));
  drivers.push(created);
  return created;
}

const asked = (requests: PeerRequest[]): string[] => requests.map((r) => `fc${r.fc}:${r.address}+${r.count}`);

/** Reads `vars` once and answers the requests the peer saw for it. */
async function cycle(on: FieldDriver, vars: DriverVariable[]) {
  const mark = peer.requests.length;
  const result = await on.read(vars);
  return { ...result, requests: asked(await since(peer, mark)) };
}

beforeAll(async () => {
  peer = await startPeer();
});

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((d) => d.close()));
});

afterAll(async () => {
  await peer?.stop();
});

describe('block collection', () => {
  const vars = () => [
    variable('4x', '100', 'int16'),
    variable('4x', '101', 'uint16'),
    variable('4x', '102', 'int32'),
    variable('4x', '104', 'uint32'),
    variable('4x', '116', 'float64'),
    ...[0, 1, 2, 7].map((a) => variable('0x', String(a), 'bit')),
    ...[0, 4].map((a) => variable('1x', String(a), 'bit', { rw: 'r' })),
  ];

  it('coalesces adjacent registers of one type into one request, bridging the gap', async () => {
    const { requests, errors, values } = await cycle(driver({ blockGap: 10 }), vars());
    expect(errors.size).toBe(0);
    expect(values.size).toBe(11);
    expect(requests).toEqual(['fc1:0+8', 'fc2:0+5', 'fc3:100+20']);
  });

  it('does not bridge a gap wider than blockGap', async () => {
    const { requests } = await cycle(driver({ blockGap: 5 }), vars());
    expect(requests).toEqual(['fc1:0+8', 'fc2:0+5', 'fc3:100+6', 'fc3:116+4']);
  });

  it('asks for each variable on its own when block collection is off', async () => {
    const { requests, values } = await cycle(driver({ blockCollect: false }), vars());
    expect(requests).toHaveLength(11);
    expect(values.size).toBe(11);
  });

  it('asks for at most 125 registers in one request', async () => {
    const many = Array.from({ length: 130 }, (_, i) => variable('4x', String(i), 'uint16'));
    const { requests, errors } = await cycle(driver(), many);
    expect(errors.size).toBe(0);
    expect(requests).toEqual(['fc3:0+125', 'fc3:125+5']);
  });
});

describe('split and retry on exception 02', () => {
  it('reads the neighbours of a bad address and remembers the split for the next cycles', async () => {
    const on = driver({ blockGap: 10 });
    const vars = {
      a: variable('4x', '300', 'uint16'),
      b: variable('4x', '301', 'float32'),
      c: variable('4x', '304', 'uint16'),
      d: variable('4x', '306', 'uint16'),
      e: variable('4x', '310', 'uint32'),
      missing: variable('4x', '312', 'uint16'),
      g: variable('4x', '313', 'uint16'),
    };
    const expected = { a: 11, b: 1.5, c: 44, d: 66, e: 100000, g: 133 };
    const all = Object.values(vars);
    const check = (result: { values: Map<number, unknown>; errors: Map<number, number> }) => {
      for (const [name, value] of Object.entries(expected)) {
        expect(result.values.get(vars[name as keyof typeof expected].id), name).toBe(value);
      }
      expect(Object.fromEntries(result.errors)).toEqual({ [vars.missing.id]: 1708 });
    };

    const first = await cycle(on, all);
    check(first);
    // The block fails, then its halves are read, and the halves of each half that fails.
    expect(first.requests).toEqual([
      'fc3:300+14',
      'fc3:300+7',
      'fc3:300+3',
      'fc3:304+3',
      'fc3:304+1',
      'fc3:306+1',
      'fc3:310+4',
      'fc3:310+3',
      'fc3:310+2',
      'fc3:312+1',
      'fc3:313+1',
    ]);

    // Learnt: no block across 305, and 312 is read alone; nothing fails twice.
    for (let n = 0; n < 2; n++) {
      const next = await cycle(on, all);
      check(next);
      expect(next.requests).toEqual(['fc3:300+5', 'fc3:306+6', 'fc3:312+1', 'fc3:313+1']);
    }
  });
});

describe('one outstanding request per connection', () => {
  it('sends concurrent reads and writes one after another, each after the previous answer', async () => {
    const on = driver();
    const slow = variable('4x', '540', 'uint16');
    const mark = peer.requests.length;
    const results = await Promise.all([
      on.read([slow]),
      on.write(variable('4x', '450', 'uint16'), 9),
      on.read([slow]),
      on.read([slow]),
    ]);
    expect(results.filter((r) => r && r.errors.size > 0)).toEqual([]);
    const requests = await since(peer, mark);
    expect(asked(requests)).toEqual(['fc3:540+1', 'fc6:450+1', 'fc3:540+1', 'fc3:540+1']);
    // The peer answers 540 after 100 ms: the next request only arrives once that answer is in.
    const [t0, t1, t2, t3] = requests.map((r) => r.t);
    expect(t1! - t0!).toBeGreaterThan(0.09);
    expect(t3! - t2!).toBeGreaterThan(0.09);
    expect(await peer.get('hr', 450, 1)).toEqual([9]);
  });
});
