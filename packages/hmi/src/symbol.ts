/**
 * Symbols (docs/requirements/pages-and-designer.md §12.2): a selection saved as a reusable faceplate.
 * The symbol keeps its widgets and groups at positions relative to the selection's top-left corner,
 * and every signal binding becomes a placeholder named by its signal (name and key). Placing the
 * symbol for a device fills each placeholder with the device's signal of the same key, else the same
 * name, through the re-bind kernel (rebind.ts); a placeholder without a match is reported and its
 * binding left empty.
 */
import { z } from 'zod';
import { type CopyBlockReason, copySelection, preparePaste } from './clipboard';
import { emptyPage, type PageDocument, type Widget, type WidgetGroup } from './document';
import { selectionBounds } from './geometry';
import { type PageIssue, parsePage, readJsonInput } from './parsePage';
import { rebindWidget } from './rebind';
import { mapSignalRefs } from './signalRefs';

/** The equipment id a symbol's bindings carry until it is placed for a device. */
export const SYMBOL_DEVICE = '$device';
/** The kind written into a symbol file. */
export const SYMBOL_FILE_KIND = 'fieldhub.symbol';

/** A binding to fill when the symbol is placed: the signal it was bound to. */
export const symbolPlaceholderSchema = z.object({
  /** the placeholder's id, the `signalId` its references carry inside the symbol */
  id: z.string().regex(/^\$p\d+$/),
  /** the signal's name (the binding's title) */
  name: z.string().max(200),
  /** the signal's key ('' when it has none) */
  key: z.string().max(200).default(''),
});
export type SymbolPlaceholder = z.infer<typeof symbolPlaceholderSchema>;

/** A symbol: a small page (its size the selection's box) and its placeholders. */
export interface SymbolDocument {
  page: PageDocument;
  placeholders: SymbolPlaceholder[];
}

/** A signal of the device a symbol is placed for. */
export interface DeviceSignal {
  signalId: string;
  name: string;
  key: string;
}

/**
 * Makes a symbol of the selected widgets (a selected group member takes its whole group). `keyOf`
 * gives a bound signal's key when the caller knows it (device id, signal id).
 */
export function makeSymbol(
  page: PageDocument,
  ids: readonly string[],
  keyOf: (equipId: string, signalId: string) => string = () => '',
): SymbolDocument | null {
  const clip = copySelection(page, ids);
  if (!clip.widgets.length) return null;
  const box = selectionBounds(clip.widgets.map((w) => w.position))!;
  const placeholders: SymbolPlaceholder[] = [];
  const byRef = new Map<string, SymbolPlaceholder>();
  const widgets = clip.widgets.map((w) => {
    const moved = { ...w, position: { ...w.position, x: w.position.x - box.x, y: w.position.y - box.y } };
    return mapSignalRefs(moved, (ref) => {
      if (!ref.signalId) return ref;
      const at = `${ref.equipId}/${ref.signalId}`;
      let p = byRef.get(at);
      if (!p) {
        p = { id: `$p${placeholders.length + 1}`, name: ref.title, key: keyOf(ref.equipId, ref.signalId) };
        placeholders.push(p);
        byRef.set(at, p);
      }
      return { ...ref, signalId: p.id, equipId: SYMBOL_DEVICE, subTitle: '' };
    });
  });
  const doc = emptyPage({
    width: Math.max(1, Math.ceil(box.width)),
    height: Math.max(1, Math.ceil(box.height)),
  });
  return { page: { ...doc, widgets, groups: clip.groups }, placeholders };
}

/** A placed symbol, or why it cannot be placed. */
export type PlacedSymbol =
  | { ok: true; widgets: Widget[]; groups: WidgetGroup[]; unmatched: SymbolPlaceholder[] }
  | { ok: false; reason: CopyBlockReason };

/** Each placeholder's signal of the device: by key, else by name; unmatched ones listed. */
export function matchPlaceholders(
  placeholders: readonly SymbolPlaceholder[],
  signals: readonly DeviceSignal[],
): { signals: Record<string, { signalId: string; title: string }>; unmatched: SymbolPlaceholder[] } {
  // an empty key matches nothing: many signals have none
  const byKey = new Map(signals.filter((s) => s.key).map((s) => [s.key, s]));
  const byName = new Map(signals.map((s) => [s.name, s]));
  const out: Record<string, { signalId: string; title: string }> = {};
  const unmatched: SymbolPlaceholder[] = [];
  for (const p of placeholders) {
    const m = (p.key ? byKey.get(p.key) : undefined) ?? byName.get(p.name);
    if (m) out[p.id] = { signalId: m.signalId, title: m.name };
    else unmatched.push(p);
  }
  return { signals: out, unmatched };
}

/**
 * The symbol's widgets for `page`, top-left corner at `at`, bound to the device's signals; new ids
 * from `newId`; blocked like a paste when a page limit would be passed.
 */
export function placeSymbol(
  page: PageDocument,
  symbol: SymbolDocument,
  at: { x: number; y: number },
  device: { equipId: string; title: string; signals: readonly DeviceSignal[] },
  newId: (kind: 'widget' | 'group') => string,
): PlacedSymbol {
  const pasted = preparePaste(page, { widgets: symbol.page.widgets, groups: symbol.page.groups }, 0, newId);
  if (!pasted.ok) return pasted;
  const { signals, unmatched } = matchPlaceholders(symbol.placeholders, device.signals);
  const target = {
    fromEquipId: SYMBOL_DEVICE,
    toEquipId: device.equipId,
    toEquipTitle: device.title,
    signals,
  };
  const widgets = pasted.widgets.map((w) =>
    rebindWidget(
      { ...w, position: { ...w.position, x: w.position.x + at.x, y: w.position.y + at.y } },
      target,
    ),
  );
  return { ok: true, widgets, groups: pasted.groups, unmatched };
}

/** Why a symbol file or stored symbol is refused. */
export type SymbolIssue =
  PageIssue | { code: 'notASymbol' | 'placeholders'; path: string; zh: string; en: string };

/** A symbol file's content: what `symbolFile` writes and `parseSymbol` reads. */
export interface SymbolFile {
  kind: typeof SYMBOL_FILE_KIND;
  name: string;
  page: PageDocument;
  placeholders: SymbolPlaceholder[];
}

export function symbolFile(name: string, symbol: SymbolDocument): SymbolFile {
  return { kind: SYMBOL_FILE_KIND, name, page: symbol.page, placeholders: symbol.placeholders };
}

/** Whether parsed JSON claims to be a symbol file (else it is read as a page). */
export function isSymbolFile(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === SYMBOL_FILE_KIND
  );
}

const symbolShellSchema = z.object({
  kind: z.literal(SYMBOL_FILE_KIND),
  name: z.string().trim().max(100).default(''),
  page: z.unknown(),
  placeholders: z.array(symbolPlaceholderSchema).max(2000),
});

/**
 * Reads a symbol (file text or value): its page is migrated and validated as any page, and every
 * placeholder its widgets use must be listed.
 */
export function parseSymbol(
  input: unknown,
): { ok: true; name: string; symbol: SymbolDocument } | { ok: false; issues: SymbolIssue[] } {
  const json = readJsonInput(input);
  if (!json.ok) return { ok: false, issues: [json.issue] };
  const raw = json.value;
  const shell = symbolShellSchema.safeParse(raw);
  if (!shell.success) {
    return {
      ok: false,
      issues: [{ code: 'notASymbol', path: '', zh: '文件不是图元文件', en: 'The file is not a symbol file' }],
    };
  }
  const page = parsePage(shell.data.page);
  if (!page.ok) return { ok: false, issues: page.issues.map((i) => ({ ...i, path: `page.${i.path}` })) };
  const listed = new Set(shell.data.placeholders.map((p) => p.id));
  const missing: string[] = [];
  for (const w of page.page.widgets) {
    mapSignalRefs(w, (ref) => {
      if (ref.equipId === SYMBOL_DEVICE && !listed.has(ref.signalId)) missing.push(ref.signalId);
      return ref;
    });
  }
  if (missing.length) {
    return {
      ok: false,
      issues: [
        {
          code: 'placeholders',
          path: 'placeholders',
          zh: `占位符未声明：${missing[0]}`,
          en: `Placeholder not listed: ${missing[0]}`,
        },
      ],
    };
  }
  return {
    ok: true,
    name: shell.data.name,
    symbol: { page: page.page, placeholders: shell.data.placeholders },
  };
}
