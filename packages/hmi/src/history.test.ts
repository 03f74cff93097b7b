import { describe, expect, it } from 'vitest';
import type { Command } from './commands';
import { canRedo, canUndo, changeTypeOf, emptyHistory, execute, redo, undo, type History } from './history';
import { pageOf, rect } from './testkit';

describe('history', () => {
  const doc0 = pageOf([rect('a', 0, 0), rect('b', 10, 10)]);

  it('undoes and redoes a change', () => {
    const s1 = execute(doc0, emptyHistory, { type: 'move', ids: ['a'], dx: 5, dy: 5 });
    expect(canUndo(s1.history)).toBe(true);
    const u = undo(s1.doc, s1.history);
    expect(u.doc).toEqual(doc0);
    expect(canRedo(u.history)).toBe(true);
    const r = redo(u.doc, u.history);
    expect(r.doc).toEqual(s1.doc);
    expect(r.change).toBe('edit');
  });

  it('keeps at most 50 entries, dropping the oldest', () => {
    let doc = doc0;
    let history: History = emptyHistory;
    for (let i = 0; i < 60; i++) {
      ({ doc, history } = execute(doc, history, { type: 'move', ids: ['a'], dx: 1, dy: 0 }));
    }
    expect(history.past).toHaveLength(50);
    for (let i = 0; i < 50; i++) ({ doc, history } = undo(doc, history));
    expect(canUndo(history)).toBe(false);
    expect(doc.widgets[0]!.position.x).toBe(10); // the first 10 moves can no longer be undone
    expect(undo(doc, history).changed).toBe(false);
  });

  it('clears redo when a new change is recorded', () => {
    const s1 = execute(doc0, emptyHistory, { type: 'move', ids: ['a'], dx: 5, dy: 5 });
    const u = undo(s1.doc, s1.history);
    const s2 = execute(u.doc, u.history, { type: 'move', ids: ['b'], dx: 1, dy: 1 });
    expect(canRedo(s2.history)).toBe(false);
  });

  it('does not record a command that changes nothing', () => {
    const s = execute(doc0, emptyHistory, { type: 'move', ids: ['nobody'], dx: 5, dy: 5 });
    expect(s.changed).toBe(false);
    expect(s.history.past).toHaveLength(0);
  });

  it('reports a blocked paste and records nothing', () => {
    const webgl = (id: string) => ({ ...rect(id, 0, 0), widgetType: 'UsualWebgl' as const });
    const doc = pageOf([webgl('g1')]);
    const s = execute(doc, emptyHistory, { type: 'paste', widgets: [webgl('g2')], groups: [] });
    expect(s).toMatchObject({ changed: false, blocked: 'webglMax' });
    expect(s.history.past).toHaveLength(0);
  });

  it.each<[Command, string]>([
    [{ type: 'add', widgets: [] }, 'add'],
    [{ type: 'paste', widgets: [], groups: [] }, 'add'],
    [{ type: 'delete', ids: [] }, 'del'],
    [{ type: 'group', ids: [], groupId: 'g' }, 'group'],
    [{ type: 'ungroup', ids: [] }, 'ungroup'],
    [{ type: 'import', widgets: [], groups: [] }, 'import'],
    [{ type: 'zorder', ids: [], op: 'front' }, 'sort'],
    [{ type: 'layerMove', id: 'a', target: 'b', place: 'above' }, 'sort'],
    [{ type: 'lineVertex', id: 'a', index: 0, x: 1, y: 1 }, 'edit'],
    [{ type: 'pageOptions', patch: {} }, 'con'],
    [{ type: 'move', ids: [], dx: 1, dy: 1 }, 'edit'],
    [{ type: 'align', ids: [], edge: 'left' }, 'edit'],
  ])('records %j as change type %s', (cmd, change) => {
    expect(changeTypeOf(cmd)).toBe(change);
  });

  it('attaches the change type to each entry', () => {
    const s = execute(doc0, emptyHistory, { type: 'zorder', ids: ['a'], op: 'front' });
    expect(s.history.past[0]!.change).toBe('sort');
  });
});
