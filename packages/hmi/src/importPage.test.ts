import { describe, expect, it } from 'vitest';
import { emptyHistory, execute } from './history';
import { prepareImport } from './importPage';
import { group, pageOf, rect } from './testkit';

function counter() {
  let n = 0;
  return (kind: 'widget' | 'group') => `${kind}-${++n}`;
}

describe('import', () => {
  it('imports a legacy page’s widgets with new ids at their positions, recorded as import', () => {
    const target = pageOf([rect('a', 0, 0)]);
    const legacy = {
      widgets: [
        { id: 'a', widgetType: 'ShapeRect', position: { x: 7, y: 8, width: 10, height: 10 } },
        {
          id: 'g',
          widgetType: 'WidgetGroup',
          children: [
            { id: 'b', widgetType: 'UsualText', position: { x: 0, y: 0, width: 10, height: 10 } },
            { id: 'c', widgetType: 'UsualText', position: { x: 20, y: 0, width: 10, height: 10 } },
          ],
        },
      ],
    };
    const p = prepareImport(target, JSON.stringify(legacy), counter());
    if (!p.ok) throw new Error(JSON.stringify(p));
    expect(p.widgets.map((w) => w.id)).toEqual(['widget-2', 'widget-3', 'widget-4']);
    expect(p.widgets[0]!.position).toMatchObject({ x: 7, y: 8 });
    expect(p.groups).toEqual([
      expect.objectContaining({ id: 'group-1', children: ['widget-3', 'widget-4'] }),
    ]);
    const s = execute(target, emptyHistory, { type: 'import', widgets: p.widgets, groups: p.groups });
    expect(s.doc.widgets).toHaveLength(4);
    expect(s.history.past[0]!.change).toBe('import');
  });

  it('refuses an invalid page with its issues and changes nothing', () => {
    const p = prepareImport(
      pageOf([]),
      '{"widgets": [{"id": "x", "widgetType": "Nope", "position": {"x": 0, "y": 0, "width": 5, "height": 5}}]}',
      counter(),
    );
    expect(p).toMatchObject({ ok: false, reason: 'invalidPage', issues: [{ code: 'invalidField' }] });
  });

  it('refuses an import that would hold a second 3D scene', () => {
    const webgl = { ...rect('g', 0, 0), widgetType: 'UsualWebgl' as const };
    const p = prepareImport(pageOf([webgl]), pageOf([{ ...webgl, id: 'h' }]), counter());
    expect(p).toEqual({ ok: false, reason: 'webglMax' });
  });

  it('keeps grouped members together', () => {
    const src = pageOf([rect('x', 0, 0), rect('y', 0, 0)], [group('gg', ['x', 'y'])]);
    const p = prepareImport(pageOf([]), src, counter());
    if (!p.ok) throw new Error('refused');
    expect(p.widgets.every((w) => w.groupId === p.groups[0]!.id)).toBe(true);
  });
});
