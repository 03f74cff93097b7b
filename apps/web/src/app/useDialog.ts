import { useState } from 'react';

/**
 * Open/close state of a form dialog and what it works on. The target outlives the closing
 * animation (the title does not flicker), and every opening gets a new `key`, so a dialog keyed
 * with it starts from a fresh form instead of the values left by the previous opening.
 */
export function useDialog<T>() {
  const [state, setState] = useState<{ open: boolean; target: T | undefined; key: number }>({
    open: false,
    target: undefined,
    key: 0,
  });
  return {
    open: state.open,
    target: state.target,
    key: state.key,
    show: (target?: T) => setState((s) => ({ open: true, target, key: s.key + 1 })),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}

/** What a dialog opened by `useDialog` receives: whether it shows, its row (none when adding), how to close. */
export interface RowDialogProps<T> {
  open: boolean;
  row: T | undefined;
  onClose(): void;
}
