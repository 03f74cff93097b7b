/**
 * Where a widget references equipment signals: its own data binding, the signal arrays of its
 * data, its click event's write binding and its animations' condition bindings; report bindings
 * (reportSignalArray, customArray, the status timeline's reportSignal) are told apart because the
 * repair rules treat them differently. One walker serves repair, re-bind and "where used".
 */
import type { Widget } from './document';

/** The fields of a signal reference the kernels read and write. */
export interface SignalRefLike {
  signalId: string;
  equipId: string;
  title: string;
  subTitle: string;
  [extra: string]: unknown;
}

/** 'signal': live signal binding; 'report': a report-signal or custom-report binding. */
export type RefKind = 'signal' | 'report';

/** A visited reference: its kind and its path inside the widget (e.g. 'data.signalArray.2'). */
export interface RefSite {
  kind: RefKind;
  path: string;
}

type RefMapper = (ref: SignalRefLike, site: RefSite) => SignalRefLike;

const SIGNAL_ARRAYS = ['signalArray', 'signalArrayX', 'signalArrayY'] as const;
const REPORT_ARRAYS = ['reportSignalArray', 'customArray'] as const;

function isRef(value: unknown): value is SignalRefLike {
  return typeof value === 'object' && value !== null && 'signalId' in value;
}

function asRef(value: Record<string, unknown>): SignalRefLike {
  const s = (k: string) => (typeof value[k] === 'string' ? (value[k] as string) : '');
  return {
    ...value,
    signalId: s('signalId'),
    equipId: s('equipId'),
    title: s('title'),
    subTitle: s('subTitle'),
  };
}

/** Whether a top-level binding points at a signal (data type signal, or unset). */
function isSignalBinding(b: Record<string, unknown>): boolean {
  return b['type'] === undefined || b['type'] === 'signal';
}

function mapArray(arr: unknown, kind: RefKind, path: string, fn: RefMapper): unknown {
  if (!Array.isArray(arr)) return arr;
  let out: unknown[] | null = null;
  arr.forEach((item: unknown, i) => {
    if (!isRef(item)) return;
    const next = fn(asRef(item as Record<string, unknown>), { kind, path: `${path}.${i}` });
    if (!sameRef(next, item as Record<string, unknown>)) {
      out ??= arr.slice();
      out[i] = next;
    }
  });
  return out ?? arr;
}

function sameRef(a: SignalRefLike, b: Record<string, unknown>): boolean {
  return (
    a.signalId === (b['signalId'] ?? '') &&
    a.equipId === (b['equipId'] ?? '') &&
    a.title === (b['title'] ?? '') &&
    a.subTitle === (b['subTitle'] ?? '')
  );
}

function mapBinding(
  b: Record<string, unknown>,
  path: string,
  fn: RefMapper,
  withArrays: boolean,
): Record<string, unknown> {
  let out: Record<string, unknown> = b;
  const set = (k: string, v: unknown) => {
    if (v === out[k]) return;
    if (out === b) out = { ...b };
    out[k] = v;
  };
  if (isSignalBinding(b) && (b['signalId'] || b['equipId'])) {
    const next = fn(asRef(b), { kind: 'signal', path });
    if (!sameRef(next, b)) {
      out = { ...b, ...next };
    }
  }
  if (withArrays) {
    for (const k of SIGNAL_ARRAYS) set(k, mapArray(b[k], 'signal', `${path}.${k}`, fn));
    for (const k of REPORT_ARRAYS) set(k, mapArray(b[k], 'report', `${path}.${k}`, fn));
    const rs = b['reportSignal'];
    if (isRef(rs)) {
      const next = fn(asRef(rs as Record<string, unknown>), {
        kind: 'report',
        path: `${path}.reportSignal`,
      });
      if (!sameRef(next, rs as Record<string, unknown>)) set('reportSignal', next);
    }
  }
  return out;
}

/**
 * A widget with `fn` applied to each of its signal references; the same object when nothing
 * changed, else a copy that shares every untouched part.
 */
export function mapSignalRefs(widget: Widget, fn: RefMapper): Widget {
  let out = widget;
  const data = mapBinding(widget.data, 'data', fn, true);
  if (data !== widget.data) out = { ...out, data: data as Widget['data'] };
  const click = widget.clickEvent.config.data;
  const clickNext = mapBinding(click, 'clickEvent.config.data', fn, false);
  if (clickNext !== click) {
    out = {
      ...out,
      clickEvent: {
        ...out.clickEvent,
        config: { ...out.clickEvent.config, data: clickNext as Widget['data'] },
      },
    };
  }
  let anims: Widget['animation'] | null = null;
  widget.animation.forEach((a, i) => {
    const next = mapBinding(a.data, `animation.${i}.data`, fn, false);
    if (next !== a.data) {
      anims ??= widget.animation.slice();
      anims[i] = { ...a, data: next as Widget['data'] };
    }
  });
  if (anims) out = { ...out, animation: anims };
  return out;
}

/** Calls `fn` for each signal reference of a widget. */
export function forEachSignalRef(widget: Widget, fn: (ref: SignalRefLike, site: RefSite) => void): void {
  mapSignalRefs(widget, (ref, site) => {
    fn(ref, site);
    return ref;
  });
}

/**
 * A reference with its signal fields emptied (docs/requirements/pages-and-designer.md §7.1: cleared binding).
 */
export function clearedRef(ref: SignalRefLike): SignalRefLike {
  return { ...ref, signalId: '', title: '', equipId: '', subTitle: '' };
}
