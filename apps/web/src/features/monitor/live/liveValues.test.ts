import { describe, expect, it, vi } from 'vitest';
import { formatValue, type MonitorSignal } from '@fieldhub/shared';
import { initialValues, mergeValues } from './liveValues';
import { checkWrite } from '../../../app/live/writeCheck';
import { followTask, TaskFailed, type TaskAnswer } from '../../../app/live/commandTask';

const signal = (over: Partial<MonitorSignal> = {}): MonitorSignal => ({
  id: 1,
  name: 'level',
  key: 'level',
  unit: 'm',
  decimals: 2,
  dataType: 'float32',
  kind: 'device',
  rw: 'rw',
  mapping: [],
  writeUpper: 10,
  writeLower: 0,
  collectUpper: null,
  collectLower: null,
  pinned: null,
  seq: 0,
  storeHistory: true,
  value: 4.2,
  ts: 1000,
  quality: 0,
  ...over,
});

describe('live values', () => {
  it('takes the queried values, leaving out signals never read', () => {
    const held = initialValues([signal(), signal({ id: 2, ts: null, value: null })]);
    expect([...held.keys()]).toEqual([1]);
  });

  it('takes a value not older than the shown one and ignores an older one', () => {
    const held = initialValues([signal()]);
    const newer = mergeValues(held, [{ signalId: 1, ts: 2000, value: 5, quality: 0 }]);
    expect(newer.values.get(1)).toEqual({ value: 5, ts: 2000, quality: 0 });
    const same = mergeValues(newer.values, [{ signalId: 1, ts: 2000, value: 6, quality: 0 }]);
    expect(same.values.get(1)?.value).toBe(6);
    const older = mergeValues(same.values, [{ signalId: 1, ts: 1500, value: 7, quality: 0 }]);
    expect(older.values).toBe(same.values);
    expect(older.taken).toEqual([]);
  });

  it('applies a frame in order, so the later of two values of one signal wins', () => {
    const { values, taken } = mergeValues(new Map(), [
      { signalId: 3, ts: 10, value: 1, quality: 0 },
      { signalId: 3, ts: 5, value: 2, quality: 0 },
      { signalId: 3, ts: 12, value: 3, quality: 1715 },
    ]);
    expect(values.get(3)).toEqual({ value: 3, ts: 12, quality: 1715 });
    expect(taken.map((v) => v.value)).toEqual([1, 3]);
  });

  it('shows mapped texts, decimals of floats and integers as they are', () => {
    expect(formatValue(signal(), 4.256)).toBe('4.26');
    expect(formatValue(signal({ dataType: 'uint16', decimals: 2 }), 7)).toBe('7');
    expect(formatValue(signal({ mapping: [{ value: 1, text: 'Running' }] }), 1)).toBe('Running');
    expect(formatValue(signal(), null)).toBe('');
  });
});

describe('write check', () => {
  it('refuses values outside the write limits with 2003 and 2004', () => {
    expect(checkWrite(signal(), '11')).toEqual({ ok: false, problem: { kind: 'code', code: 2003 } });
    expect(checkWrite(signal(), '-0.5')).toEqual({ ok: false, problem: { kind: 'code', code: 2004 } });
    expect(checkWrite(signal(), ' 7.5 ')).toEqual({ ok: true, value: 7.5 });
    expect(checkWrite(signal({ writeUpper: null, writeLower: null }), '1e6')).toEqual({
      ok: true,
      value: 1e6,
    });
  });

  it('refuses empty and non-numeric input, and read-only variables with 2002', () => {
    expect(checkWrite(signal(), ' ')).toEqual({ ok: false, problem: { kind: 'required' } });
    expect(checkWrite(signal(), 'abc')).toEqual({ ok: false, problem: { kind: 'number' } });
    expect(checkWrite(signal({ rw: 'r' }), '1')).toEqual({
      ok: false,
      problem: { kind: 'code', code: 2002 },
    });
  });

  it('passes texts of string variables as typed', () => {
    expect(checkWrite(signal({ dataType: 'string' }), ' hi ')).toEqual({ ok: true, value: ' hi ' });
  });
});

describe('command task polling', () => {
  const answers = (list: TaskAnswer[]) => {
    let i = 0;
    return vi.fn(async () => list[Math.min(i++, list.length - 1)]!);
  };

  it('polls on the shared schedule until success and reports progress', async () => {
    const waits: number[] = [];
    const progress: number[] = [];
    const poll = answers([{ status: 'wait' }, { status: 'wait' }, { status: 'success', data: { ok: 1 } }]);
    const result = await followTask('u', {
      poll,
      lang: 'en-US',
      sleep: async (ms) => void waits.push(ms),
      onProgress: (p) => progress.push(p.round),
    });
    expect(result).toEqual({ ok: 1 });
    expect(waits).toEqual([500, 1000, 2000]);
    expect(progress).toEqual([1, 2, 3]);
  });

  it("fails with the server's message, else the catalogue message of the code", async () => {
    await expect(
      followTask('u', {
        poll: answers([{ status: 'failure', code: '99905', message: 'read-only here' }]),
        lang: 'en-US',
        sleep: async () => undefined,
      }),
    ).rejects.toMatchObject({ code: '99905', message: 'read-only here' });
    await expect(
      followTask('u', {
        poll: answers([{ status: 'failure', code: '2003' }]),
        lang: 'en-US',
        sleep: async () => undefined,
      }),
    ).rejects.toMatchObject({ code: '2003', message: 'The value is above the write upper limit' });
  });

  it('fails as a communication time-out (1301) after 180 rounds of waiting', async () => {
    const poll = answers([{ status: 'wait' }]);
    const failure = followTask('u', { poll, lang: 'zh-CN', sleep: async () => undefined });
    await expect(failure).rejects.toBeInstanceOf(TaskFailed);
    await expect(failure).rejects.toMatchObject({ code: '1301', message: '通讯超时' });
    expect(poll).toHaveBeenCalledTimes(180);
  });
});
