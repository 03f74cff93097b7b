/**
 * Keyboard shortcuts of the designer: Ctrl+Z/Y undo/redo, Ctrl+C/X/V clipboard, Delete, Ctrl+G
 * group, Ctrl+Shift+G ungroup, arrows nudge 1 px (Shift 10 px), Ctrl+A select all, Ctrl+S save,
 * Escape clears the selection. Typing in a field keeps its keys (except Ctrl+S).
 */
import { useEffect } from 'react';
import type { EditorStore } from './editorStore';
import { pointerUnits } from './units';
import { copyBlocked, groupSelection, nudgeSelection, ungroupSelection, type Refusal } from './editorActions';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.closest) return false;
  return !!el.closest(
    'input, textarea, select, [contenteditable="true"], .ant-select, .ant-picker, .ant-modal',
  );
}

export function useShortcuts(
  store: EditorStore,
  handlers: { save: () => void; refused: (key: NonNullable<Refusal>) => void; copied: () => void },
): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const ctrl = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (ctrl && key === 's') {
        e.preventDefault();
        handlers.save();
        return;
      }
      if (typing(e.target)) return;
      const s = store.getState();
      const done = (refusal: Refusal = null) => {
        e.preventDefault();
        if (refusal) handlers.refused(refusal);
      };
      if (ctrl && !e.shiftKey && key === 'z') {
        s.undo();
        return done();
      }
      if (ctrl && (key === 'y' || (e.shiftKey && key === 'z'))) {
        s.redo();
        return done();
      }
      if (ctrl && key === 'c') {
        if (s.copy()) handlers.copied();
        return done();
      }
      if (ctrl && key === 'x') return done(copyBlocked(s.cut()));
      if (ctrl && key === 'v') return done(copyBlocked(s.paste()));
      if (ctrl && key === 'g') return done(e.shiftKey ? ungroupSelection(store) : groupSelection(store));
      if (ctrl && key === 'a') {
        s.select([...pointerUnits(s.doc).keys()]);
        return done();
      }
      if (key === 'delete' || key === 'backspace') {
        s.deleteSelection();
        return done();
      }
      if (key === 'escape') return s.select([]);
      const step = e.shiftKey ? 10 : 1;
      if (key === 'arrowleft') return done(nudgeSelection(store, -step, 0));
      if (key === 'arrowright') return done(nudgeSelection(store, step, 0));
      if (key === 'arrowup') return done(nudgeSelection(store, 0, -step));
      if (key === 'arrowdown') return done(nudgeSelection(store, 0, step));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, handlers]);
}
