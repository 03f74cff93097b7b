import { describe, expect, it } from 'vitest';
import { defaultWidget } from '@fieldhub/hmi';
import { liveText } from '../../app/widgets/liveText';
import { ValueStore, signalKey } from './valueStore';

const dataText = () => {
  const w = defaultWidget('UsualDataText', { id: 'w', x: 0, y: 0 });
  w.data = { ...w.data, decimals: 1 };
  return w;
};

describe('a project page’s failed readings in the viewer (projects.md §2.1)', () => {
  it('the viewer’s store keeps the last good value through failed readings, and forgets it after a good one', () => {
    const frames: (() => void)[] = [];
    const store = new ValueStore({
      scope: { kind: 'project', id: '1' },
      failedReading: { show: 'last', text: '0' },
      schedule: (f) => frames.push(f),
    });
    const frame = () => frames.splice(0).forEach((f) => f());
    const key = signalKey(1, 10);
    store.push([{ key, value: 4.5, ts: 100, quality: 0 }]);
    frame();
    store.push([{ key, value: null, ts: 200, quality: 1501 }]);
    frame();
    expect(store.valueOf(key)).toMatchObject({ value: null, quality: 1501, last: 4.5 });
    store.push([{ key, value: null, ts: 300, quality: 1502 }]);
    frame();
    expect(store.valueOf(key)).toMatchObject({ quality: 1502, last: 4.5 });
    expect(liveText(dataText(), store.valueOf(key), store.failedReading)).toBe('4.5');
    store.push([{ key, value: 5, ts: 400, quality: 0 }]);
    frame();
    expect(store.valueOf(key)?.last).toBeUndefined();
    expect(liveText(dataText(), store.valueOf(key), store.failedReading)).toBe('5.0');
  });
});
