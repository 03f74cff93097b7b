/**
 * Pure rules of the page viewer (who sees which widget is authRegion.ts of packages/hmi): how the
 * page fits its container, which sources a page reads, and where a click event leads.
 */
import {
  SYSTEM_KEYS,
  clickConfigSchema,
  mvarIdOfRef,
  systemKeyOfRef,
  type ClickConfig,
  type SystemKey,
  type FitMode,
  type PageDocument,
  type Widget,
} from '@fieldhub/hmi';
import { extraSources } from '../../app/widgets/complex/sources';
import { animationKeys } from './animations';
import { equipOfKey, keyOfSource, mvarKey, systemKeyOf } from './valueStore';

/** CSS scale of a page of `page` size in a container of `box` size for a fit mode. */
export function fitScale(
  fit: FitMode,
  page: { width: number; height: number },
  box: { width: number; height: number },
): { x: number; y: number } {
  const sx = box.width / page.width;
  const sy = box.height / page.height;
  if (!(sx > 0 && sy > 0)) return { x: 1, y: 1 };
  switch (fit) {
    case 'none':
      return { x: 1, y: 1 };
    case 'stretch':
      return { x: sx, y: sy };
    case 'width':
      return { x: sx, y: sx };
    case 'height':
      return { x: sy, y: sy };
    case 'container': {
      const s = Math.min(sx, sy);
      return { x: s, y: s };
    }
  }
}

/**
 * The keys a widget shows: its binding, its signal arrays, the complex bodies' extra signals
 * (timeline, map markers) and its animations (not what it writes).
 */
export function shownKeys(widget: Widget): string[] {
  const d = widget.data;
  const keys = [
    keyOfSource(d),
    ...[d.signalArray, d.signalArrayX, d.signalArrayY, extraSources(widget)].flatMap((refs) =>
      refs.map((r) => keyOfSource(r)),
    ),
    ...d.mvarArray.map((r) => (mvarIdOfRef(r) ? mvarKey(mvarIdOfRef(r)) : '')),
    ...d.systemArray.map((r) => (systemKeyOfRef(r) ? systemKeyOf(systemKeyOfRef(r)) : '')),
    ...animationKeys(widget),
  ];
  return [...new Set(keys.filter(Boolean))];
}

/** Every source key a widget reads: what it shows and the signal its click event writes. */
export function widgetKeys(widget: Widget): string[] {
  const keys = shownKeys(widget);
  const written = widget.clickEvent.enable ? keyOfSource(widget.clickEvent.config.data) : '';
  return written && !keys.includes(written) ? [...keys, written] : keys;
}

/** The equipment ids a page reads values of (widgets, animations, click writes). */
export function pageEquipments(doc: PageDocument): string[] {
  const ids = new Set(doc.bind.equips.filter(Boolean));
  for (const w of doc.widgets) for (const key of widgetKeys(w)) if (equipOfKey(key)) ids.add(equipOfKey(key));
  return [...ids];
}

/** The devices, signal ids and intermediate variable ids a page reads (the project calls' lists). */
export function pageSources(doc: PageDocument): { equips: string[]; signals: string[]; mvars: string[] } {
  const signals = new Set(doc.bind.signals.filter(Boolean));
  const mvars = new Set(doc.bind.mvars.filter(Boolean));
  for (const w of doc.widgets)
    for (const key of widgetKeys(w)) {
      if (key.startsWith('s:')) signals.add(key.slice(key.indexOf('.') + 1));
      else if (key.startsWith('m:')) mvars.add(key.slice(2));
    }
  return { equips: pageEquipments(doc), signals: [...signals], mvars: [...mvars] };
}

/** The known system keys a page shows (docs/requirements/pages-and-designer.md §6.2). */
export function pageSystemKeys(doc: PageDocument): SystemKey[] {
  const keys = new Set<string>(doc.bind.keys);
  for (const w of doc.widgets)
    for (const key of shownKeys(w)) if (key.startsWith('k:')) keys.add(key.slice(2));
  return SYSTEM_KEYS.filter((k) => keys.has(k));
}

/** Heavy widgets (charts, video, map, 3D) are mounted only while on screen (issue 8 item 5). */
export function isHeavy(type: string): boolean {
  return type.startsWith('Complex') || type.startsWith('Script') || type === 'UsualWebgl';
}

/** Where a viewer is: a device page, or a page of a project. */
export type ViewerScope = { kind: 'equipment'; equipmentId: string } | { kind: 'project'; projectId: string };

/** The address of another page of the same kind. */
export function pagePath(scope: ViewerScope, pageId: string): string {
  return scope.kind === 'project'
    ? `/monitor/project/${encodeURIComponent(scope.projectId)}/page/${encodeURIComponent(pageId)}`
    : `/monitor/eg/detail/page/${encodeURIComponent(pageId)}/0`;
}

/** What a popup shows: a page of a scope (drawn in place), or a web address in a sandboxed frame. */
export type PopupContent =
  { kind: 'page'; scope: ViewerScope; pageId: string } | { kind: 'link'; src: string };

/** A popup over the page (docs/requirements/pages-and-designer.md §8.2: 600×600 centred by default). */
export interface PopupPlan {
  content: PopupContent;
  width: number;
  height: number;
  left: number;
  top: number;
  centered: boolean;
  /** the title bar's text, shown when `titleShow` */
  title: string;
  titleShow: boolean;
}

/** What a click asks for, resolved from its config; null when it names nothing to do. */
export type ClickPlan =
  /**
   * a write: `value` decided by the click (fixed, toggle, step: clickWriteValue), `input` typed in,
   * `choose` one of the widget's options, `press` written on press and release
   */
  | { kind: 'write'; equipId: string; signalId: string; mode: 'value' | 'input' | 'choose' | 'press' }
  | { kind: 'navigate'; path: string; newWindow: boolean }
  | { kind: 'link'; url: string; newWindow: boolean }
  | ({ kind: 'popup' } & PopupPlan)
  | { kind: 'script'; script: string };

/** Only web addresses open from a page: no javascript: or data: links. */
export function safeLink(url: string): string | null {
  const text = url.trim();
  if (!text) return null;
  try {
    const parsed = new URL(text, 'http://relative.invalid');
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return text;
  } catch {
    return null;
  }
}

/**
 * The page a click names, with the scope it belongs to: a device page reference (`page`) is a page
 * of that device wherever the click is; a page id is one of the viewer's own scope (the owner's
 * pages). An iframe names its page in `iframe.pageId` (or `mainPageId`).
 */
function targetPage(
  config: ClickConfig,
  scope: ViewerScope,
  iframe = false,
): { scope: ViewerScope; pageId: string } | null {
  if (iframe) {
    const pageId = config.iframe.pageId || config.iframe.mainPageId;
    return pageId ? { scope, pageId } : null;
  }
  if (config.pageId) return { scope, pageId: config.pageId };
  const { equipId, equipPageId } = config.page;
  if (!equipPageId) return null;
  return { scope: equipId ? { kind: 'equipment', equipmentId: equipId } : scope, pageId: equipPageId };
}

/** The popup of a click config around `content`. */
function popupOf(config: ClickConfig, content: PopupContent, title: string): { kind: 'popup' } & PopupPlan {
  return { kind: 'popup', content, ...config.window, title, titleShow: config.titleShow };
}

const WRITE_MODES: Record<string, 'value' | 'input' | 'choose' | 'press'> = {
  fixed: 'value',
  toggle: 'value',
  step: 'value',
  input: 'input',
  choose: 'choose',
  press: 'press',
};

/** Control widgets that write their bound signal themselves when they have no click event. */
export const WRITING_CONTROLS: ReadonlySet<string> = new Set([
  'UsualSelect',
  'UsualRadio',
  'UsualComboBox',
  'UsualInput',
  'UsualScrollbar',
  'UsualTimeSelector',
]);

/** Whether a click on the widget does something in the viewer. */
export function isClickable(widget: Widget): boolean {
  return (
    widget.clickEvent.enable ||
    (WRITING_CONTROLS.has(widget.widgetType) && widget.data.signalId !== '' && widget.data.equipId !== '')
  );
}

/**
 * The write a bound control without a click event makes (docs/requirements/widgets.md §3.2), as a click
 * config, or null:
 * * a switch (UsualSelect) writes the opposite of its bound value: its off value while the value
 *   is its on value, else its on value (defaults 1 and 0);
 * * a radio group writes the option clicked (`picked`), unless it is the value already held;
 * * a combo box asks which of its options to write (writeType `choose`);
 * * an input box asks for the value (writeType `input`, checked against the variable's limits);
 * * a scroll bar or a time selector writes the value its body picked (`picked`: the value let go
 *   on the track, the time chosen), nothing on a plain click.
 * Each with the widget's own confirm and feedback flags.
 */
export function controlClick(
  widget: Widget,
  current: unknown,
  picked: string | null = null,
): ClickConfig | null {
  if (!WRITING_CONTROLS.has(widget.widgetType) || widget.clickEvent.enable) return null;
  const { signalId, equipId } = widget.data;
  if (!signalId || !equipId) return null;
  const d = widget.data as Record<string, unknown>;
  const write = (writeType: string, writeValue = '') =>
    clickConfigSchema.parse({
      action: 'write',
      data: { signalId, equipId },
      writeType,
      writeValue,
      confirm: d['confirm'] !== false,
      feedback: d['feedback'] === true,
    });
  switch (widget.widgetType) {
    case 'UsualSelect': {
      const on = typeof d['onValue'] === 'string' && d['onValue'] !== '' ? d['onValue'] : '1';
      const off = typeof d['offValue'] === 'string' && d['offValue'] !== '' ? d['offValue'] : '0';
      return write('fixed', String(current) === on ? off : on);
    }
    case 'UsualRadio':
      return picked === null || picked === String(current) ? null : write('fixed', picked);
    case 'UsualComboBox':
      return write('choose');
    case 'UsualScrollbar':
    case 'UsualTimeSelector':
      return picked === null ? null : write('fixed', picked);
    default:
      return write('input');
  }
}

export function planClick(config: ClickConfig, scope: ViewerScope): ClickPlan | null {
  const newWindow = config.target !== '_self';
  switch (config.action) {
    case 'write': {
      const { equipId, signalId } = config.data;
      if (!equipId || !signalId) return null;
      return { kind: 'write', equipId, signalId, mode: WRITE_MODES[config.writeType] ?? 'value' };
    }
    case 'page': {
      const target = targetPage(config, scope);
      if (!target) return null;
      if (config.target === 'window')
        return popupOf(config, { kind: 'page', ...target }, config.pageTitle || config.page.equipTitle);
      return { kind: 'navigate', path: pagePath(target.scope, target.pageId), newWindow };
    }
    case 'link': {
      const url = safeLink(config.link);
      return url ? { kind: 'link', url, newWindow } : null;
    }
    case 'iframe': {
      const target = targetPage(config, scope, true);
      if (target) return popupOf(config, { kind: 'page', ...target }, config.iframe.mainTitle);
      const src = safeLink(config.iframe.link || config.link);
      return src ? popupOf(config, { kind: 'link', src }, src) : null;
    }
    case 'script':
      return config.script.trim() ? { kind: 'script', script: config.script } : null;
  }
}

/**
 * The sandbox of a popup's frame: a page of another site keeps its own origin; an address of this
 * site runs in an opaque origin, so content served here (uploads, messages) never gets the
 * console's session.
 */
export function popupSandbox(src: string, here: string): string {
  let sameSite = true;
  try {
    sameSite = new URL(src, here).origin === new URL(here).origin;
  } catch {
    // unreadable: treated as this site's, the stricter sandbox
  }
  return sameSite ? 'allow-scripts allow-forms' : 'allow-scripts allow-same-origin allow-forms';
}
