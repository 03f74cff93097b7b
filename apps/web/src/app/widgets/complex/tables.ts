/** Which equipment and columns the history and alarm tables read (pure; see ComplexTableBody). */
import { ALARM_DEFAULT_COLUMNS, type Widget } from '@fieldhub/hmi';
import type { WidgetRuntime } from '../runtime';
import { obj } from '../styleOf';

type Loose = Record<string, unknown>;

/** The equipment a table reads: its bound refs' (or alarm equips') first equipment, else the page's own. */
export function tableEquipment(w: Widget, scope: WidgetRuntime['scope']): string {
  const d = w.data as Loose;
  if (w.widgetType === 'ComplexAlarm') {
    const first = (Array.isArray(d['equips']) ? d['equips'] : []).map(obj).find((e) => e['equipmentId']);
    if (first) return String(first['equipmentId']);
  } else {
    const ref = [...w.data.reportSignalArray, ...w.data.signalArray].find((r) => r.equipId);
    if (ref) return ref.equipId;
  }
  return scope.kind === 'equipment' ? scope.id : '';
}

/**
 * The alarm columns the widget shows, in its order (default: the eight of docs/requirements/widgets.md §4.9).
 */
export function alarmColumns(w: Widget): string[] {
  const col = obj((w.data as Loose)['col']);
  const list = Array.isArray(col['list'])
    ? col['list'].filter((c): c is string => typeof c === 'string')
    : [];
  return col['enable'] === false || !list.length ? [...ALARM_DEFAULT_COLUMNS] : list;
}
