import { useState } from 'react';

/**
 * Open/close state of a dialog and what it works on. The target outlives the closing animation
 * (the title does not flicker), and every opening gets a new `key`, so a dialog keyed with it
 * starts from a fresh form. The same pattern as the account screens' hook; both could move to
 * app/ once the account screens settle.
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
