import type { GatewayConfig, ReportRecordMessage } from '@fieldhub/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../runtime/log';
import type { VariableModel } from '../runtime/variableModel';
import { windowEnd } from './aggregate';
import { ReportEngine, type ReportConfig } from './reportEngine';

const model = {
  byId: new Map([
    [1, { id: 1, name: 'energy' }],
    [2, { id: 2, name: 'level' }],
  ]),
  byName: new Map([
    ['energy', { id: 1, name: 'energy' }],
    ['level', { id: 2, name: 'level' }],
  ]),
} as unknown as VariableModel;

function report(partial: Partial<ReportConfig>): GatewayConfig['reports'][number] {
  return {
    id: 7,
    storageMode: 'periodic',
    intervalS: 60,
    expression: '',
    items: [
      { variableId: 1, aggregation: 'delta' },
      { variableId: 2, aggregation: 'avg' },
    ],
    ...partial,
  };
}

let records: ReportRecordMessage[];
let values: Map<number, number>;
let engine: ReportEngine;
const T0 = Date.UTC(2030, 0, 1, 8, 0, 0);

function build(config: ReportConfig, localOffsetMs = 0) {
  records = [];
  engine = new ReportEngine([config], model, {
    value: (id) => values.get(id),
    valueByName: (name) => values.get(name === 'energy' ? 1 : 2),
    emit: (r) => records.push(r),
    log: silentLogger,
    now: () => Date.now(),
    localOffsetMs: () => localOffsetMs,
  });
  engine.start();
  return engine;
}

/** Sets values and hands them to the engine as one sample batch. */
function sample(next: Record<number, number>) {
  const samples = Object.entries(next).map(([id, value]) => {
    const changed = values.get(Number(id)) !== value;
    values.set(Number(id), value);
    return { id: Number(id), value, changed };
  });
  engine.onSamples(samples, Date.now());
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0 + 10_000);
  values = new Map();
});
afterEach(() => {
  engine.stop();
  vi.useRealTimers();
});

describe('ReportEngine', () => {
  it('records every aggregation over a periodic window aligned to the interval', () => {
    values.set(1, 1000);
    build(report({}));
    sample({ 1: 1002, 2: 10 });
    vi.advanceTimersByTime(20_000);
    sample({ 1: 1005, 2: 30 });
    vi.advanceTimersByTime(30_000); // T0 + 60 s: the window ends
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ v: 1, reportId: 7, ts: T0 + 60_000 });
    // energy was 1000 when the window opened: delta is the whole period's consumption
    expect(records[0]!.values['1']).toEqual({
      delta: 5,
      first: 1000,
      last: 1005,
      max: 1005,
      min: 1000,
      avg: 1002.3333333333334,
    });
    expect(records[0]!.values['2']).toMatchObject({ first: 10, last: 30, avg: 20 });

    sample({ 1: 1010 });
    vi.advanceTimersByTime(60_000);
    expect(records[1]!.ts).toBe(T0 + 120_000);
    expect(records[1]!.values['1']).toMatchObject({ delta: 5, first: 1005, last: 1010 });
  });

  it('aligns summary windows to the local clock', () => {
    build(report({ storageMode: 'summary', intervalS: 86_400 }), 8 * 3_600_000);
    vi.advanceTimersByTime(86_400_000);
    // local midnight in UTC+8 is 16:00 UTC
    expect(records[0]!.ts).toBe(Date.UTC(2030, 0, 1, 16, 0, 0));
    expect(windowEnd(Date.UTC(2030, 0, 1, 16, 0, 0), 86_400_000, 8 * 3_600_000)).toBe(
      Date.UTC(2030, 0, 2, 16),
    );
  });

  it('records once each time the condition turns true', () => {
    build(report({ storageMode: 'conditional', intervalS: null, expression: 'level > 10' }));
    sample({ 2: 5 });
    sample({ 2: 12 });
    sample({ 2: 15 });
    expect(records).toHaveLength(1);
    expect(records[0]!.values['2']).toMatchObject({ last: 12, delta: null });
    sample({ 2: 3 });
    sample({ 2: 20 });
    expect(records).toHaveLength(2);
    expect(records[1]!.values['2']).toMatchObject({ last: 20, delta: 8 });
  });

  it('records when one of its variables changes', () => {
    build(report({ storageMode: 'change', intervalS: null }));
    sample({ 1: 1, 2: 1 });
    sample({ 1: 1, 2: 1 });
    sample({ 2: 2 });
    expect(records.map((r) => r.values['2']!.last)).toEqual([1, 2]);
  });

  it('names a report item whose variable does not exist (1714) and skips it', () => {
    const engine_ = new ReportEngine([report({ items: [{ variableId: 99, aggregation: 'last' }] })], model, {
      value: () => undefined,
      valueByName: () => undefined,
      emit: () => {},
      log: silentLogger,
    });
    expect(engine_.problems).toEqual([{ variableId: 99, code: 1714 }]);
    engine = engine_;
  });
});
