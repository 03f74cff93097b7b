/**
 * Pointing a binding at a source (docs/requirements/pages-and-designer.md §6.1, §6.2): a device
 * variable, an intermediate variable of the project or a system key. A binding names one source
 * at a time, so binding one clears the fields of the others; the items of the series arrays
 * (`mvarArray`, `systemArray`) name theirs in their own field.
 */
import { signalRefSchema, type Binding, type SignalRef } from './document';

/** A source a binding can point at. */
export type BindTarget =
  | { type: 'signal'; signalId: string; equipId: string; title: string; subTitle: string }
  | { type: 'mvar'; mvarId: string; title: string }
  | { type: 'system'; systemKey: string; title: string };

const EMPTY = { signalId: '', equipId: '', title: '', subTitle: '', mvarId: '', systemKey: '' };

/** The binding pointed at `target`; its other fields (arrays, widget-specific ones) are kept. */
export function bindTo<B extends Binding>(binding: B, target: BindTarget): B {
  return { ...binding, ...EMPTY, ...target };
}

/** The binding pointed at nothing (a device-variable binding, unbound). */
export function unbind<B extends Binding>(binding: B): B {
  return { ...binding, ...EMPTY, type: 'signal' };
}

/** Whether a binding names a source of its type. */
export function isBound(binding: Binding): boolean {
  switch (binding.type) {
    case 'mvar':
      return binding.mvarId !== '';
    case 'system':
      return binding.systemKey !== '';
    default:
      return binding.signalId !== '';
  }
}

/** Fields an item of a series array may carry besides its source. */
type RefExtras = Partial<Pick<SignalRef, 'color' | 'alias' | 'subTitle'>>;

/** An item of `mvarArray` naming an intermediate variable. */
export function mvarRef(mvarId: string, title: string, extras: RefExtras = {}): SignalRef {
  return signalRefSchema.parse({ ...extras, mvarId, title });
}

/** An item of `systemArray` naming a system key. */
export function systemRef(systemKey: string, title: string, extras: RefExtras = {}): SignalRef {
  return signalRefSchema.parse({ ...extras, systemKey, title });
}
