/**
 * Geometry kernels of the designer: rotation-aware bounds, align, distribute, snapping, edge
 * grabbing, resize with the minimum size, rotation. Pure functions over positions; the commands
 * decide which widgets (never locked ones) they apply to.
 */
import {
  DISTRIBUTE_MIN_WIDGETS,
  EDGE_DRAG_TOLERANCE,
  EDGE_MARGIN,
  MIN_SIZE,
  ROTATION_STEP,
  SNAP_TOLERANCE_ADSORB,
  SNAP_TOLERANCE_DEFAULT,
} from './constants';
import type { Position } from './document';

/** An axis-aligned rectangle. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The axis-aligned bounding box of a widget, its rotation about the centre included. */
export function widgetBounds(p: Position): Rect {
  const rot = normalizeAngle(p.rotate);
  if (rot === 0 || rot === 180) return { x: p.x, y: p.y, width: p.width, height: p.height };
  const cx = p.x + p.width / 2;
  const cy = p.y + p.height / 2;
  const rad = (rot * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const w = p.width * cos + p.height * sin;
  const h = p.width * sin + p.height * cos;
  return { x: cx - w / 2, y: cy - h / 2, width: w, height: h };
}

/** The union of rectangles, or null for none. */
export function unionRects(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const r of rects) {
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.width);
    maxY = Math.max(maxY, r.y + r.height);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Bounds of a selection of widget positions (rotation-aware), or null when empty. */
export function selectionBounds(positions: readonly Position[]): Rect | null {
  return unionRects(positions.map(widgetBounds));
}

/** Degrees in [0, 360). */
export function normalizeAngle(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r === 0 ? 0 : r;
}

/**
 * The next angle of the rotate buttons: the next multiple of 90° clockwise (direction 1) or
 * counter-clockwise (-1); an angle between steps goes to the nearest step in that direction.
 */
export function stepRotation(current: number, direction: 1 | -1 = 1): number {
  const cur = normalizeAngle(current);
  const next =
    direction > 0
      ? Math.floor(cur / ROTATION_STEP) * ROTATION_STEP + ROTATION_STEP
      : Math.ceil(cur / ROTATION_STEP) * ROTATION_STEP - ROTATION_STEP;
  return normalizeAngle(next);
}

/** Edges and centre lines a selection can be aligned on. */
export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';
export const ALIGN_EDGES: readonly AlignEdge[] = ['left', 'center', 'right', 'top', 'middle', 'bottom'];

/**
 * The offsets that align each unit's bounds to the same edge of the units' common bounds.
 * Units are the things that move together (a widget, or a group's unlocked children).
 */
export function alignOffsets(units: readonly Rect[], edge: AlignEdge): { dx: number; dy: number }[] {
  const all = unionRects(units);
  if (!all || units.length < 2) return units.map(() => ({ dx: 0, dy: 0 }));
  return units.map((r) => {
    switch (edge) {
      case 'left':
        return { dx: all.x - r.x, dy: 0 };
      case 'center':
        return { dx: all.x + all.width / 2 - (r.x + r.width / 2), dy: 0 };
      case 'right':
        return { dx: all.x + all.width - (r.x + r.width), dy: 0 };
      case 'top':
        return { dx: 0, dy: all.y - r.y };
      case 'middle':
        return { dx: 0, dy: all.y + all.height / 2 - (r.y + r.height / 2) };
      case 'bottom':
        return { dx: 0, dy: all.y + all.height - (r.y + r.height) };
    }
  });
}

/** Distribution axis. */
export type DistributeAxis = 'horizontal' | 'vertical';

/**
 * The offsets that space units evenly between the first and the last along an axis (equal gaps
 * between neighbours). Needs 3 or more units (docs/requirements/pages-and-designer.md §4.2); with fewer,
 * every offset is zero.
 */
export function distributeOffsets(
  units: readonly Rect[],
  axis: DistributeAxis,
): { dx: number; dy: number }[] {
  const zero = units.map(() => ({ dx: 0, dy: 0 }));
  if (units.length < DISTRIBUTE_MIN_WIDGETS) return zero;
  const pos = (r: Rect) => (axis === 'horizontal' ? r.x : r.y);
  const size = (r: Rect) => (axis === 'horizontal' ? r.width : r.height);
  const order = units.map((_, i) => i).sort((a, b) => pos(units[a]!) - pos(units[b]!) || a - b);
  const first = units[order[0]!]!;
  const last = units[order[order.length - 1]!]!;
  const span = pos(last) + size(last) - pos(first);
  const total = units.reduce((s, r) => s + size(r), 0);
  const gap = (span - total) / (units.length - 1);
  let cursor = pos(first);
  for (const i of order) {
    const r = units[i]!;
    const d = cursor - pos(r);
    zero[i] = axis === 'horizontal' ? { dx: d, dy: 0 } : { dx: 0, dy: d };
    cursor += size(r) + gap;
  }
  return zero;
}

/** Snap tolerance in px: 5 when adsorb is on, else 1 (docs/requirements/pages-and-designer.md §4.7). */
export function snapTolerance(adsorb: boolean): number {
  return adsorb ? SNAP_TOLERANCE_ADSORB : SNAP_TOLERANCE_DEFAULT;
}

/** Result of snapping a moving rectangle: the corrected offset and the guide lines hit. */
export interface SnapResult {
  dx: number;
  dy: number;
  /** x of vertical guides and y of horizontal guides that the moved rectangle now touches. */
  guidesX: number[];
  guidesY: number[];
}

function lines(r: Rect, axis: 'x' | 'y'): number[] {
  return axis === 'x' ? [r.x, r.x + r.width / 2, r.x + r.width] : [r.y, r.y + r.height / 2, r.y + r.height];
}

function bestSnap(moving: number[], targets: number[], tol: number): number | null {
  let best: number | null = null;
  for (const m of moving) {
    for (const t of targets) {
      const d = t - m;
      if (Math.abs(d) <= tol && (best === null || Math.abs(d) < Math.abs(best))) best = d;
    }
  }
  return best;
}

/**
 * Snaps `moving` (already moved by dx, dy) to the edges and centre lines of `targets` when they
 * are within `tolerance`; returns the corrected offset.
 */
export function snapMove(
  moving: Rect,
  dx: number,
  dy: number,
  targets: readonly Rect[],
  tolerance: number,
): SnapResult {
  const moved = { ...moving, x: moving.x + dx, y: moving.y + dy };
  const tx = targets.flatMap((t) => lines(t, 'x'));
  const ty = targets.flatMap((t) => lines(t, 'y'));
  const sx = bestSnap(lines(moved, 'x'), tx, tolerance);
  const sy = bestSnap(lines(moved, 'y'), ty, tolerance);
  const final = { ...moved, x: moved.x + (sx ?? 0), y: moved.y + (sy ?? 0) };
  const eps = 1e-9;
  const fx = lines(final, 'x');
  const fy = lines(final, 'y');
  return {
    dx: dx + (sx ?? 0),
    dy: dy + (sy ?? 0),
    guidesX: sx === null ? [] : [...new Set(tx.filter((t) => fx.some((m) => Math.abs(m - t) < eps)))],
    guidesY: sy === null ? [] : [...new Set(ty.filter((t) => fy.some((m) => Math.abs(m - t) < eps)))],
  };
}

/** A resize handle: an edge or a corner. */
export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

/**
 * The handle a pointer at (px, py) grabs on a widget, within the edge-drag tolerance of 3 px
 * (docs/requirements/pages-and-designer.md §4.4), in the widget's own rotated frame; null when it grabs none.
 */
export function hitHandle(
  p: Position,
  px: number,
  py: number,
  tolerance = EDGE_DRAG_TOLERANCE,
): Handle | null {
  const cx = p.x + p.width / 2;
  const cy = p.y + p.height / 2;
  const rad = (-normalizeAngle(p.rotate) * Math.PI) / 180;
  const lx = (px - cx) * Math.cos(rad) - (py - cy) * Math.sin(rad) + p.width / 2;
  const ly = (px - cx) * Math.sin(rad) + (py - cy) * Math.cos(rad) + p.height / 2;
  if (lx < -tolerance || ly < -tolerance || lx > p.width + tolerance || ly > p.height + tolerance) {
    return null;
  }
  const w = Math.abs(lx) <= tolerance;
  const e = Math.abs(lx - p.width) <= tolerance;
  const n = Math.abs(ly) <= tolerance;
  const s = Math.abs(ly - p.height) <= tolerance;
  const v = n ? 'n' : s ? 's' : '';
  const h = w ? 'w' : e ? 'e' : '';
  const handle = `${v}${h}`;
  return handle === '' ? null : (handle as Handle);
}

/**
 * The rectangle after dragging `handle` by (dx, dy) in the widget's own frame, or null when the
 * result would be narrower or lower than the minimum size 2 (such a resize is ignored).
 */
export function resizeByHandle(r: Rect, handle: Handle, dx: number, dy: number): Rect | null {
  let { x, y, width, height } = r;
  if (handle.includes('e')) width += dx;
  if (handle.includes('w')) {
    x += dx;
    width -= dx;
  }
  if (handle.includes('s')) height += dy;
  if (handle.includes('n')) {
    y += dy;
    height -= dy;
  }
  return isAtLeastMinSize({ x, y, width, height }) ? { x, y, width, height } : null;
}

/** Whether a rectangle respects the minimum size (2 units in both directions). */
export function isAtLeastMinSize(r: Rect): boolean {
  return r.width >= MIN_SIZE && r.height >= MIN_SIZE;
}

/** Maps a position inside `from` to the same relative place in `to` (group resize). */
export function scaleInto(p: Position, from: Rect, to: Rect): Position {
  const sx = from.width === 0 ? 1 : to.width / from.width;
  const sy = from.height === 0 ? 1 : to.height / from.height;
  return {
    ...p,
    x: to.x + (p.x - from.x) * sx,
    y: to.y + (p.y - from.y) * sy,
    width: Math.max(MIN_SIZE, p.width * sx),
    height: Math.max(MIN_SIZE, p.height * sy),
  };
}

/** Keeps the start of `[lo, lo + size]` moved by `d` inside `[margin, extent - margin]`. */
function keepAxis(lo: number, size: number, d: number, extent: number, margin: number): number {
  // a selection wider than the inner page cannot be kept in it: free on that axis
  if (size > extent - 2 * margin) return d;
  const least = margin - lo;
  const most = extent - margin - (lo + size);
  // already past the margin: a move may bring it back but not further out
  if (d < 0) return Math.max(d, Math.min(0, least));
  if (d > 0) return Math.min(d, Math.max(0, most));
  return d;
}

/**
 * The move (dx, dy) of a selection with union `bounds`, shortened so that it does not go past the
 * page's edge margin (docs/requirements/pages-and-designer.md §4.4: margin 5). Used by keyboard
 * nudges and pointer drags; a position typed in the property panel is taken as typed.
 */
export function keepInMargin(
  bounds: Rect,
  dx: number,
  dy: number,
  page: { width: number; height: number },
  margin = EDGE_MARGIN,
): { dx: number; dy: number } {
  return {
    dx: keepAxis(bounds.x, bounds.width, dx, page.width, margin),
    dy: keepAxis(bounds.y, bounds.height, dy, page.height, margin),
  };
}
