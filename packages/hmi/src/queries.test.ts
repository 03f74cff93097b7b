import { describe, expect, it } from 'vitest';
import { defaultWidget } from './defaults';
import { animationSchema } from './document';
import { boundSignalsByEquipment, computeBind, groupBindings, whereUsed } from './queries';
import { group, pageOf } from './testkit';

function bound() {
  const a = defaultWidget('UsualDataText', { id: 'a' });
  const b = defaultWidget('UsualButton', { id: 'b' });
  const c = defaultWidget('UsualText', { id: 'c' });
  return pageOf([
    { ...a, data: { ...a.data, signalId: 's1', equipId: 'e1', title: 'T', subTitle: 'E1' } },
    {
      ...b,
      clickEvent: {
        enable: true,
        config: {
          ...b.clickEvent.config,
          data: { ...b.clickEvent.config.data, signalId: 's1', equipId: 'e1' },
        },
      },
      animation: [animationSchema.parse({ type: 'twinkle', data: { signalId: 's2', equipId: 'e2' } })],
    },
    {
      ...c,
      data: {
        ...c.data,
        type: 'system',
        systemKey: 'sys.time',
        mvarArray: [{ signalId: 'm1', equipId: '', title: '', subTitle: '' }],
      },
    },
  ]);
}

describe('queries', () => {
  it('finds every use of a signal with its path', () => {
    expect(whereUsed(bound(), 's1')).toEqual([
      { widgetId: 'a', widgetName: 'Data text', path: 'data', kind: 'signal' },
      { widgetId: 'b', widgetName: 'Button', path: 'clickEvent.config.data', kind: 'signal' },
    ]);
    expect(whereUsed(bound(), 's1', 'e2')).toEqual([]);
    expect(whereUsed(bound(), 's2')[0]!.path).toBe('animation.0.data');
  });

  it('lists bound signals per equipment', () => {
    expect(Object.fromEntries(boundSignalsByEquipment(bound()))).toEqual({ e1: ['s1'], e2: ['s2'] });
  });

  it('computes the bind section from the widgets', () => {
    expect(computeBind(bound())).toEqual({
      equips: ['e1', 'e2'],
      signals: ['s1', 's2'],
      keys: ['sys.time'],
      mvars: ['m1'],
    });
  });

  it('aggregates the bindings of a group’s children', () => {
    const p = bound();
    const grouped = pageOf(p.widgets, [group('g', ['a', 'c'])]);
    expect(groupBindings(grouped, 'g')).toEqual({
      equips: ['e1'],
      signals: ['s1'],
      keys: ['sys.time'],
      mvars: ['m1'],
    });
    expect(groupBindings(grouped, 'none').signals).toEqual([]);
  });
});
