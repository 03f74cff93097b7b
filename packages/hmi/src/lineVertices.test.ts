import { describe, expect, it } from 'vitest';
import { apply } from './commands';
import { defaultWidget } from './defaults';
import { insertLineVertex, lineVertices, moveLineVertex, removeLineVertex } from './lineVertices';
import { findWidget } from './pageIndex';
import { group, pageOf, rect } from './testkit';

// a polyline in the box (100, 100) 200 x 100: vertices (100, 200), (200, 100), (300, 200)
const line = (extra: { id?: string; rotate?: number; posLock?: boolean } = {}) => {
  const w = defaultWidget('ShapeLine', { id: extra.id ?? 'l', x: 100, y: 100, width: 200, height: 100 });
  return { ...w, posLock: extra.posLock ?? false, position: { ...w.position, rotate: extra.rotate ?? 0 } };
};

describe('line vertices', () => {
  it('reads the vertices in page units', () => {
    expect(lineVertices(line())).toEqual([
      { x: 100, y: 200 },
      { x: 200, y: 100 },
      { x: 300, y: 200 },
    ]);
    expect(lineVertices(rect('r', 0, 0))).toEqual([]);
  });

  it('moves a vertex inside the box; the others keep their page places', () => {
    const moved = moveLineVertex(line(), 1, { x: 150, y: 150 })!;
    expect(lineVertices(moved)).toEqual([
      { x: 100, y: 200 },
      { x: 150, y: 150 },
      { x: 300, y: 200 },
    ]);
    expect(moved.position).toMatchObject({ x: 100, y: 150, width: 200, height: 50 });
  });

  it('grows the box when a vertex goes outside it', () => {
    const moved = moveLineVertex(line(), 2, { x: 400, y: 20 })!;
    expect(moved.position).toMatchObject({ x: 100, y: 20, width: 300, height: 180 });
    expect(lineVertices(moved)).toEqual([
      { x: 100, y: 200 },
      { x: 200, y: 100 },
      { x: 400, y: 20 },
    ]);
  });

  it('keeps the minimum size 2 when all vertices come into one row', () => {
    const flat = moveLineVertex(moveLineVertex(line(), 1, { x: 200, y: 200 })!, 0, { x: 100, y: 200 })!;
    expect(flat.position).toMatchObject({ y: 199, height: 2 });
    expect(lineVertices(flat).map((p) => p.y)).toEqual([200, 200, 200]);
  });

  it('refuses a rotated line, a missing vertex and a widget that is no line', () => {
    expect(moveLineVertex(line({ rotate: 90 }), 0, { x: 0, y: 0 })).toBeNull();
    expect(moveLineVertex(line(), 3, { x: 0, y: 0 })).toBeNull();
    expect(moveLineVertex(line(), -1, { x: 0, y: 0 })).toBeNull();
    expect(moveLineVertex(rect('r', 0, 0), 0, { x: 0, y: 0 })).toBeNull();
  });
});

describe('adding and removing vertices', () => {
  it('adds a vertex in the middle of a segment', () => {
    expect(lineVertices(insertLineVertex(line(), 0)!)).toEqual([
      { x: 100, y: 200 },
      { x: 150, y: 150 },
      { x: 200, y: 100 },
      { x: 300, y: 200 },
    ]);
    expect(insertLineVertex(line(), 2)).toBeNull();
  });

  it('removes a vertex, the box refitting, but keeps at least 2', () => {
    const two = removeLineVertex(line(), 1)!;
    expect(lineVertices(two)).toEqual([
      { x: 100, y: 200 },
      { x: 300, y: 200 },
    ]);
    expect(two.position).toMatchObject({ y: 199, height: 2 });
    expect(removeLineVertex(two, 0)).toBeNull();
  });

  it('edits vertices by command, undone by its inverse', () => {
    const doc = pageOf([line()]);
    const r = apply(doc, { type: 'lineVertexEdit', id: 'l', index: 1, op: 'insert' });
    expect(lineVertices(findWidget(r.doc, 'l')!)).toHaveLength(4);
    expect(apply(r.doc, r.inverse).doc).toEqual(doc);
    const d = apply(doc, { type: 'lineVertexEdit', id: 'l', index: 0, op: 'remove' });
    expect(lineVertices(findWidget(d.doc, 'l')!)).toHaveLength(2);
    expect(apply(d.doc, d.inverse).doc).toEqual(doc);
  });
});

describe('lineVertex command', () => {
  it('moves the vertex as one edit whose inverse puts the line back', () => {
    const doc = pageOf([line()]);
    const r = apply(doc, { type: 'lineVertex', id: 'l', index: 0, x: 50, y: 250 });
    expect(r.changed).toBe(true);
    expect(lineVertices(findWidget(r.doc, 'l')!)[0]).toEqual({ x: 50, y: 250 });
    expect(apply(r.doc, r.inverse).doc).toEqual(doc);
  });

  it('leaves a locked line and a line in a locked group alone', () => {
    expect(
      apply(pageOf([line({ posLock: true })]), { type: 'lineVertex', id: 'l', index: 0, x: 0, y: 0 }).changed,
    ).toBe(false);
    const w = { ...line(), groupId: 'g' };
    const locked = pageOf(
      [w, rect('r', 0, 0, 10, 10, { groupId: 'g' })],
      [{ ...group('g', ['l', 'r']), posLock: true }],
    );
    expect(apply(locked, { type: 'lineVertex', id: 'l', index: 0, x: 0, y: 0 }).changed).toBe(false);
  });
});
