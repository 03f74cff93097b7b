import { describe, expect, it } from 'vitest';
import { readHostMessage } from './scriptHostFrame';

describe('script host messages', () => {
  it('reads the protocol shapes and only their fields', () => {
    expect(readHostMessage({ type: 'ready', extra: 1 })).toEqual({ type: 'ready' });
    expect(
      readHostMessage({ type: 'ask', run: 2, id: 1, kind: 'values', args: { signals: [] }, x: 1 }),
    ).toEqual({ type: 'ask', run: 2, id: 1, kind: 'values', args: { signals: [] } });
    expect(readHostMessage({ type: 'result', run: 2, result: { message: 'hi' } })).toEqual({
      type: 'result',
      run: 2,
      result: { message: 'hi' },
    });
    expect(readHostMessage({ type: 'error', run: 2, message: 7 })).toEqual({
      type: 'error',
      run: 2,
      message: '7',
    });
  });

  it('ignores anything else: other types, asks of other kinds, messages without a run number', () => {
    for (const data of [
      null,
      'ready',
      { type: 'log', run: 1, args: [] },
      { type: 'ask', run: 1, id: 1, kind: 'fetch', args: {} },
      { type: 'ask', run: 1, id: '1', kind: 'values', args: {} },
      { type: 'result', run: '1', result: {} },
      { type: 'answer', run: 1, id: 1, value: 1 },
    ]) {
      expect(readHostMessage(data)).toBeNull();
    }
  });
});
