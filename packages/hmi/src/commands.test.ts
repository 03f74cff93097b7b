import { describe, expect, it } from 'vitest';
import { apply, type Command } from './commands';
import { defaultWidget } from './defaults';
import type { PageDocument } from './document';
import { findWidget } from './pageIndex';
import { group, pageOf, rect } from './testkit';

const pos = (doc: PageDocument, id: string) => findWidget(doc, id)!.position;

/** Applies and checks the inverse restores the document exactly. */
function applyChecked(doc: PageDocument, cmd: Command) {
  const r = apply(doc, cmd);
  expect(apply(r.doc, r.inverse).doc).toEqual(doc);
  return r;
}

describe('add and delete', () => {
  it('adds widgets on top and deletes them again', () => {
    const doc = pageOf([rect('a', 0, 0)]);
    const r = applyChecked(doc, { type: 'add', widgets: [rect('b', 10, 10)] });
    expect(r.doc.widgets.map((w) => w.id)).toEqual(['a', 'b']);
    const d = applyChecked(r.doc, { type: 'delete', ids: ['a'] });
    expect(d.doc.widgets.map((w) => w.id)).toEqual(['b']);
  });

  it('refuses an add that reuses an existing id', () => {
    const doc = pageOf([rect('a', 0, 0)]);
    expect(apply(doc, { type: 'add', widgets: [rect('a', 5, 5)] }).changed).toBe(false);
  });

  it('blocks an add past the weather maximum 3 with reason weatherMax', () => {
    const weather = (id: string) => ({ ...rect(id, 0, 0), widgetType: 'ComplexWeather' as const });
    const doc = pageOf([weather('w1'), weather('w2'), weather('w3')]);
    const r = apply(doc, { type: 'add', widgets: [weather('w4')] });
    expect(r).toMatchObject({ changed: false, blocked: 'weatherMax' });
    expect(r.doc).toBe(doc);
  });

  it('deleting a group deletes its members; deleting a member below 2 dissolves the group', () => {
    const doc = pageOf([rect('a', 0, 0), rect('b', 0, 0), rect('c', 0, 0)], [group('g', ['a', 'b'])]);
    const all = applyChecked(doc, { type: 'delete', ids: ['g'] });
    expect(all.doc.widgets.map((w) => w.id)).toEqual(['c']);
    expect(all.doc.groups).toEqual([]);
    const one = applyChecked(doc, { type: 'delete', ids: ['a'] });
    expect(one.doc.groups).toEqual([]);
    expect(findWidget(one.doc, 'b')!.groupId).toBeNull();
  });
});

describe('move', () => {
  it('moves the selected widgets and shares every other widget object', () => {
    const doc = pageOf([rect('a', 0, 0), rect('b', 10, 10), rect('c', 20, 20)]);
    const r = applyChecked(doc, { type: 'move', ids: ['a', 'c'], dx: 5, dy: -5 });
    expect(pos(r.doc, 'a')).toMatchObject({ x: 5, y: -5 });
    expect(pos(r.doc, 'c')).toMatchObject({ x: 25, y: 15 });
    expect(r.doc.widgets[1]).toBe(doc.widgets[1]);
    expect(r.inverse).toEqual({ type: 'updateWidgets', widgets: [doc.widgets[0], doc.widgets[2]] });
  });

  it('never moves a locked widget', () => {
    const doc = pageOf([rect('a', 0, 0, 10, 10, { posLock: true }), rect('b', 0, 0)]);
    const r = apply(doc, { type: 'move', ids: ['a', 'b'], dx: 5, dy: 5 });
    expect(r.doc.widgets[0]).toBe(doc.widgets[0]);
    expect(pos(r.doc, 'b')).toMatchObject({ x: 5, y: 5 });
  });

  it('moves a whole group when one member is selected, skipping its locked children', () => {
    const doc = pageOf(
      [rect('a', 0, 0), rect('b', 50, 0, 10, 10, { posLock: true }), rect('c', 90, 0)],
      [group('g', ['a', 'b', 'c'])],
    );
    const r = applyChecked(doc, { type: 'move', ids: ['a'], dx: 1, dy: 2 });
    expect(pos(r.doc, 'a')).toMatchObject({ x: 1, y: 2 });
    expect(pos(r.doc, 'b')).toMatchObject({ x: 50, y: 0 });
    expect(pos(r.doc, 'c')).toMatchObject({ x: 91, y: 2 });
  });

  it('does not move a locked group', () => {
    const doc = pageOf([rect('a', 0, 0), rect('b', 0, 0)], [group('g', ['a', 'b'], true)]);
    expect(apply(doc, { type: 'move', ids: ['g'], dx: 1, dy: 1 }).changed).toBe(false);
  });
});

describe('resize and rotate', () => {
  it('resizes a widget and ignores a resize below 2 units', () => {
    const doc = pageOf([rect('a', 0, 0)]);
    const r = applyChecked(doc, { type: 'resize', id: 'a', rect: { x: 1, y: 2, width: 30, height: 40 } });
    expect(pos(r.doc, 'a')).toMatchObject({ x: 1, y: 2, width: 30, height: 40 });
    const tiny = apply(doc, { type: 'resize', id: 'a', rect: { x: 0, y: 0, width: 1.5, height: 40 } });
    expect(tiny.changed).toBe(false);
  });

  it('resizes a group by scaling its children, and ignores shrinking it below 2', () => {
    const doc = pageOf([rect('a', 0, 0, 50, 50), rect('b', 50, 50, 50, 50)], [group('g', ['a', 'b'])]);
    const r = applyChecked(doc, { type: 'resize', id: 'g', rect: { x: 0, y: 0, width: 200, height: 100 } });
    expect(pos(r.doc, 'b')).toMatchObject({ x: 100, y: 50, width: 100, height: 50 });
    expect(apply(doc, { type: 'resize', id: 'g', rect: { x: 0, y: 0, width: 1, height: 1 } }).changed).toBe(
      false,
    );
  });

  it('does not resize a locked widget', () => {
    const doc = pageOf([rect('a', 0, 0, 10, 10, { posLock: true })]);
    expect(apply(doc, { type: 'resize', id: 'a', rect: { x: 0, y: 0, width: 50, height: 50 } }).changed).toBe(
      false,
    );
  });

  it('rotates by a 90° step and to a free angle, never a locked widget', () => {
    const doc = pageOf([rect('a', 0, 0), rect('l', 0, 0, 10, 10, { posLock: true })]);
    const step = applyChecked(doc, { type: 'rotate', ids: ['a', 'l'], angle: 90, mode: 'by' });
    expect(pos(step.doc, 'a').rotate).toBe(90);
    expect(pos(step.doc, 'l').rotate).toBe(0);
    const free = applyChecked(doc, { type: 'rotate', ids: ['a'], angle: 33.5, mode: 'to' });
    expect(pos(free.doc, 'a').rotate).toBe(33.5);
  });

  it('rotates a group about its centre', () => {
    const doc = pageOf([rect('a', 0, 0, 10, 10), rect('b', 90, 0, 10, 10)], [group('g', ['a', 'b'])]);
    const r = applyChecked(doc, { type: 'rotate', ids: ['g'], angle: 90, mode: 'by' });
    // group centre (50, 5); a's centre (5, 5) goes to (50, -40)
    expect(pos(r.doc, 'a').x).toBeCloseTo(45);
    expect(pos(r.doc, 'a').y).toBeCloseTo(-45);
    expect(pos(r.doc, 'a').rotate).toBe(90);
  });
});

describe('properties, lock, page options', () => {
  it('sets style, data, binding, animation and click event and undoes exactly', () => {
    const doc = pageOf([rect('a', 0, 0)]);
    const w = doc.widgets[0]!;
    const r = applyChecked(doc, {
      type: 'setProperty',
      ids: ['a'],
      patch: {
        style: { ...w.style, fill: '#FF0000' },
        data: { ...w.data, signalId: 's1', equipId: 'e1', title: 'T', subTitle: 'E' },
        clickEvent: { ...w.clickEvent, enable: true },
      },
    });
    const a = findWidget(r.doc, 'a')!;
    expect(a.style.fill).toBe('#FF0000');
    expect(a.data.signalId).toBe('s1');
    expect(a.clickEvent.enable).toBe(true);
  });

  it('locks and unlocks widgets and groups', () => {
    const doc = pageOf([rect('a', 0, 0), rect('b', 0, 0), rect('c', 0, 0)], [group('g', ['b', 'c'])]);
    const r = applyChecked(doc, { type: 'lock', ids: ['a', 'g'], locked: true });
    expect(findWidget(r.doc, 'a')!.posLock).toBe(true);
    expect(r.doc.groups[0]!.posLock).toBe(true);
    const u = applyChecked(r.doc, { type: 'lock', ids: ['a'], locked: false });
    expect(findWidget(u.doc, 'a')!.posLock).toBe(false);
  });

  it('changes page options and restores them', () => {
    const doc = pageOf([]);
    const r = applyChecked(doc, { type: 'pageOptions', patch: { width: 1920, bgColor: '#000000' } });
    expect(r.doc.options).toMatchObject({ width: 1920, height: 768, bgColor: '#000000' });
    expect(r.inverse).toEqual({ type: 'pageOptions', patch: { width: 1024, bgColor: '#FFFFFF' } });
  });
});

describe('group and ungroup', () => {
  it('groups 2 or more unlocked widgets, leaving locked ones out', () => {
    const doc = pageOf([rect('a', 0, 0), rect('b', 0, 0), rect('l', 0, 0, 10, 10, { posLock: true })]);
    const r = applyChecked(doc, { type: 'group', ids: ['a', 'b', 'l'], groupId: 'g1' });
    expect(r.doc.groups).toEqual([
      { id: 'g1', widgetType: 'WidgetGroup', widgetName: '', posLock: false, children: ['a', 'b'] },
    ]);
    expect(findWidget(r.doc, 'a')!.groupId).toBe('g1');
    expect(findWidget(r.doc, 'l')!.groupId).toBeNull();
  });

  it('does not group fewer than 2 unlocked widgets', () => {
    const doc = pageOf([rect('a', 0, 0), rect('l', 0, 0, 10, 10, { posLock: true })]);
    expect(apply(doc, { type: 'group', ids: ['a', 'l'], groupId: 'g1' }).changed).toBe(false);
  });

  it('merges a selected group into the new one (one level of groups)', () => {
    const doc = pageOf([rect('a', 0, 0), rect('b', 0, 0), rect('c', 0, 0)], [group('g', ['a', 'b'])]);
    const r = applyChecked(doc, { type: 'group', ids: ['g', 'c'], groupId: 'h' });
    expect(r.doc.groups.map((g) => [g.id, g.children])).toEqual([['h', ['a', 'b', 'c']]]);
  });

  it('ungroups by group or member id', () => {
    const doc = pageOf([rect('a', 0, 0), rect('b', 0, 0)], [group('g', ['a', 'b'])]);
    const r = applyChecked(doc, { type: 'ungroup', ids: ['b'] });
    expect(r.doc.groups).toEqual([]);
    expect(r.doc.widgets.every((w) => w.groupId === null)).toBe(true);
  });
});

describe('z-order', () => {
  const ids = (d: PageDocument) => d.widgets.map((w) => w.id).join('');
  const doc = pageOf(['a', 'b', 'c', 'd'].map((id) => rect(id, 0, 0)));
  it.each([
    ['front', ['b'], 'acdb'],
    ['back', ['c'], 'cabd'],
    ['up', ['a', 'b'], 'cabd'],
    ['down', ['c', 'd'], 'acdb'],
  ] as const)('%s %j gives %s', (op, sel, expected) => {
    expect(ids(applyChecked(doc, { type: 'zorder', ids: [...sel], op }).doc)).toBe(expected);
  });

  it('records nothing when the order does not change', () => {
    expect(apply(doc, { type: 'zorder', ids: ['d'], op: 'front' }).changed).toBe(false);
  });
});

describe('layer move (layers panel, §4.9)', () => {
  const ids = (d: PageDocument) => d.widgets.map((w) => w.id).join('');
  const doc = pageOf(['a', 'b', 'c', 'd'].map((id) => rect(id, 0, 0)));
  it.each([
    ['a', 'c', 'above', 'bcad'],
    ['a', 'c', 'below', 'bacd'],
    ['d', 'a', 'below', 'dabc'],
    ['d', 'b', 'above', 'abdc'],
    ['b', 'd', 'above', 'acdb'],
  ] as const)('%s dropped on %s, %s it, gives %s; the inverse restores it', (id, target, place, expected) => {
    const r = applyChecked(doc, { type: 'layerMove', id, target, place });
    expect(ids(r.doc)).toBe(expected);
    expect(r.changed).toBe(true);
  });

  it('records nothing when the layer is already there or dropped on itself', () => {
    expect(apply(doc, { type: 'layerMove', id: 'a', target: 'b', place: 'below' }).changed).toBe(false);
    expect(apply(doc, { type: 'layerMove', id: 'c', target: 'c', place: 'above' }).changed).toBe(false);
    expect(apply(doc, { type: 'layerMove', id: 'zz', target: 'a', place: 'above' }).changed).toBe(false);
  });

  it('moves a group as a whole; a member moves alone inside its own group', () => {
    const g = pageOf(
      [
        rect('a', 0, 0),
        rect('b', 0, 0, 10, 10, { groupId: 'g' }),
        rect('c', 0, 0, 10, 10, { groupId: 'g' }),
        rect('d', 0, 0),
      ],
      [group('g', ['b', 'c'])],
    );
    expect(ids(applyChecked(g, { type: 'layerMove', id: 'g', target: 'd', place: 'above' }).doc)).toBe(
      'adbc',
    );
    expect(ids(applyChecked(g, { type: 'layerMove', id: 'c', target: 'a', place: 'below' }).doc)).toBe(
      'bcad',
    );
    expect(ids(applyChecked(g, { type: 'layerMove', id: 'b', target: 'c', place: 'above' }).doc)).toBe(
      'acbd',
    );
    expect(apply(g, { type: 'layerMove', id: 'g', target: 'b', place: 'above' }).changed).toBe(false);
  });
});

describe('align and distribute', () => {
  it('aligns unlocked widgets left and leaves locked ones', () => {
    const doc = pageOf([rect('a', 10, 0), rect('b', 40, 50), rect('l', 0, 90, 10, 10, { posLock: true })]);
    const r = applyChecked(doc, { type: 'align', ids: ['a', 'b', 'l'], edge: 'left' });
    expect(pos(r.doc, 'b').x).toBe(10);
    expect(pos(r.doc, 'l').x).toBe(0);
  });

  it('aligns a rotated widget by its bounds', () => {
    const doc = pageOf([
      rect('a', 0, 0, 10, 10),
      rect('b', 100, 0, 100, 50, { position: { x: 100, y: 0, width: 100, height: 50, rotate: 90 } }),
    ]);
    const r = applyChecked(doc, { type: 'align', ids: ['a', 'b'], edge: 'left' });
    // b's bounds start at x = 125; moving them to 0 moves x by -125
    expect(pos(r.doc, 'b').x).toBeCloseTo(-25);
  });

  it('distributes 3 widgets horizontally and ignores 2', () => {
    const doc = pageOf([rect('a', 0, 0, 10, 10), rect('b', 20, 0, 10, 10), rect('c', 100, 0, 10, 10)]);
    const r = applyChecked(doc, { type: 'distribute', ids: ['a', 'b', 'c'], axis: 'horizontal' });
    expect(pos(r.doc, 'b').x).toBe(50);
    expect(apply(doc, { type: 'distribute', ids: ['a', 'b'], axis: 'horizontal' }).changed).toBe(false);
  });
});

describe('rebind', () => {
  it('moves bindings of one equipment to another and clears unmapped signals', () => {
    const w = defaultWidget('UsualDataText', { id: 'a' });
    const bound = {
      ...w,
      data: {
        ...w.data,
        signalId: 's1',
        equipId: 'e1',
        title: 'Temp',
        subTitle: 'Boiler 1',
        signalArray: [{ signalId: 's2', equipId: 'e1', title: 'P', subTitle: 'Boiler 1' }],
      },
    };
    const doc = pageOf([bound]);
    const r = applyChecked(doc, {
      type: 'rebind',
      ids: ['a'],
      target: {
        fromEquipId: 'e1',
        toEquipId: 'e2',
        toEquipTitle: 'Boiler 2',
        signals: { s1: { signalId: 't1', title: 'Temp' } },
      },
    });
    const a = findWidget(r.doc, 'a')!;
    expect(a.data).toMatchObject({ signalId: 't1', equipId: 'e2', subTitle: 'Boiler 2' });
    expect(a.data.signalArray[0]).toMatchObject({ signalId: '', equipId: '', title: '' });
  });
});

describe('insert ids', () => {
  it('refuses a paste whose group id is already on the page', () => {
    const doc = pageOf([rect('a', 0, 0), rect('b', 0, 0)], [group('g', ['a', 'b'])]);
    const r = apply(doc, {
      type: 'paste',
      widgets: [rect('c', 0, 0, 10, 10, { groupId: 'g' }), rect('d', 0, 0, 10, 10, { groupId: 'g' })],
      groups: [group('g', ['c', 'd'])],
    });
    expect(r.changed).toBe(false);
  });
});

describe('rotation keeps a lone widget in place', () => {
  it('changes only the angle of a widget turned about its own centre', () => {
    const doc = pageOf([rect('a', 0.1, 0.7, 0.3, 0.9)]);
    const r = apply(doc, { type: 'rotate', ids: ['a'], angle: 90, mode: 'by' });
    expect(findWidget(r.doc, 'a')!.position).toEqual({ ...doc.widgets[0]!.position, rotate: 90 });
  });
});
