/**
 * Binding repair on open (docs/requirements/pages-and-designer.md §7.1): the page's bindings are checked
 * against the signals the platform knows now, by the hmi kernel `repairBindings`. The known list is the
 * user's visible equipment and the signals of the page's own equipment and of every equipment the page binds.
 * An equipment answering "device not found" (1101) is gone; any other failure stops the repair
 * (a network error must not clear bindings).
 */
import {
  boundSignalsByEquipment,
  findWidget,
  repairBindings,
  type KnownSignal,
  type PageDocument,
  type Widget,
  type WidgetRepair,
} from '@fieldhub/hmi';
import { ApiError } from '../../../app/request';
import { fetchEquipments, fetchSignals } from '../../../app/signals/useSignals';

export interface RepairOutcome {
  /** the repaired versions of the widgets that changed */
  widgets: Widget[];
  report: WidgetRepair[];
}

const DEVICE_NOT_FOUND = '1101';

export async function repairOnOpen(
  doc: PageDocument,
  pageEquipId: string | undefined,
): Promise<RepairOutcome> {
  const equipments = await fetchEquipments();
  const visible = new Map(equipments.map((e) => [String(e.id), e.name]));
  const wanted = new Set(boundSignalsByEquipment(doc).keys());
  if (pageEquipId) wanted.add(pageEquipId);
  const signals: KnownSignal[] = [];
  for (const equipId of wanted) {
    const title = visible.get(equipId);
    if (title === undefined) continue;
    try {
      for (const s of await fetchSignals(equipId, true)) {
        signals.push({ signalId: String(s.id), equipId, title: s.name, equipTitle: title });
      }
    } catch (e) {
      if (e instanceof ApiError && e.code === DEVICE_NOT_FOUND) {
        visible.delete(equipId);
        continue;
      }
      throw e;
    }
  }
  // authRegion titles come from the page permissions, which the designer does not load: the
  // titles on the page are kept as they are (that rule runs where page permissions are edited)
  const titles = [...new Set(doc.widgets.flatMap((w) => w.authRegion))];
  const result = repairBindings(doc, {
    signals,
    equipments: [...visible].map(([equipId, title]) => ({ equipId, title })),
    titles,
  });
  const widgets = result.report.map((r) => findWidget(result.page, r.widgetId)!).filter(Boolean);
  return { widgets, report: result.report };
}
