/**
 * The designer's keyboard: each key press runs the action whose shortcut it is (actions.tsx: Ctrl+Z/Y
 * undo/redo, Ctrl+C/X/V clipboard, Delete, Ctrl+G group, Ctrl+Shift+G ungroup, arrows nudge 1 px,
 * with Shift 10 px, Ctrl+A select all, Ctrl+S save, Escape clears the selection). Typing in a field
 * keeps its keys, except for actions marked to work there (Ctrl+S).
 */
import { useEffect } from 'react';
import { actionForKey, runAction, type ActionEnv } from './actions';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.closest) return false;
  return !!el.closest(
    'input, textarea, select, [contenteditable="true"], .ant-select, .ant-picker, .ant-modal',
  );
}

export function useShortcuts(env: ActionEnv): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = actionForKey(e);
      if (!action || (!action.inFields && typing(e.target))) return;
      e.preventDefault();
      runAction(action, env);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [env]);
}
