/**
 * What a widget body may ask of the screen it is drawn on. The designer draws widgets without
 * live data (`DESIGN_RUNTIME`); the live page viewer provides a runtime with values from its
 * sockets, writes and page jumps. Widget bodies read the runtime through `useWidgetRuntime` and
 * never talk to sockets or calls themselves, so one body serves both screens.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Binding, ClickEvent, SignalRef, Widget } from '@fieldhub/hmi';

/** The latest value of a bound source as the viewer holds it. */
export interface RuntimeValue {
  value: number | string | null;
  /** milliseconds since the epoch */
  ts: number;
  /** 0 = good, else the catalogue code of the failed read */
  quality: number;
  /** the gateway is offline: the value is stale and drawn greyed with its time */
  stale: boolean;
  /** after a failed reading (quality not 0): the last value read well, when there was one */
  last?: number | string | null;
}

/**
 * A project's rule for a failed reading (docs/requirements/projects.md §2.1): `custom` shows `text`
 * (the project's errorDefaultVal), `last` the last value read.
 */
export interface FailedReadingRule {
  show: 'custom' | 'last';
  text: string;
}

/** A bound source: the single binding of a widget, or one entry of its signal arrays. */
export type RuntimeSource =
  Pick<Binding, 'type' | 'signalId' | 'equipId' | 'systemKey' | 'mvarId'> | SignalRef;

export interface WidgetRuntime {
  mode: 'design' | 'view';
  /** the key under which `subscribe` notifies changes of a source ('' when it names nothing) */
  keyOf(source: RuntimeSource): string;
  /** the current value of a source key */
  valueOf(key: string): RuntimeValue | undefined;
  /** calls `listener` when the value of `key` changes (at most once per animation frame) */
  subscribe(key: string, listener: () => void): () => void;
  /** the owning project, device or template id, for widgets that query history or alarms */
  scope: { kind: 'equipment' | 'project' | 'template' | 'none'; id: string };
  /** the project's rule for a failed reading (project pages only) */
  failedReading?: FailedReadingRule | undefined;
}

/**
 * Keys under which the viewer notifies an alarm of a device raised or released (the value: the
 * alarm's id and state), and one for an alarm of any device the page listens to; a widget that
 * lists alarms reads them again on a change (docs/requirements/widgets.md §4.9).
 */
export const alarmEventKey = (equipmentId: string | number) => `a:${equipmentId}`;
export const ANY_ALARM_EVENT_KEY = 'a:*';

/** The designer's runtime: no live values; widgets show their design-time look. */
export const DESIGN_RUNTIME: WidgetRuntime = {
  mode: 'design',
  keyOf: () => '',
  valueOf: () => undefined,
  subscribe: () => () => undefined,
  scope: { kind: 'none', id: '' },
};

export const WidgetRuntimeContext = createContext<WidgetRuntime>(DESIGN_RUNTIME);

export function useWidgetRuntime(): WidgetRuntime {
  return useContext(WidgetRuntimeContext);
}

/** The live value of one source; re-renders the caller only when that value changes. */
export function useRuntimeValue(source: RuntimeSource | undefined): RuntimeValue | undefined {
  const runtime = useWidgetRuntime();
  const key = source ? runtime.keyOf(source) : '';
  return useSyncExternalStore(
    (listener) => (key ? runtime.subscribe(key, listener) : () => undefined),
    () => (key ? runtime.valueOf(key) : undefined),
  );
}

/**
 * How a control that writes from its own body (a scroll bar dragged, a time picked) hands the
 * value to the viewer's write path (confirmation, limits, the write permission, the device task),
 * and how a body with click events of its own (a carousel's pictures) runs one through the
 * viewer's click runner. Absent in the designer; `canWrite` is false without the write permission.
 */
export interface WidgetWriter {
  write(widget: Widget, value: string): void;
  /** runs `event` as the widget's click (its delay, confirmation and target rules) */
  click(widget: Widget, event: ClickEvent): void;
  canWrite: boolean;
}

export const WidgetWriteContext = createContext<WidgetWriter | null>(null);

export function useWidgetWriter(): WidgetWriter | null {
  return useContext(WidgetWriteContext);
}
