import { describe, expect, it } from 'vitest';
import { alarmEventKey, ANY_ALARM_EVENT_KEY } from '../../app/widgets/runtime';
import { alarmEventValues } from './deviceFeed';
import { ValueStore } from './valueStore';

const alarm = (alarmId: number, state: 'active' | 'cleared') => ({
  type: 'signalAlarm' as const,
  equipmentId: 7,
  alarm: {
    alarmId,
    ruleId: 1,
    signalId: 2,
    level: 1,
    state,
    value: 50,
    message: 'high',
    triggeredAt: 1,
    releasedAt: null,
  },
});

describe('alarm events in the viewer (widgets.md §4.9)', () => {
  it('notifies an alarm under its device and the any-device key, raised then released', () => {
    const store = new ValueStore({ scope: { kind: 'equipment', id: '7' }, schedule: (flush) => flush() });
    const seen: string[] = [];
    store.subscribe(alarmEventKey(7), () => seen.push(String(store.valueOf(alarmEventKey(7))?.value)));
    let any = 0;
    store.subscribe(ANY_ALARM_EVENT_KEY, () => any++);
    store.subscribe(alarmEventKey(8), () => seen.push('other device'));
    store.push(alarmEventValues(alarm(31, 'active')));
    store.push(alarmEventValues(alarm(31, 'cleared')));
    expect(seen).toEqual(['31:active', '31:cleared']);
    expect(any).toBe(2);
  });

  it('makes nothing of values and idle frames', () => {
    expect(alarmEventValues({ type: 'idle', ts: 1 })).toEqual([]);
    expect(alarmEventValues({ type: 'signalVal', equipmentId: 7, values: [] })).toEqual([]);
  });
});
