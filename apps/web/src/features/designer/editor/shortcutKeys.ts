/**
 * Keyboard shortcuts as data (docs/requirements/pages-and-designer.md §4.10): which key with which
 * modifiers, matched against a key event, and written the way the tooltips show it.
 */

export interface Shortcut {
  /** `KeyboardEvent.key` in lower case: 'z', 'delete', 'arrowleft', 'escape' */
  key: string;
  /** Ctrl, or ⌘ on a Mac */
  ctrl?: boolean;
  shift?: boolean;
}

/** What matching reads of a key event. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/** The key pressed is the shortcut's, with exactly its Ctrl and Shift (Alt is not read). */
export function matches(shortcut: Shortcut, e: KeyPress): boolean {
  return (
    e.key.toLowerCase() === shortcut.key &&
    (e.ctrlKey || e.metaKey) === !!shortcut.ctrl &&
    e.shiftKey === !!shortcut.shift
  );
}

const KEY_NAMES: Record<string, string> = {
  delete: 'Delete',
  backspace: 'Backspace',
  escape: 'Esc',
  arrowleft: '←',
  arrowright: '→',
  arrowup: '↑',
  arrowdown: '↓',
};

/** 'Ctrl+Shift+G', 'Delete', 'Shift+←'. */
export function shortcutText(shortcut: Shortcut): string {
  const name = KEY_NAMES[shortcut.key] ?? shortcut.key.toUpperCase();
  return [shortcut.ctrl && 'Ctrl', shortcut.shift && 'Shift', name].filter(Boolean).join('+');
}
