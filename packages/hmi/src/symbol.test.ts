import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Widget } from './document';
import { parsePage } from './parsePage';
import { forEachSignalRef } from './signalRefs';
import {
  isSymbolFile,
  makeSymbol,
  parseSymbol,
  placeSymbol,
  SYMBOL_DEVICE,
  symbolFile,
  type DeviceSignal,
} from './symbol';
import { group, pageOf, rect } from './testkit';

function counter() {
  let n = 0;
  return (kind: 'widget' | 'group') => `${kind}-${++n}`;
}

/** A rectangle bound to a signal of equipment `equip`, its click writing another. */
function bound(id: string, x: number, y: number, signal: [string, string], write?: [string, string]): Widget {
  const w = rect(id, x, y);
  const data = { ...w.data, signalId: signal[0], title: signal[1], equipId: 'E1', subTitle: 'Pump 1' };
  const click = write
    ? { ...w.clickEvent.config.data, signalId: write[0], title: write[1], equipId: 'E1', subTitle: 'Pump 1' }
    : w.clickEvent.config.data;
  return {
    ...w,
    data,
    clickEvent: { ...w.clickEvent, config: { ...w.clickEvent.config, data: click } },
  };
}

const PUMP2: DeviceSignal[] = [
  { signalId: '201', name: 'speed', key: 'spd' },
  { signalId: '202', name: 'running', key: '' },
];

describe('symbols', () => {
  it('keeps positions relative to the selection and turns bindings into named placeholders', () => {
    const page = pageOf(
      [
        bound('a', 100, 40, ['11', 'speed'], ['12', 'running']),
        bound('b', 160, 90, ['11', 'speed']),
        rect('c', 0, 0),
      ],
      [],
    );
    const sym = makeSymbol(page, ['a', 'b'], (_e, s) => (s === '11' ? 'spd' : ''))!;
    expect(sym.page.widgets.map((w) => [w.position.x, w.position.y])).toEqual([
      [0, 0],
      [60, 50],
    ]);
    expect(sym.page.options).toMatchObject({ width: 160, height: 100 });
    expect(sym.placeholders).toEqual([
      { id: '$p1', name: 'speed', key: 'spd' },
      { id: '$p2', name: 'running', key: '' },
    ]);
    const refs: string[] = [];
    for (const w of sym.page.widgets)
      forEachSignalRef(w, (r) => refs.push(`${r.equipId}:${r.signalId}:${r.subTitle}`));
    expect(refs).toEqual([`${SYMBOL_DEVICE}:$p1:`, `${SYMBOL_DEVICE}:$p2:`, `${SYMBOL_DEVICE}:$p1:`]);
    expect(parsePage(sym.page).ok).toBe(true);
  });

  it('places a symbol for another device: bindings filled by key, else name, at the drop point', () => {
    const page = pageOf([bound('a', 100, 40, ['11', 'speed'], ['12', 'running'])]);
    const sym = makeSymbol(page, ['a'], (_e, s) => (s === '11' ? 'spd' : ''))!;
    const placed = placeSymbol(
      pageOf([]),
      sym,
      { x: 300, y: 200 },
      { equipId: 'E2', title: 'Pump 2', signals: PUMP2 },
      counter(),
    );
    if (!placed.ok) throw new Error(placed.reason);
    const w = placed.widgets[0]!;
    expect(w.id).toBe('widget-1');
    expect(w.position).toMatchObject({ x: 300, y: 200 });
    expect(w.data).toMatchObject({ signalId: '201', title: 'speed', equipId: 'E2', subTitle: 'Pump 2' });
    expect(w.clickEvent.config.data).toMatchObject({ signalId: '202', title: 'running', equipId: 'E2' });
    expect(placed.unmatched).toEqual([]);
  });

  it('reports placeholders the device lacks and leaves those bindings unbound', () => {
    const page = pageOf([bound('a', 0, 0, ['11', 'pressure'])]);
    const sym = makeSymbol(page, ['a'])!;
    const placed = placeSymbol(
      pageOf([]),
      sym,
      { x: 0, y: 0 },
      { equipId: 'E2', title: 'Pump 2', signals: PUMP2 },
      counter(),
    );
    if (!placed.ok) throw new Error(placed.reason);
    expect(placed.unmatched).toEqual([{ id: '$p1', name: 'pressure', key: '' }]);
    expect(placed.widgets[0]!.data).toMatchObject({ signalId: '', equipId: '', title: '' });
  });

  it('keeps groups whole and gives them new ids', () => {
    const page = pageOf(
      [rect('x', 10, 10), rect('y', 50, 10), rect('z', 500, 500)],
      [group('g', ['x', 'y'])],
    );
    const sym = makeSymbol(page, ['x'])!;
    expect(sym.page.widgets.map((w) => w.id)).toEqual(['x', 'y']);
    const placed = placeSymbol(
      page,
      sym,
      { x: 0, y: 0 },
      { equipId: 'E2', title: '', signals: [] },
      counter(),
    );
    if (!placed.ok) throw new Error(placed.reason);
    expect(placed.groups).toEqual([
      expect.objectContaining({ id: 'group-1', children: ['widget-2', 'widget-3'] }),
    ]);
  });

  it('answers null for an empty selection and refuses a placement past the page limits', () => {
    expect(makeSymbol(pageOf([rect('a', 0, 0)]), [])).toBeNull();
    const webgl = { ...rect('g', 0, 0), widgetType: 'UsualWebgl' as const };
    const sym = makeSymbol(pageOf([webgl]), ['g'])!;
    expect(
      placeSymbol(
        pageOf([{ ...webgl, id: 'h' }]),
        sym,
        { x: 0, y: 0 },
        { equipId: 'E', title: '', signals: [] },
        counter(),
      ),
    ).toEqual({
      ok: false,
      reason: 'webglMax',
    });
  });

  it('reads back its own file and refuses a file that is not a symbol or lists no placeholder', () => {
    const sym = makeSymbol(pageOf([bound('a', 5, 5, ['11', 'speed'])]), ['a'])!;
    const text = JSON.stringify(symbolFile('Pump face', sym));
    expect(isSymbolFile(JSON.parse(text))).toBe(true);
    const back = parseSymbol(text);
    if (!back.ok) throw new Error(JSON.stringify(back.issues));
    expect(back.name).toBe('Pump face');
    expect(back.symbol.placeholders).toEqual(sym.placeholders);
    expect(parseSymbol('{oops')).toMatchObject({ ok: false, issues: [{ code: 'invalidJson' }] });
    expect(parseSymbol({ kind: 'other' })).toMatchObject({ ok: false, issues: [{ code: 'notASymbol' }] });
    expect(parseSymbol({ ...symbolFile('x', sym), placeholders: [] })).toMatchObject({
      ok: false,
      issues: [{ code: 'placeholders' }],
    });
    const broken = {
      ...symbolFile('x', sym),
      page: {
        ...sym.page,
        widgets: [{ id: 'q', widgetType: 'Nope', position: { x: 0, y: 0, width: 5, height: 5 } }],
      },
    };
    expect(parseSymbol(broken)).toMatchObject({ ok: false, issues: [{ code: 'invalidField' }] });
  });

  it('placing for the device it was made from gives back the same bindings (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            x: fc.integer({ min: 0, max: 900 }),
            y: fc.integer({ min: 0, max: 700 }),
            sig: fc.integer({ min: 1, max: 4 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        (specs, dx, dy) => {
          const ws = specs.map((s, i) => bound(`w${i}`, s.x, s.y, [`${s.sig}`, `sig${s.sig}`]));
          const page = pageOf(ws);
          const sym = makeSymbol(
            page,
            ws.map((w) => w.id),
          )!;
          const signals = [1, 2, 3, 4].map((n) => ({ signalId: `${n}`, name: `sig${n}`, key: '' }));
          const placed = placeSymbol(
            pageOf([]),
            sym,
            { x: dx, y: dy },
            { equipId: 'E1', title: 'Pump 1', signals },
            counter(),
          );
          if (!placed.ok) return false;
          const minX = Math.min(...specs.map((s) => s.x));
          const minY = Math.min(...specs.map((s) => s.y));
          return (
            placed.widgets.every((w, i) => {
              const src = ws[i]!;
              return (
                w.position.x - dx === src.position.x - minX &&
                w.position.y - dy === src.position.y - minY &&
                w.data.signalId === src.data.signalId &&
                w.data.equipId === 'E1' &&
                w.data.subTitle === 'Pump 1'
              );
            }) && placed.unmatched.length === 0
          );
        },
      ),
    );
  });
});
