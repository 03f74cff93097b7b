/**
 * Putting prepared widgets (a placed symbol, an imported page or market template) into the open
 * page as one undoable `import`, selected afterwards, and the symbol's calls
 * (docs/requirements/pages-and-designer.md §12.2).
 */
import {
  newId,
  parseSymbol,
  placeSymbol,
  type CopyBlockReason,
  type PageIssue,
  type SymbolPlaceholder,
  type Widget,
  type WidgetGroup,
} from '@fieldhub/hmi';
import { marketCalls } from '@fieldhub/shared';
import { callApi } from '../../../app/request';
import { fetchSignals } from '../../../app/signals/useSignals';
import { repairOnOpen } from '../editor/bindingRepair';
import type { EditorStore } from '../editor/editorStore';

export const symbolKeys = {
  list: ['designer', 'symbols'] as const,
  templates: ['designer', 'market'] as const,
};

export const newWidgetId = (kind: 'widget' | 'group') => newId(kind === 'group' ? 'g' : 'w');

/** Adds the widgets and groups as one `import` step and selects them; the refusal when blocked. */
export function insertWidgets(
  store: EditorStore,
  widgets: Widget[],
  groups: WidgetGroup[],
): CopyBlockReason | null {
  const blocked = store.getState().run({ type: 'import', widgets, groups });
  if (blocked) return blocked;
  const grouped = new Set(groups.flatMap((g) => g.children));
  store
    .getState()
    .select([...groups.map((g) => g.id), ...widgets.filter((w) => !grouped.has(w.id)).map((w) => w.id)]);
  return null;
}

/** What placing a symbol did. */
export type Placement =
  | { ok: true; unmatched: SymbolPlaceholder[] }
  | { ok: false; reason: CopyBlockReason }
  | { ok: false; reason: 'invalidSymbol'; issues: PageIssue[] | { en: string; zh: string }[] };

/**
 * Places a stored symbol for a device: its placeholders filled from the device's signals (by key,
 * else name), centred on the page.
 */
export async function placeStoredSymbol(
  store: EditorStore,
  symbolId: number,
  device: { equipId: string; title: string },
): Promise<Placement> {
  const [info, signals] = await Promise.all([
    callApi(marketCalls.symbolInfo, { id: symbolId }),
    fetchSignals(device.equipId),
  ]);
  const parsed = parseSymbol(info.file);
  if (!parsed.ok) return { ok: false, reason: 'invalidSymbol', issues: parsed.issues };
  const doc = store.getState().doc;
  const { width, height } = parsed.symbol.page.options;
  const at = {
    x: Math.max(0, Math.round((doc.options.width - width) / 2)),
    y: Math.max(0, Math.round((doc.options.height - height) / 2)),
  };
  const placed = placeSymbol(
    doc,
    parsed.symbol,
    at,
    {
      ...device,
      signals: signals.map((s) => ({ signalId: String(s.id), name: s.name, key: s.key ?? '' })),
    },
    newWidgetId,
  );
  if (!placed.ok) return placed;
  const blocked = insertWidgets(store, placed.widgets, placed.groups);
  return blocked ? { ok: false, reason: blocked } : { ok: true, unmatched: placed.unmatched };
}

/**
 * After an import from a file or the market: the page's bindings repaired against the signals this
 * user sees (§7.1), so a binding to another enterprise's device is cleared at once (one more undo
 * step). Answers how many widgets changed.
 */
export async function repairImported(store: EditorStore, pageEquipId: string | undefined): Promise<number> {
  const outcome = await repairOnOpen(store.getState().doc, pageEquipId);
  if (outcome.widgets.length) store.getState().run({ type: 'updateWidgets', widgets: outcome.widgets });
  return outcome.widgets.length;
}
