import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_DESIGNER_SETTINGS,
  defaultWidget,
  emptyPage,
  type PageDocument,
  type WidgetType,
} from '@fieldhub/hmi';
import { clearClipboard, createEditorStore } from './editorStore';
import {
  alignSelection,
  distributeSelection,
  groupSelection,
  nudgeSelection,
  toggleLock,
} from './editorActions';

function pageWith(...specs: [string, WidgetType, number, number][]): PageDocument {
  const page = emptyPage();
  page.widgets = specs.map(([id, type, x, y]) => defaultWidget(type, { id, x, y, width: 40, height: 20 }));
  return page;
}

const at = (doc: PageDocument, id: string) => {
  const w = doc.widgets.find((x) => x.id === id)!;
  return { x: w.position.x, y: w.position.y };
};

describe('designer editor store', () => {
  beforeEach(clearClipboard);

  it('pastes copies 50 px further on each repeat, with new ids, selecting what was pasted', () => {
    const store = createEditorStore(pageWith(['a', 'ShapeRect', 10, 20]), 1, DEFAULT_DESIGNER_SETTINGS);
    store.getState().select(['a']);
    expect(store.getState().copy()).toBe(true);
    expect(store.getState().paste()).toBeNull();
    expect(store.getState().paste()).toBeNull();
    const { doc, selection } = store.getState();
    expect(doc.widgets.map((w) => at(doc, w.id))).toEqual([
      { x: 10, y: 20 },
      { x: 60, y: 70 },
      { x: 110, y: 120 },
    ]);
    expect(new Set(doc.widgets.map((w) => w.id)).size).toBe(3);
    expect(selection).toEqual([doc.widgets[2]!.id]);
  });

  it('blocks a paste past the 2,000-widget limit and says why', () => {
    const page = emptyPage();
    page.widgets = Array.from({ length: 2000 }, (_, i) => defaultWidget('ShapeRect', { id: `w${i}` }));
    const store = createEditorStore(page, 1, DEFAULT_DESIGNER_SETTINGS);
    store.getState().select(['w0']);
    store.getState().copy();
    expect(store.getState().paste()).toBe('widgetMax');
    expect(store.getState().doc.widgets).toHaveLength(2000);
  });

  it('cut removes the selection and the first paste puts it back in place', () => {
    const store = createEditorStore(
      pageWith(['a', 'ShapeRect', 10, 20], ['b', 'UsualText', 100, 20]),
      1,
      DEFAULT_DESIGNER_SETTINGS,
    );
    store.getState().select(['a']);
    store.getState().cut();
    expect(store.getState().doc.widgets.map((w) => w.id)).toEqual(['b']);
    store.getState().paste();
    const pasted = store.getState().doc.widgets[1]!;
    expect(at(store.getState().doc, pasted.id)).toEqual({ x: 10, y: 20 });
  });

  it('marks the page unsaved on a change and saved again when undo returns to the saved document', () => {
    const store = createEditorStore(pageWith(['a', 'ShapeRect', 10, 20]), 1, DEFAULT_DESIGNER_SETTINGS);
    store.getState().select(['a']);
    nudgeSelection(store, 1, 0);
    expect(store.getState().dirty).toBe(true);
    store.getState().undo();
    expect(store.getState().dirty).toBe(false);
    store.getState().redo();
    const saved = store.getState().doc;
    store.getState().markSaved(2, saved);
    expect(store.getState()).toMatchObject({ dirty: false, version: 2 });
    store.getState().undo();
    expect(store.getState().dirty).toBe(true);
  });

  it('never groups, aligns or moves a locked widget and refuses with the reason', () => {
    const store = createEditorStore(
      pageWith(['a', 'ShapeRect', 10, 20], ['b', 'ShapeRect', 100, 60], ['c', 'ShapeRect', 300, 90]),
      1,
      DEFAULT_DESIGNER_SETTINGS,
    );
    store.getState().select(['b']);
    expect(toggleLock(store)).toBeNull();
    store.getState().select(['a', 'b']);
    expect(groupSelection(store)).toBe('message.group-needs-two');
    expect(alignSelection(store, 'top')).toBe('message.align-needs-two');
    nudgeSelection(store, 5, 5);
    expect(at(store.getState().doc, 'b')).toEqual({ x: 100, y: 60 });
    expect(at(store.getState().doc, 'a')).toEqual({ x: 15, y: 25 });
    store.getState().select(['a', 'b', 'c']);
    expect(distributeSelection(store, 'horizontal')).toBe('message.distribute-needs-three');
    expect(alignSelection(store, 'top')).toBeNull();
    expect(at(store.getState().doc, 'c').y).toBe(25);
    expect(at(store.getState().doc, 'b').y).toBe(60);
  });

  it('groups two unlocked widgets into one selectable unit and undoes it in one step', () => {
    const store = createEditorStore(
      pageWith(['a', 'ShapeRect', 10, 20], ['b', 'ShapeRect', 100, 60]),
      1,
      DEFAULT_DESIGNER_SETTINGS,
    );
    store.getState().select(['a', 'b']);
    expect(groupSelection(store)).toBeNull();
    const { doc, selection } = store.getState();
    expect(doc.groups).toHaveLength(1);
    expect(selection).toEqual([doc.groups[0]!.id]);
    store.getState().undo();
    expect(store.getState().doc.groups).toHaveLength(0);
    expect(store.getState().selection).toEqual([]);
  });

  it('copy-drags a unit to a new place as a new, unlocked widget and blocks past the limit', () => {
    const store = createEditorStore(pageWith(['a', 'ShapeRect', 10, 20]), 1, DEFAULT_DESIGNER_SETTINGS);
    expect(store.getState().copyTo(['a'], 30, 40)).toBeNull();
    const { doc, selection } = store.getState();
    expect(doc.widgets).toHaveLength(2);
    expect(at(doc, selection[0]!)).toEqual({ x: 40, y: 60 });
    expect(at(doc, 'a')).toEqual({ x: 10, y: 20 });
    const full = emptyPage();
    full.widgets = Array.from({ length: 2000 }, (_, i) => defaultWidget('ShapeRect', { id: `w${i}` }));
    const crowded = createEditorStore(full, 1, DEFAULT_DESIGNER_SETTINGS);
    expect(crowded.getState().copyTo(['w1'], 10, 10)).toBe('widgetMax');
  });
});
