/**
 * Binding repair (docs/requirements/pages-and-designer.md §7.1, §7.2) as one pure function: given a page
 * and what is known now (signals, report signals, equipment, titles), it returns the repaired page
 * (only changed widgets replaced) and, per widget, what changed.
 *
 * Rules:
 * - A signal binding whose signal is missing, or whose equipment differs, is cleared (signalId,
 *   title, equipId, subTitle emptied); if only titles differ they are refreshed.
 * - Report-signal and custom-report bindings are cleared when the report signal list is empty or
 *   lacks the signal; otherwise their titles are refreshed.
 * - Alarm-record equipment entries no longer found are unbound with the title 未绑定.
 * - Page-jump and iframe equipment references of navigation items, carousel pictures, the
 *   NavigateIframe widget and (same reasoning) every widget's own click event are cleared when the
 *   equipment no longer exists, else their titles are refreshed.
 * - authRegion entries (of widgets and navigation items) not in the title list are removed.
 *
 * Where the data lives: navigation and menu entries in `data.navItems` (each with clickEvent,
 * authRegion and children), carousel pictures in `data.picArray`, alarm-record equipment in
 * `data.equips` ({equipmentId, title}).
 */
import type { PageDocument, Widget } from './document';
import { replaceWidgets } from './pageIndex';
import { clearedRef, mapSignalRefs, type SignalRefLike } from './signalRefs';

/** A signal as the platform knows it now. */
export interface KnownSignal {
  signalId: string;
  equipId: string;
  /** Signal title. */
  title: string;
  /** Title of its equipment. */
  equipTitle: string;
}

/** What the repair checks the page against. */
export interface RepairContext {
  signals: readonly KnownSignal[];
  /** Signals of the page's reports; defaults to `signals`. */
  reportSignals?: readonly KnownSignal[];
  equipments: readonly { equipId: string; title: string }[];
  /** Titles authRegion entries may name. */
  titles: readonly string[];
}

/** What the repair did at one place of a widget. */
export interface RepairChange {
  path: string;
  /** `defaulted`: a prop of the wrong kind replaced with the type's default (widgetProps.ts). */
  action: 'cleared' | 'retitled' | 'unbound' | 'removed' | 'defaulted';
  /** The previous value (signal id, equipment id, removed titles, or a defaulted prop as JSON). */
  before: string;
}

/** The changes of one widget. */
export interface WidgetRepair {
  widgetId: string;
  changes: RepairChange[];
}

/** The repaired page and the per-widget report (only widgets that changed). */
export interface RepairResult {
  page: PageDocument;
  report: WidgetRepair[];
}

/** Title given to an alarm-record entry whose equipment is gone. */
export const UNBOUND_TITLE = '未绑定';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

interface Lookup {
  signals: Map<string, KnownSignal>;
  reports: Map<string, KnownSignal>;
  equips: Map<string, string>;
  titles: Set<string>;
}

function repairRef(
  ref: SignalRefLike,
  known: KnownSignal | undefined,
  path: string,
  log: RepairChange[],
): SignalRefLike {
  if (!ref.signalId) return ref;
  if (!known || known.equipId !== ref.equipId) {
    log.push({ path, action: 'cleared', before: ref.signalId });
    return clearedRef(ref);
  }
  if (ref.title === known.title && ref.subTitle === known.equipTitle) return ref;
  log.push({ path, action: 'retitled', before: ref.signalId });
  return { ...ref, title: known.title, subTitle: known.equipTitle };
}

/** Equipment references of a click-event config (page jump and iframe). */
function repairClickConfig(config: Json, path: string, k: Lookup, log: RepairChange[]): Json {
  let out = config;
  const page = config['page'];
  if (isObj(page) && str(page['equipId'])) {
    const title = k.equips.get(str(page['equipId']));
    if (title === undefined) {
      log.push({ path: `${path}.page`, action: 'cleared', before: str(page['equipId']) });
      out = { ...out, page: { ...page, equipId: '', equipPageId: '', equipTitle: '' } };
    } else if (page['equipTitle'] !== title) {
      log.push({ path: `${path}.page`, action: 'retitled', before: str(page['equipId']) });
      out = { ...out, page: { ...page, equipTitle: title } };
    }
  }
  const iframe = config['iframe'];
  if (isObj(iframe)) {
    const next = repairIframe(iframe, `${path}.iframe`, k, log);
    if (next !== iframe) out = { ...out, iframe: next };
  }
  return out;
}

/** An iframe equipment reference ({mainId, mainPageId, mainTitle}). */
function repairIframe(iframe: Json, path: string, k: Lookup, log: RepairChange[]): Json {
  const id = str(iframe['mainId']);
  if (!id) return iframe;
  const title = k.equips.get(id);
  if (title === undefined) {
    log.push({ path, action: 'cleared', before: id });
    return { ...iframe, mainId: '', mainPageId: '', mainTitle: '' };
  }
  if (iframe['mainTitle'] === title) return iframe;
  log.push({ path, action: 'retitled', before: id });
  return { ...iframe, mainTitle: title };
}

function repairClickEvent(ev: unknown, path: string, k: Lookup, log: RepairChange[]): unknown {
  if (!isObj(ev) || !isObj(ev['config'])) return ev;
  const config = repairClickConfig(ev['config'], `${path}.config`, k, log);
  return config === ev['config'] ? ev : { ...ev, config };
}

function filterTitles(list: unknown, path: string, k: Lookup, log: RepairChange[]): unknown {
  if (!Array.isArray(list)) return list;
  const removed = list.filter((t) => typeof t === 'string' && !k.titles.has(t));
  if (removed.length === 0) return list;
  log.push({ path, action: 'removed', before: removed.join(',') });
  return list.filter((t) => !removed.includes(t));
}

function repairNavItems(items: unknown, path: string, k: Lookup, log: RepairChange[]): unknown {
  if (!Array.isArray(items)) return items;
  let out: unknown[] | null = null;
  items.forEach((item: unknown, i) => {
    if (!isObj(item)) return;
    const p = `${path}.${i}`;
    let next: Json = item;
    const set = (key: string, v: unknown) => {
      if (v !== next[key]) next = { ...next, [key]: v };
    };
    set('clickEvent', repairClickEvent(item['clickEvent'], `${p}.clickEvent`, k, log));
    set('authRegion', filterTitles(item['authRegion'], `${p}.authRegion`, k, log));
    set('children', repairNavItems(item['children'], `${p}.children`, k, log));
    if (next !== item) {
      out ??= items.slice();
      out[i] = next;
    }
  });
  return out ?? items;
}

function repairAlarmEquips(list: unknown, path: string, k: Lookup, log: RepairChange[]): unknown {
  if (!Array.isArray(list)) return list;
  let out: unknown[] | null = null;
  list.forEach((e: unknown, i) => {
    if (!isObj(e) || !str(e['equipmentId']) || k.equips.has(str(e['equipmentId']))) return;
    log.push({ path: `${path}.${i}`, action: 'unbound', before: str(e['equipmentId']) });
    out ??= list.slice();
    out[i] = { ...e, equipmentId: '', title: UNBOUND_TITLE };
  });
  return out ?? list;
}

function repairWidget(w: Widget, k: Lookup, log: RepairChange[]): Widget {
  let out = mapSignalRefs(w, (ref, site) =>
    repairRef(ref, (site.kind === 'report' ? k.reports : k.signals).get(ref.signalId), site.path, log),
  );
  let data: Json = out.data;
  const setData = (key: string, v: unknown) => {
    if (v !== data[key]) data = { ...data, [key]: v };
  };
  setData('navItems', repairNavItems(data['navItems'], 'data.navItems', k, log));
  if (Array.isArray(data['picArray'])) {
    setData(
      'picArray',
      repairNavItems(data['picArray'], 'data.picArray', k, log), // same clickEvent shape
    );
  }
  if (w.widgetType === 'ComplexAlarm') {
    setData('equips', repairAlarmEquips(data['equips'], 'data.equips', k, log));
  }
  if (w.widgetType === 'NavigateIframe') data = repairIframe(data, 'data', k, log);
  if (data !== out.data) out = { ...out, data: data as Widget['data'] };
  const click = repairClickEvent(out.clickEvent, 'clickEvent', k, log);
  if (click !== out.clickEvent) out = { ...out, clickEvent: click as Widget['clickEvent'] };
  const auth = filterTitles(out.authRegion, 'authRegion', k, log);
  if (auth !== out.authRegion) out = { ...out, authRegion: auth as string[] };
  return out;
}

/** Repairs every binding of the page against what is known now. */
export function repairBindings(page: PageDocument, ctx: RepairContext): RepairResult {
  const k: Lookup = {
    signals: new Map(ctx.signals.map((s) => [s.signalId, s])),
    reports: new Map((ctx.reportSignals ?? ctx.signals).map((s) => [s.signalId, s])),
    equips: new Map(ctx.equipments.map((e) => [e.equipId, e.title])),
    titles: new Set(ctx.titles),
  };
  const changed: Widget[] = [];
  const report: WidgetRepair[] = [];
  for (const w of page.widgets) {
    const log: RepairChange[] = [];
    const next = repairWidget(w, k, log);
    if (next !== w) {
      changed.push(next);
      report.push({ widgetId: w.id, changes: log });
    }
  }
  return { page: replaceWidgets(page, changed), report };
}
