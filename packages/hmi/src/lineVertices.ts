/**
 * Vertex editing of line widgets (`ShapeLine`, `ShapeStraight`; docs/requirements/widgets.md).
 * A line keeps its vertices in `data.points` as x, y pairs relative to its box (0..1). Moving a
 * vertex to a page point refits the box around all vertices, so a vertex dragged outside the box
 * grows it; the other vertices keep their page places. Pure functions.
 */
import { MIN_SIZE } from './constants';
import type { Widget } from './document';

/** The widget types whose vertices can be edited. */
export const LINE_TYPES: ReadonlySet<string> = new Set(['ShapeLine', 'ShapeStraight']);

/** The relative points of a line widget ([] when it has none or is no line). */
function relativePoints(w: Widget): number[] {
  const raw = (w.data as Record<string, unknown> | undefined)?.['points'];
  if (!LINE_TYPES.has(w.widgetType) || !Array.isArray(raw)) return [];
  const nums = raw.map(Number);
  return nums.every(Number.isFinite) ? nums.slice(0, nums.length - (nums.length % 2)) : [];
}

/** The vertices of a line widget in page units (rotation not applied). */
export function lineVertices(w: Widget): { x: number; y: number }[] {
  const rel = relativePoints(w);
  const { x, y, width, height } = w.position;
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i + 1 < rel.length; i += 2)
    out.push({ x: x + rel[i]! * width, y: y + rel[i + 1]! * height });
  return out;
}

/** Fits `[lo, hi]` into a span of at least MIN_SIZE: its start and length. */
function fit(lo: number, hi: number): { start: number; size: number } {
  const size = Math.max(hi - lo, MIN_SIZE);
  return { start: (lo + hi) / 2 - size / 2, size };
}

/** Rebuilds a line from page-unit vertices: the box refits around them. */
function refit(w: Widget, pts: readonly { x: number; y: number }[]): Widget {
  const xs = fit(Math.min(...pts.map((p) => p.x)), Math.max(...pts.map((p) => p.x)));
  const ys = fit(Math.min(...pts.map((p) => p.y)), Math.max(...pts.map((p) => p.y)));
  const points = pts.flatMap((p) => [(p.x - xs.start) / xs.size, (p.y - ys.start) / ys.size]);
  return {
    ...w,
    position: { ...w.position, x: xs.start, y: ys.start, width: xs.size, height: ys.size },
    data: { ...w.data, points },
  };
}

/** The fewest vertices a line keeps. */
export const LINE_MIN_VERTICES = 2;

/**
 * The line with a new vertex at the middle of segment `index` (between vertices index and
 * index + 1), or null when there is no such segment or the line is rotated.
 */
export function insertLineVertex(w: Widget, index: number): Widget | null {
  if (w.position.rotate % 360 !== 0) return null;
  const pts = lineVertices(w);
  if (!Number.isInteger(index) || index < 0 || index + 1 >= pts.length) return null;
  const a = pts[index]!;
  const b = pts[index + 1]!;
  pts.splice(index + 1, 0, { x: Math.round((a.x + b.x) / 2), y: Math.round((a.y + b.y) / 2) });
  return refit(w, pts);
}

/** The line without vertex `index`, or null when it would keep fewer than 2 or is rotated. */
export function removeLineVertex(w: Widget, index: number): Widget | null {
  if (w.position.rotate % 360 !== 0) return null;
  const pts = lineVertices(w);
  if (pts.length <= LINE_MIN_VERTICES || !Number.isInteger(index) || index < 0 || index >= pts.length)
    return null;
  pts.splice(index, 1);
  return refit(w, pts);
}

/**
 * The line widget with vertex `index` moved to page point `to`, or null when that cannot be done:
 * not a line, no such vertex, or a rotated line (its vertices are edited unrotated).
 */
export function moveLineVertex(w: Widget, index: number, to: { x: number; y: number }): Widget | null {
  if (w.position.rotate % 360 !== 0) return null;
  const pts = lineVertices(w);
  if (!Number.isInteger(index) || index < 0 || index >= pts.length) return null;
  if (!Number.isFinite(to.x) || !Number.isFinite(to.y)) return null;
  pts[index] = { x: Math.round(to.x), y: Math.round(to.y) };
  return refit(w, pts);
}
