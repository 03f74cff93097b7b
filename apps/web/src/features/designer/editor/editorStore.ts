/**
 * The state of one open designer: the page document, its undo history, the selection, the view
 * (zoom, animation preview) and the save state. Every change of the document goes through an
 * hmi command (`execute`), so undo/redo, the unsaved flag and the save all see the same thing.
 * One store per open editor (createEditorStore), read with selectors so a panel re-renders only
 * when what it shows changes.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  copySelection,
  emptyHistory,
  execute,
  newId,
  preparePaste,
  redo,
  selectionUnits,
  undo,
  type Clipboard,
  type Command,
  type CopyBlockReason,
  type DesignerSettings,
  type History,
  type PageDocument,
} from '@fieldhub/hmi';

export interface EditorState {
  doc: PageDocument;
  history: History;
  /** selected unit ids: widget ids, or group ids for grouped widgets */
  selection: string[];
  /** changes since the last save (the leave-page warning and autosave read it) */
  dirty: boolean;
  /** the stored page's version the next save is made against (optimistic concurrency) */
  version: number;
  zoom: number;
  settings: DesignerSettings;
  /** play the cheap animations on the canvas */
  preview: boolean;
}

export interface EditorActions {
  /** Runs a command through the history; answers why it was blocked, if it was. */
  run(command: Command): CopyBlockReason | null;
  undo(): void;
  redo(): void;
  select(ids: string[]): void;
  copy(): boolean;
  cut(): CopyBlockReason | null;
  paste(): CopyBlockReason | null;
  /** Copy-drag: copies of the units `ids` placed (dx, dy) away, selected; or why it is blocked. */
  copyTo(ids: string[], dx: number, dy: number): CopyBlockReason | null;
  deleteSelection(): void;
  setZoom(zoom: number): void;
  setSettings(settings: DesignerSettings): void;
  setPreview(on: boolean): void;
  /** The page was saved as `version` (the document saved is `saved`). */
  markSaved(version: number, saved: PageDocument): void;
  /** Replaces the document with a freshly loaded one, history cleared. */
  load(doc: PageDocument, version: number): void;
}

export type EditorStore = StoreApi<EditorState & EditorActions>;

export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 4;

// One clipboard for the tab: copy on one page, paste on another.
let clipboard: Clipboard | null = null;
let pasteCount = 0;

export function createEditorStore(
  doc: PageDocument,
  version: number,
  settings: DesignerSettings,
): EditorStore {
  return createStore<EditorState & EditorActions>()((set, get) => {
    /** The selection without ids the document no longer has. */
    const living = (d: PageDocument, ids: string[]) => {
      const units = selectionUnits(d, ids);
      return units.length === ids.length ? ids : units.map((u) => u.id);
    };
    // the history entry on top when the page was last saved: undoing back to it clears the
    // unsaved flag (an undo makes new objects, so the document itself cannot be compared)
    let savedTop: unknown = null;
    const top = (h: History): unknown => h.past[h.past.length - 1] ?? null;
    const changed = (next: PageDocument, history: History, selection?: string[]) =>
      set((s) => ({
        doc: next,
        history,
        dirty: top(history) !== savedTop,
        selection: living(next, selection ?? s.selection),
      }));
    return {
      doc,
      history: emptyHistory,
      selection: [],
      dirty: false,
      version,
      zoom: 1,
      settings,
      preview: false,
      run(command) {
        const s = get();
        const step = execute(s.doc, s.history, command);
        if (step.changed) changed(step.doc, step.history);
        return (step.blocked as CopyBlockReason | undefined) ?? null;
      },
      undo() {
        const s = get();
        const step = undo(s.doc, s.history);
        if (step.changed) changed(step.doc, step.history);
      },
      redo() {
        const s = get();
        const step = redo(s.doc, s.history);
        if (step.changed) changed(step.doc, step.history);
      },
      select(ids) {
        const s = get();
        if (ids.length === s.selection.length && ids.every((id, i) => id === s.selection[i])) return;
        set({ selection: ids });
      },
      copy() {
        const s = get();
        if (!s.selection.length) return false;
        clipboard = copySelection(s.doc, s.selection);
        pasteCount = 0;
        return clipboard.widgets.length > 0;
      },
      cut() {
        const s = get();
        if (!get().copy()) return null;
        // a cut pastes back at the same place first, then 50, 100, ...
        pasteCount = -1;
        s.deleteSelection();
        return null;
      },
      paste() {
        const s = get();
        if (!clipboard || !clipboard.widgets.length) return null;
        const prepared = preparePaste(s.doc, clipboard, pasteCount + 1, (kind) =>
          newId(kind === 'group' ? 'g' : 'w'),
        );
        if (!prepared.ok) return prepared.reason;
        const step = execute(s.doc, s.history, {
          type: 'paste',
          widgets: prepared.widgets,
          groups: prepared.groups,
        });
        if (step.blocked) return step.blocked as CopyBlockReason;
        if (!step.changed) return null;
        pasteCount += 1;
        const grouped = new Set(prepared.groups.flatMap((g) => g.children));
        const selection = [
          ...prepared.groups.map((g) => g.id),
          ...prepared.widgets.filter((w) => !grouped.has(w.id)).map((w) => w.id),
        ];
        changed(step.doc, step.history, selection);
        return null;
      },
      copyTo(ids, dx, dy) {
        const s = get();
        const clip = copySelection(s.doc, ids);
        if (!clip.widgets.length) return null;
        const prepared = preparePaste(s.doc, clip, 0, (kind) => newId(kind === 'group' ? 'g' : 'w'));
        if (!prepared.ok) return prepared.reason;
        const widgets = prepared.widgets.map((w) => ({
          ...w,
          posLock: false,
          position: { ...w.position, x: w.position.x + dx, y: w.position.y + dy },
        }));
        const step = execute(s.doc, s.history, { type: 'paste', widgets, groups: prepared.groups });
        if (step.blocked) return step.blocked as CopyBlockReason;
        if (!step.changed) return null;
        const grouped = new Set(prepared.groups.flatMap((g) => g.children));
        changed(step.doc, step.history, [
          ...prepared.groups.map((g) => g.id),
          ...widgets.filter((w) => !grouped.has(w.id)).map((w) => w.id),
        ]);
        return null;
      },
      deleteSelection() {
        const s = get();
        if (!s.selection.length) return;
        const ids = selectionUnits(s.doc, s.selection).flatMap((u) => u.members.map((w) => w.id));
        const step = execute(s.doc, s.history, { type: 'delete', ids });
        if (step.changed) changed(step.doc, step.history, []);
      },
      setZoom(zoom) {
        set({ zoom: Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(zoom * 100) / 100)) });
      },
      setSettings(next) {
        set({ settings: next });
      },
      setPreview(on) {
        set({ preview: on });
      },
      markSaved(nextVersion, saved) {
        const s = get();
        // edits made while the save was under way stay unsaved
        savedTop = s.doc === saved ? top(s.history) : {};
        set({ version: nextVersion, dirty: s.doc !== saved });
      },
      load(next, nextVersion) {
        savedTop = null;
        set({ doc: next, history: emptyHistory, selection: [], dirty: false, version: nextVersion });
      },
    };
  });
}

/** Forgets the tab's clipboard (tests). */
export function clearClipboard(): void {
  clipboard = null;
  pasteCount = 0;
}
