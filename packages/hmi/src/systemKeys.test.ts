import { describe, expect, it } from 'vitest';
import { defaultWidget } from './defaults';
import { animationSchema } from './document';
import { bindTo, isBound, mvarRef, systemRef, unbind } from './bindTarget';
import { computeBind } from './queries';
import { repairBindings } from './repair';
import { rebindWidget } from './rebind';
import {
  SYSTEM_KEYS,
  SYSTEM_KEY_SOURCE,
  clockText,
  isNumericSystemKey,
  isSystemKey,
  mvarIdOfRef,
  systemKeyOfRef,
} from './systemKeys';
import { pageOf } from './testkit';

describe('system keys (pages-and-designer.md §6.2)', () => {
  it('lists the clock, the account and the scope counts, each with its source', () => {
    expect(SYSTEM_KEYS).toEqual([
      'time',
      'date',
      'datetime',
      'user',
      'deviceCount',
      'onlineCount',
      'offlineCount',
      'alarmCount',
    ]);
    expect(SYSTEM_KEYS.filter(isNumericSystemKey)).toEqual([
      'deviceCount',
      'onlineCount',
      'offlineCount',
      'alarmCount',
    ]);
    expect(SYSTEM_KEY_SOURCE.user).toBe('session');
    expect(isSystemKey('time')).toBe(true);
    expect(isSystemKey('sys.time')).toBe(false);
    expect(isSystemKey(3)).toBe(false);
  });

  it('formats the clock keys with two-digit fields', () => {
    const at = new Date(2026, 0, 5, 7, 3, 9);
    expect(clockText('time', at)).toBe('07:03:09');
    expect(clockText('date', at)).toBe('2026-01-05');
    expect(clockText('datetime', at)).toBe('2026-01-05 07:03:09');
  });

  it('reads an array item’s source from its own field, else from signalId as older pages saved it', () => {
    expect(mvarIdOfRef(mvarRef('12', 'Flow'))).toBe('12');
    expect(mvarIdOfRef({ signalId: 'm1', equipId: '', title: '', subTitle: '' })).toBe('m1');
    expect(systemKeyOfRef(systemRef('alarmCount', 'Alarms'))).toBe('alarmCount');
    expect(systemKeyOfRef({ signalId: 'time', equipId: '', title: '', subTitle: '' })).toBe('time');
  });
});

describe('binding a source (pages-and-designer.md §6.1)', () => {
  const base = defaultWidget('UsualDataText', { id: 'a' }).data;

  it('binds one source at a time, clearing the fields of the others and keeping the rest', () => {
    const signal = bindTo(
      { ...base, decimals: 2 },
      { type: 'signal', signalId: 's1', equipId: 'e1', title: 'T', subTitle: 'E' },
    );
    expect(isBound(signal)).toBe(true);
    const mvar = bindTo(signal, { type: 'mvar', mvarId: '7', title: 'Flow' });
    expect(mvar).toMatchObject({
      type: 'mvar',
      mvarId: '7',
      title: 'Flow',
      signalId: '',
      equipId: '',
      decimals: 2,
    });
    const key = bindTo(mvar, { type: 'system', systemKey: 'time', title: 'Time' });
    expect(key).toMatchObject({ type: 'system', systemKey: 'time', mvarId: '', signalId: '' });
    expect(isBound(key)).toBe(true);
    const none = unbind(key);
    expect(none).toMatchObject({ type: 'signal', systemKey: '', mvarId: '', signalId: '' });
    expect(isBound(none)).toBe(false);
    expect(isBound({ ...base, type: 'mvar', signalId: 's1' })).toBe(false);
  });

  it('keeps system, mvar bindings and series through the bind summary, repair and rebinding', () => {
    const a = defaultWidget('UsualDataText', { id: 'a' });
    const b = defaultWidget('ComplexBar', { id: 'b' });
    const page = pageOf([
      { ...a, data: bindTo(a.data, { type: 'system', systemKey: 'time', title: 'Time' }) },
      {
        ...b,
        data: {
          ...b.data,
          signalArray: [{ signalId: 's1', equipId: 'e1', title: 'T', subTitle: 'E' }],
          mvarArray: [mvarRef('7', 'Flow', { color: '#123456' })],
          systemArray: [systemRef('alarmCount', 'Alarms')],
        },
        animation: [
          animationSchema.parse({
            type: 'twinkle',
            enable: true,
            data: bindTo(a.data, { type: 'mvar', mvarId: '8', title: 'Level' }),
          }),
        ],
      },
    ]);
    expect(computeBind(page)).toEqual({
      equips: ['e1'],
      signals: ['s1'],
      keys: ['time', 'alarmCount'],
      mvars: ['8', '7'],
    });
    // the device list lacks e1: its signal is cleared, the other sources stay
    const repaired = repairBindings(page, { signals: [], equipments: [], titles: [] }).page;
    expect(computeBind(repaired)).toEqual({
      equips: [],
      signals: [],
      keys: ['time', 'alarmCount'],
      mvars: ['8', '7'],
    });
    const target = {
      fromEquipId: 'e1',
      toEquipId: 'e2',
      toEquipTitle: 'E2',
      signals: { s1: { signalId: 's9', title: 'T9' } },
    };
    const moved = { ...page, widgets: page.widgets.map((w) => rebindWidget(w, target)) };
    expect(computeBind(moved)).toEqual({
      equips: ['e2'],
      signals: ['s9'],
      keys: ['time', 'alarmCount'],
      mvars: ['8', '7'],
    });
  });
});
