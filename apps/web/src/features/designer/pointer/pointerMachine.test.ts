import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  handleAt,
  idle,
  reducePointer,
  resizeRect,
  type Modifiers,
  type PointerContext,
  type PointerEvent,
  type PointerResult,
  type PointerState,
  type PointerWidget,
} from './pointerMachine';

const widget = (
  id: string,
  x: number,
  y: number,
  width = 100,
  height = 50,
  extra: Partial<PointerWidget> = {},
) => ({
  id,
  rect: { x, y, width, height },
  rotate: 0,
  locked: false,
  ...extra,
});

function ctxOf(widgets: PointerWidget[], selection: string[] = [], adsorb = false): PointerContext {
  return {
    widgets: new Map(widgets.map((w) => [w.id, w])),
    selection,
    adsorb,
    zoom: 1,
    page: { x: 0, y: 0, width: 1024, height: 768 },
  };
}

const none: Modifiers = { shift: false, ctrl: false };
const down = (x: number, y: number, target: Extract<PointerEvent, { type: 'down' }>['target'], mods = none) =>
  ({ type: 'down', point: { x, y }, target, ...mods }) as const;
const move = (x: number, y: number, mods = none) => ({ type: 'move', point: { x, y }, ...mods }) as const;
const up = { type: 'up' } as const;

/** Runs events through the machine, threading the selection as the editor does. */
function run(ctx: PointerContext, events: PointerEvent[]): { state: PointerState; results: PointerResult[] } {
  let state: PointerState = idle;
  let c = ctx;
  const results: PointerResult[] = [];
  for (const e of events) {
    const r = reducePointer(state, e, c);
    results.push(r);
    state = r.state;
    if (r.selection) c = { ...c, selection: r.selection };
  }
  return { state, results };
}

const lastCommit = (results: PointerResult[]) => results.at(-1)?.commit;

describe('designer pointer machine', () => {
  const a = widget('a', 10, 10);
  const b = widget('b', 300, 200);
  const c = widget('c', 600, 400);

  it('selects a widget on click and clears the selection on a click on the empty canvas', () => {
    const { results } = run(ctxOf([a, b]), [down(20, 20, { kind: 'widget', id: 'a' }), up]);
    expect(lastCommit(results)).toEqual({ kind: 'select', ids: ['a'] });
    const cleared = run(ctxOf([a, b], ['a']), [down(900, 700, { kind: 'canvas' }), up]);
    expect(lastCommit(cleared.results)).toEqual({ kind: 'select', ids: [] });
  });

  it('adds and removes widgets with shift or ctrl', () => {
    const added = run(ctxOf([a, b], ['a']), [
      down(310, 210, { kind: 'widget', id: 'b' }, { shift: true, ctrl: false }),
      up,
    ]);
    expect(lastCommit(added.results)).toEqual({ kind: 'select', ids: ['a', 'b'] });
    const removed = run(ctxOf([a, b], ['a', 'b']), [
      down(20, 20, { kind: 'widget', id: 'a' }, { shift: false, ctrl: true }),
      up,
    ]);
    expect(lastCommit(removed.results)).toEqual({ kind: 'select', ids: ['b'] });
  });

  it('selects what lies wholly inside a marquee', () => {
    const { results } = run(ctxOf([a, b, c]), [
      down(0, 0, { kind: 'canvas' }),
      move(450, 300),
      move(500, 350),
      up,
    ]);
    expect(lastCommit(results)).toEqual({ kind: 'select', ids: ['a', 'b'] });
  });

  it('moves the whole selection and commits one move on release', () => {
    const { results } = run(ctxOf([a, b, c], ['a', 'b']), [
      down(20, 20, { kind: 'widget', id: 'a' }),
      move(30, 30),
      move(57, 43),
      up,
    ]);
    expect(results.slice(0, -1).every((r) => r.commit === undefined)).toBe(true);
    expect(lastCommit(results)).toEqual({ kind: 'move', ids: ['a', 'b'], dx: 37, dy: 23 });
  });

  it('stops a drag at the page edge margin 5 (§4.4)', () => {
    const { results } = run(ctxOf([b], ['b']), [
      down(310, 210, { kind: 'widget', id: 'b' }),
      move(-500, 2000),
      up,
    ]);
    // b is 100 x 50 at (300, 200) on a 1024 x 768 page: left edge at 5, bottom edge at 763
    expect(lastCommit(results)).toEqual({ kind: 'move', ids: ['b'], dx: -295, dy: 513 });
  });

  it('never moves a locked widget, even inside a moved selection', () => {
    const locked = widget('l', 400, 10, 50, 50, { locked: true });
    const { results } = run(ctxOf([a, locked], ['a', 'l']), [
      down(20, 20, { kind: 'widget', id: 'a' }),
      move(77, 77),
      up,
    ]);
    expect(lastCommit(results)).toMatchObject({ kind: 'move', ids: ['a'] });
    const alone = run(ctxOf([locked], ['l']), [
      down(410, 20, { kind: 'widget', id: 'l' }),
      move(480, 90),
      up,
    ]);
    expect(lastCommit(alone.results)).toEqual({ kind: 'select', ids: ['l'] });
  });

  it('refuses to resize or rotate a locked widget', () => {
    const locked = widget('l', 0, 0, 50, 50, { locked: true });
    const resized = run(ctxOf([locked], ['l']), [
      down(50, 50, { kind: 'handle', id: 'l', handle: 'se' }),
      move(90, 90),
      up,
    ]);
    expect(lastCommit(resized.results)).toBeUndefined();
    const turned = run(ctxOf([locked], ['l']), [
      down(25, -20, { kind: 'rotate', id: 'l' }),
      move(90, 25),
      up,
    ]);
    expect(lastCommit(turned.results)).toBeUndefined();
  });

  it('snaps a moved edge to another widget within 5 px with adsorb and within 1 px without', () => {
    // a's right edge is at 110; b's left edge at 300: a drag of 186 leaves a 4 px gap
    const events = [down(20, 20, { kind: 'widget', id: 'a' }), move(206, 20), up];
    const withAdsorb = run(ctxOf([a, b], ['a'], true), events);
    expect(lastCommit(withAdsorb.results)).toMatchObject({ dx: 190 });
    const without = run(ctxOf([a, b], ['a'], false), events);
    expect(lastCommit(without.results)).toMatchObject({ dx: 186 });
  });

  it('treats a press that travels less than the drag threshold as a click', () => {
    const { results } = run(ctxOf([a, b], ['a']), [
      down(20, 20, { kind: 'widget', id: 'a' }),
      move(21, 21),
      up,
    ]);
    expect(lastCommit(results)).toEqual({ kind: 'select', ids: ['a'] });
  });

  it('resizes by a handle, keeping the opposite corner in place', () => {
    const { results } = run(ctxOf([a], ['a']), [
      down(10, 10, { kind: 'handle', id: 'a', handle: 'nw' }),
      move(-10, 0),
      up,
    ]);
    expect(lastCommit(results)).toEqual({
      kind: 'resize',
      id: 'a',
      rect: { x: -10, y: 0, width: 120, height: 60 },
    });
  });

  it('ignores a resize below the minimum size of 2 and keeps the last valid size', () => {
    const { results } = run(ctxOf([a], ['a']), [
      down(110, 60, { kind: 'handle', id: 'a', handle: 'se' }),
      move(30, 40),
      move(-50, 40),
      up,
    ]);
    expect(lastCommit(results)).toEqual({
      kind: 'resize',
      id: 'a',
      rect: { x: 10, y: 10, width: 20, height: 30 },
    });
  });

  it('rotates freely in whole degrees and in 90° steps with shift', () => {
    const sq = widget('s', 0, 0, 100, 100);
    // handle above the centre (50, 50); moving to the right of the centre turns 90°
    const free = run(ctxOf([sq], ['s']), [down(50, -20, { kind: 'rotate', id: 's' }), move(120, 20), up]);
    const rotate = (lastCommit(free.results) as { rotate: number }).rotate;
    expect(rotate).toBe(Math.round(rotate));
    expect(rotate).toBeGreaterThan(45);
    expect(rotate).toBeLessThan(90);
    const stepped = run(ctxOf([sq], ['s']), [
      down(50, -20, { kind: 'rotate', id: 's' }),
      move(120, 20, { shift: true, ctrl: false }),
      up,
    ]);
    expect(lastCommit(stepped.results)).toEqual({ kind: 'rotate', id: 's', rotate: 90 });
  });

  it('finds edge handles within the 3 px edge tolerance and nothing beyond it', () => {
    expect(handleAt(a, { x: 112, y: 35 }, 1)).toBe('e');
    expect(handleAt(a, { x: 114, y: 35 }, 1)).toBeNull();
    expect(handleAt(a, { x: 8, y: 8 }, 1)).toBe('nw');
    expect(handleAt(a, { x: 60, y: 35 }, 1)).toBeNull();
    // at zoom 2 the tolerance is 3 screen pixels, 1.5 page units
    expect(handleAt(a, { x: 112, y: 35 }, 2)).toBeNull();
  });

  it('cancel (Escape) drops a drag without a commit', () => {
    const { state, results } = run(ctxOf([a], ['a']), [
      down(20, 20, { kind: 'widget', id: 'a' }),
      move(90, 90),
      { type: 'cancel' },
    ]);
    expect(state).toEqual(idle);
    expect(lastCommit(results)).toBeUndefined();
  });

  it('keeps the anchor corner of a rotated widget in place for any corner drag (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 359 }),
        fc.integer({ min: -40, max: 200 }),
        fc.integer({ min: -40, max: 200 }),
        (rotate, dx, dy) => {
          const start = { x: 100, y: 100, width: 80, height: 60 };
          const next = resizeRect(start, rotate, 'se', { x: dx, y: dy });
          if (!next) return;
          expect(next.width).toBeGreaterThanOrEqual(2);
          expect(next.height).toBeGreaterThanOrEqual(2);
          // the north-west corner, on the page, stays within rounding of where it was
          const corner = (r: typeof start) => {
            const rad = (rotate * Math.PI) / 180;
            const cx = r.x + r.width / 2;
            const cy = r.y + r.height / 2;
            const ox = -r.width / 2;
            const oy = -r.height / 2;
            return {
              x: cx + ox * Math.cos(rad) - oy * Math.sin(rad),
              y: cy + ox * Math.sin(rad) + oy * Math.cos(rad),
            };
          };
          const before = corner(start);
          const after = corner(next);
          expect(Math.abs(before.x - after.x)).toBeLessThan(1.5);
          expect(Math.abs(before.y - after.y)).toBeLessThan(1.5);
        },
      ),
    );
  });

  it('copies instead of moving when Alt is held at the press', () => {
    const { results } = run(ctxOf([a, b], ['a']), [
      down(20, 20, { kind: 'widget', id: 'a' }, { shift: false, ctrl: false, alt: true }),
      move(60, 80),
      up,
    ]);
    expect(lastCommit(results)).toEqual({ kind: 'copy', ids: ['a'], dx: 40, dy: 60 });
  });
});
