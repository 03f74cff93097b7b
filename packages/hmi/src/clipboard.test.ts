import { describe, expect, it } from 'vitest';
import { copyBlockReason, copySelection, preparePaste } from './clipboard';
import { apply } from './commands';
import { WIDGET_MAX } from './constants';
import { group, pageOf, rect } from './testkit';

function counter() {
  let n = 0;
  return (kind: 'widget' | 'group') => `${kind}-${++n}`;
}

describe('copy and paste', () => {
  const doc = pageOf([rect('a', 0, 0), rect('b', 10, 10), rect('c', 100, 100)], [group('g', ['a', 'b'])]);

  it('copies a whole group when one member is selected', () => {
    const clip = copySelection(doc, ['a']);
    expect(clip.widgets.map((w) => w.id)).toEqual(['a', 'b']);
    expect(clip.groups.map((g) => g.id)).toEqual(['g']);
  });

  it('gives a pasted group and its children new ids and offsets the nth paste by 50·n', () => {
    const clip = copySelection(doc, ['g', 'c']);
    const p2 = preparePaste(doc, clip, 2, counter());
    if (!p2.ok) throw new Error('blocked');
    const ids = p2.widgets.map((w) => w.id);
    expect(ids.some((id) => ['a', 'b', 'c'].includes(id))).toBe(false);
    expect(p2.groups[0]!.id).not.toBe('g');
    expect(p2.groups[0]!.children).toEqual(ids.slice(0, 2));
    expect(p2.widgets[0]!.groupId).toBe(p2.groups[0]!.id);
    expect(p2.widgets[2]!.groupId).toBeNull();
    expect(p2.widgets[2]!.position).toMatchObject({ x: 200, y: 200 });
    expect(p2.widgets[0]!.textId).toBe(p2.widgets[0]!.id);
    const r = apply(doc, { type: 'paste', widgets: p2.widgets, groups: p2.groups });
    expect(r.doc.widgets).toHaveLength(6);
    expect(r.doc.groups).toHaveLength(2);
  });

  it('blocks a copy past the widget maximum of 2000', () => {
    const one = rect('w', 0, 0);
    const full = pageOf(Array.from({ length: WIDGET_MAX }, (_, i) => ({ ...one, id: `w${i}` })));
    expect(copyBlockReason(full, [rect('x', 0, 0)])).toBe('widgetMax');
    expect(preparePaste(full, copySelection(full, ['w0']), 1, counter())).toEqual({
      ok: false,
      reason: 'widgetMax',
    });
  });

  it('blocks a second 3D scene and a fourth weather widget', () => {
    const webgl = { ...rect('g', 0, 0), widgetType: 'UsualWebgl' as const };
    const weather = (id: string) => ({ ...rect(id, 0, 0), widgetType: 'ComplexWeather' as const });
    const page = pageOf([webgl, weather('w1'), weather('w2')]);
    expect(copyBlockReason(page, [{ ...webgl, id: 'g2' }])).toBe('webglMax');
    expect(copyBlockReason(page, [weather('w3')])).toBeNull();
    expect(copyBlockReason(page, [weather('w3'), weather('w4')])).toBe('weatherMax');
    expect(copyBlockReason(page, [rect('r', 0, 0)])).toBeNull();
  });
});
