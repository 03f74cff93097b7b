/**
 * Live refresh of the alarm table (docs/requirements/widgets.md §4.9): the viewer notifies alarms raised
 * or released on its sockets under `alarmEventKey`; the table reads its page again on one of its
 * devices' (between those, every roll time).
 */
import { useEffect, useRef } from 'react';
import { alarmEventKey, ANY_ALARM_EVENT_KEY, useWidgetRuntime } from '../runtime';

/** A burst of alarms (a device raising several at once) leads to one reading. */
const SETTLE_MS = 300;

/**
 * Calls `onEvent` when an alarm of one of `equipmentIds` is raised or released, or of any device
 * the page listens to when the list is empty. Nothing in the designer.
 */
export function useAlarmEvents(equipmentIds: readonly number[], onEvent: () => void): void {
  const runtime = useWidgetRuntime();
  const latest = useRef(onEvent);
  latest.current = onEvent;
  const ids = equipmentIds.join(',');
  useEffect(() => {
    if (runtime.mode !== 'view') return;
    const keys = ids ? ids.split(',').map(alarmEventKey) : [ANY_ALARM_EVENT_KEY];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const changed = () => {
      timer ??= setTimeout(() => {
        timer = null;
        latest.current();
      }, SETTLE_MS);
    };
    const offs = keys.map((key) => runtime.subscribe(key, changed));
    return () => {
      for (const off of offs) off();
      if (timer) clearTimeout(timer);
    };
  }, [runtime, ids]);
}
