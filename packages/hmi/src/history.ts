/**
 * Undo history of the designer (docs/requirements/pages-and-designer.md §4.8): depth 50, a new change clears
 * redo, each entry carries its change type. Immutable: every operation returns a new history and document.
 * Live values never enter it (the viewer never records).
 */
import { apply, type Command } from './commands';
import { HISTORY_DEPTH } from './constants';
import type { PageDocument } from './document';

/** Change types of history entries (docs/requirements/pages-and-designer.md §4.8). */
export type ChangeType = 'edit' | 'add' | 'del' | 'group' | 'ungroup' | 'import' | 'sort' | 'con';

/** The change type a command records under. */
export function changeTypeOf(cmd: Command): ChangeType {
  switch (cmd.type) {
    case 'add':
    case 'paste':
      return 'add';
    case 'delete':
      return 'del';
    case 'group':
      return 'group';
    case 'ungroup':
      return 'ungroup';
    case 'import':
      return 'import';
    case 'zorder':
    case 'layerMove':
      return 'sort';
    case 'pageOptions':
      return 'con';
    case 'move':
    case 'resize':
    case 'rotate':
    case 'lineVertex':
    case 'lineVertexEdit':
    case 'setProperty':
    case 'lock':
    case 'align':
    case 'distribute':
    case 'rebind':
    case 'updateWidgets':
    case 'restore':
      return 'edit';
  }
}

/** One recorded change: the command, its inverse and its type. */
export interface HistoryEntry {
  command: Command;
  inverse: Command;
  change: ChangeType;
}

/** Undo and redo stacks (most recent last). */
export interface History {
  past: readonly HistoryEntry[];
  future: readonly HistoryEntry[];
}

export const emptyHistory: History = { past: [], future: [] };

/** The outcome of a history step. */
export interface HistoryStep {
  doc: PageDocument;
  history: History;
  /** False when nothing happened (no-op command, nothing to undo or redo, blocked paste). */
  changed: boolean;
  /** The change type of the entry done, undone or redone. */
  change?: ChangeType;
}

/**
 * Applies a command and records it: the oldest entry falls off past depth 50, and the redo stack
 * is cleared. A command that changes nothing is not recorded.
 */
export function execute(
  doc: PageDocument,
  history: History,
  command: Command,
  change: ChangeType = changeTypeOf(command),
): HistoryStep & { blocked?: string } {
  const r = apply(doc, command);
  if (!r.changed) {
    return r.blocked
      ? { doc, history, changed: false, blocked: r.blocked }
      : { doc, history, changed: false };
  }
  const past = [...history.past, { command, inverse: r.inverse, change }];
  if (past.length > HISTORY_DEPTH) past.splice(0, past.length - HISTORY_DEPTH);
  return { doc: r.doc, history: { past, future: [] }, changed: true, change };
}

/** Undoes the last change. */
export function undo(doc: PageDocument, history: History): HistoryStep {
  const entry = history.past[history.past.length - 1];
  if (!entry) return { doc, history, changed: false };
  const r = apply(doc, entry.inverse);
  // The redo entry re-applies the original command; its inverse is computed again on redo.
  return {
    doc: r.doc,
    history: { past: history.past.slice(0, -1), future: [...history.future, entry] },
    changed: true,
    change: entry.change,
  };
}

/** Redoes the last undone change. */
export function redo(doc: PageDocument, history: History): HistoryStep {
  const entry = history.future[history.future.length - 1];
  if (!entry) return { doc, history, changed: false };
  const r = apply(doc, entry.command);
  return {
    doc: r.doc,
    history: {
      past: [...history.past, { ...entry, inverse: r.inverse }],
      future: history.future.slice(0, -1),
    },
    changed: true,
    change: entry.change,
  };
}

export const canUndo = (h: History): boolean => h.past.length > 0;
export const canRedo = (h: History): boolean => h.future.length > 0;
