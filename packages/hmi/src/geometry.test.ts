import { describe, expect, it } from 'vitest';
import {
  alignOffsets,
  distributeOffsets,
  hitHandle,
  keepInMargin,
  normalizeAngle,
  resizeByHandle,
  selectionBounds,
  snapMove,
  snapTolerance,
  stepRotation,
  widgetBounds,
} from './geometry';

const pos = (x: number, y: number, width: number, height: number, rotate = 0) => ({
  x,
  y,
  width,
  height,
  rotate,
});

describe('bounds', () => {
  it('is the box itself for an unrotated or upside-down widget', () => {
    expect(widgetBounds(pos(10, 20, 100, 50))).toEqual({ x: 10, y: 20, width: 100, height: 50 });
    expect(widgetBounds(pos(10, 20, 100, 50, 180))).toEqual({ x: 10, y: 20, width: 100, height: 50 });
  });

  it('swaps width and height about the centre at 90°', () => {
    const b = widgetBounds(pos(0, 0, 100, 50, 90));
    expect(b.x).toBeCloseTo(25);
    expect(b.y).toBeCloseTo(-25);
    expect(b.width).toBeCloseTo(50);
    expect(b.height).toBeCloseTo(100);
  });

  it('grows to the rotated corners at 45°', () => {
    const b = widgetBounds(pos(0, 0, 100, 100, 45));
    expect(b.width).toBeCloseTo(100 * Math.SQRT2);
    expect(b.x).toBeCloseTo(50 - 50 * Math.SQRT2);
  });

  it('unites a selection, rotation included, and is null when empty', () => {
    expect(selectionBounds([])).toBeNull();
    const b = selectionBounds([pos(0, 0, 10, 10), pos(100, 100, 100, 50, 90)])!;
    expect(b.x).toBeCloseTo(0);
    expect(b.y).toBeCloseTo(0);
    expect(b.width).toBeCloseTo(175);
    expect(b.height).toBeCloseTo(175);
  });
});

describe('align', () => {
  const units = [
    { x: 0, y: 0, width: 10, height: 10 },
    { x: 50, y: 30, width: 30, height: 20 },
  ];
  it.each([
    [
      'left',
      [
        { dx: 0, dy: 0 },
        { dx: -50, dy: 0 },
      ],
    ],
    [
      'right',
      [
        { dx: 70, dy: 0 },
        { dx: 0, dy: 0 },
      ],
    ],
    [
      'center',
      [
        { dx: 35, dy: 0 },
        { dx: -25, dy: 0 },
      ],
    ],
    [
      'top',
      [
        { dx: 0, dy: 0 },
        { dx: 0, dy: -30 },
      ],
    ],
    [
      'bottom',
      [
        { dx: 0, dy: 40 },
        { dx: 0, dy: 0 },
      ],
    ],
    [
      'middle',
      [
        { dx: 0, dy: 20 },
        { dx: 0, dy: -15 },
      ],
    ],
  ] as const)('aligns on %s', (edge, expected) => {
    expect(alignOffsets(units, edge)).toEqual(expected);
  });
});

describe('distribute', () => {
  it('spaces 3 widgets with equal gaps, keeping the outer ones', () => {
    const units = [
      { x: 0, y: 0, width: 10, height: 10 },
      { x: 100, y: 0, width: 20, height: 10 },
      { x: 30, y: 0, width: 10, height: 10 },
    ];
    // span 0..120, sizes 40, gap 40: positions 0, 50, 100
    expect(distributeOffsets(units, 'horizontal')).toEqual([
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
      { dx: 20, dy: 0 },
    ]);
  });

  it('distributes vertically', () => {
    const units = [
      { x: 0, y: 0, width: 10, height: 10 },
      { x: 0, y: 15, width: 10, height: 10 },
      { x: 0, y: 90, width: 10, height: 10 },
    ];
    expect(distributeOffsets(units, 'vertical')[1]).toEqual({ dx: 0, dy: 30 });
  });

  it('does nothing with only 2 widgets (needs more than 2)', () => {
    const two = [
      { x: 0, y: 0, width: 10, height: 10 },
      { x: 90, y: 0, width: 10, height: 10 },
    ];
    expect(distributeOffsets(two, 'horizontal')).toEqual([
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
    ]);
  });
});

describe('snap', () => {
  it('uses tolerance 5 when adsorb is on, else 1', () => {
    expect(snapTolerance(true)).toBe(5);
    expect(snapTolerance(false)).toBe(1);
  });

  const target = { x: 100, y: 100, width: 50, height: 50 };
  const moving = { x: 0, y: 0, width: 20, height: 20 };

  it('snaps a left edge within tolerance 5 onto the target right edge', () => {
    const r = snapMove(moving, 146, 300, [target], 5);
    expect(r.dx).toBe(150);
    expect(r.guidesX).toContain(150);
    expect(r.dy).toBe(300);
  });

  it('does not snap beyond the tolerance', () => {
    expect(snapMove(moving, 146, 300, [target], 1).dx).toBe(146);
    expect(snapMove(moving, 156, 300, [target], 5).dx).toBe(156);
  });

  it('snaps within tolerance 1 without adsorb', () => {
    const r = snapMove(moving, 149, 99, [target], 1);
    expect(r).toMatchObject({ dx: 150, dy: 100 });
  });
});

describe('edge drag and resize', () => {
  const p = pos(100, 100, 200, 100);
  it('grabs an edge within 3 px and a corner where two edges meet', () => {
    expect(hitHandle(p, 103, 150)).toBe('w');
    expect(hitHandle(p, 97, 150)).toBe('w');
    expect(hitHandle(p, 96, 150)).toBeNull();
    expect(hitHandle(p, 104, 150)).toBeNull();
    expect(hitHandle(p, 300, 200)).toBe('se');
    expect(hitHandle(p, 200, 98)).toBe('n');
  });

  it('grabs in the rotated frame of the widget', () => {
    // 200×100 at 90° about (200,150): its top edge is now the right side at x = 250
    expect(hitHandle(pos(100, 100, 200, 100, 90), 251, 150)).toBe('n');
  });

  it('resizes from any handle and ignores a result below the minimum size 2', () => {
    const r = { x: 0, y: 0, width: 10, height: 10 };
    expect(resizeByHandle(r, 'se', 5, 5)).toEqual({ x: 0, y: 0, width: 15, height: 15 });
    expect(resizeByHandle(r, 'nw', 3, 4)).toEqual({ x: 3, y: 4, width: 7, height: 6 });
    expect(resizeByHandle(r, 'e', -8, 0)).toEqual({ x: 0, y: 0, width: 2, height: 10 });
    expect(resizeByHandle(r, 'e', -9, 0)).toBeNull();
  });
});

describe('rotation', () => {
  it('steps by 90° and wraps at 360', () => {
    expect(stepRotation(0)).toBe(90);
    expect(stepRotation(270)).toBe(0);
    expect(stepRotation(0, -1)).toBe(270);
    expect(stepRotation(30)).toBe(90);
    expect(stepRotation(30, -1)).toBe(0);
  });

  it('normalises free angles into [0, 360)', () => {
    expect(normalizeAngle(-30)).toBe(330);
    expect(normalizeAngle(725)).toBe(5);
    expect(Object.is(normalizeAngle(-360), 0)).toBe(true);
  });
});

describe('edge margin when moving (§4.4)', () => {
  const page = { width: 200, height: 100 };
  const box = { x: 20, y: 20, width: 30, height: 10 };
  it.each([
    [-100, 0, -15, 0],
    [-10, -10, -10, -10],
    [500, 500, 145, 65],
    [145, 65, 145, 65],
    [0, -16, 0, -15],
  ])('a move (%i, %i) becomes (%i, %i)', (dx, dy, ex, ey) => {
    expect(keepInMargin(box, dx, dy, page)).toEqual({ dx: ex, dy: ey });
  });

  it('lets a widget already past the margin come back but not go further out', () => {
    const out = { x: -40, y: 95, width: 30, height: 10 };
    expect(keepInMargin(out, -5, 5, page)).toEqual({ dx: 0, dy: 0 });
    expect(keepInMargin(out, 10, -3, page)).toEqual({ dx: 10, dy: -3 });
  });

  it('leaves an axis free when the selection is wider than the inner page', () => {
    expect(keepInMargin({ x: 0, y: 20, width: 195, height: 10 }, -30, 0, page)).toEqual({ dx: -30, dy: 0 });
  });

  it('the moved bounds stay inside the margin for any move from inside', () => {
    for (let dx = -300; dx <= 300; dx += 37) {
      for (let dy = -300; dy <= 300; dy += 41) {
        const m = keepInMargin(box, dx, dy, page);
        expect(box.x + m.dx).toBeGreaterThanOrEqual(5);
        expect(box.x + box.width + m.dx).toBeLessThanOrEqual(195);
        expect(box.y + m.dy).toBeGreaterThanOrEqual(5);
        expect(box.y + box.height + m.dy).toBeLessThanOrEqual(95);
      }
    }
  });
});
