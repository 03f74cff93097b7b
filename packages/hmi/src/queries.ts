/**
 * Read-only queries of a page the designer and the server need: where a signal is used, the
 * signals bound per equipment, and the page's bind section (everything its widgets reference).
 */
import type { BindSection, PageDocument } from './document';
import { forEachSignalRef, type RefKind } from './signalRefs';
import { mvarIdOfRef, systemKeyOfRef } from './systemKeys';

/** One use of a signal: the widget and the path of the binding inside it. */
export interface SignalUse {
  widgetId: string;
  widgetName: string;
  path: string;
  kind: RefKind;
}

/** Every binding of `signalId` on the page (optionally only of equipment `equipId`). */
export function whereUsed(page: PageDocument, signalId: string, equipId?: string): SignalUse[] {
  const uses: SignalUse[] = [];
  for (const w of page.widgets) {
    forEachSignalRef(w, (ref, site) => {
      if (ref.signalId !== signalId) return;
      if (equipId !== undefined && ref.equipId !== equipId) return;
      uses.push({ widgetId: w.id, widgetName: w.widgetName, path: site.path, kind: site.kind });
    });
  }
  return uses;
}

/** Equipment id → the ids of its signals bound on the page (each once, first use first). */
export function boundSignalsByEquipment(page: PageDocument): Map<string, string[]> {
  const sets = new Map<string, Set<string>>();
  for (const w of page.widgets) {
    forEachSignalRef(w, (ref) => {
      if (!ref.equipId || !ref.signalId) return;
      let set = sets.get(ref.equipId);
      if (!set) sets.set(ref.equipId, (set = new Set()));
      set.add(ref.signalId);
    });
  }
  return new Map([...sets].map(([k, v]) => [k, [...v]]));
}

/**
 * The bind section a page's widgets imply: equipment and signals of every signal reference,
 * system keys and intermediate variables of system and mvar bindings. Saved with the page so
 * the viewer subscribes without walking the widgets.
 */
export function computeBind(page: PageDocument): BindSection {
  const equips = new Set<string>();
  const signals = new Set<string>();
  const keys = new Set<string>();
  const mvars = new Set<string>();
  for (const w of page.widgets) {
    forEachSignalRef(w, (ref) => {
      if (ref.equipId) equips.add(ref.equipId);
      if (ref.signalId) signals.add(ref.signalId);
    });
    const bindings = [w.data, w.clickEvent.config.data, ...w.animation.map((a) => a.data)];
    for (const b of bindings) {
      if (b.type === 'system' && b.systemKey) keys.add(b.systemKey);
      if (b.type === 'mvar' && b.mvarId) mvars.add(b.mvarId);
    }
    for (const item of w.data.systemArray) {
      const k = systemKeyOfRef(item);
      if (k) keys.add(k);
    }
    for (const item of w.data.mvarArray) {
      const k = mvarIdOfRef(item);
      if (k) mvars.add(k);
    }
  }
  return { equips: [...equips], signals: [...signals], keys: [...keys], mvars: [...mvars] };
}

/**
 * What a group aggregates from its children (docs/requirements/pages-and-designer.md §5.2): the equipment,
 * signals, system keys and intermediate variables they reference.
 */
export function groupBindings(page: PageDocument, groupId: string): BindSection {
  const group = page.groups.find((g) => g.id === groupId);
  if (!group) return { equips: [], signals: [], keys: [], mvars: [] };
  const members = new Set(group.children);
  return computeBind({ ...page, widgets: page.widgets.filter((w) => members.has(w.id)) });
}
