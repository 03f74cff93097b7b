/**
 * `defaultWidget(type)`: a new widget of a creatable type with the common fields, the catalogue's
 * size and its type's default props (the descriptors of widgetRegistry.ts, docs/requirements/widgets.md
 * §2–§6).
 */
import { type Widget, widgetSchema } from './document';
import { WIDGET_DESCRIPTORS } from './widgetRegistry';
import { type WidgetType, catalogueEntry, isCreatableType } from './widgetTypes';

/** Options of a new widget; id is required so commands stay deterministic (replayable). */
export interface NewWidgetOptions {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  widgetName?: string;
}

/** Thrown by `defaultWidget` for a type this version cannot create yet. */
export class UnsupportedWidgetTypeError extends Error {
  constructor(readonly widgetType: string) {
    super(`widget type not creatable yet: ${widgetType}`);
  }
}

/** A new widget of `type` at (x, y) with the catalogue's default size and the seed defaults. */
export function defaultWidget(type: WidgetType, options: NewWidgetOptions): Widget {
  if (!isCreatableType(type)) throw new UnsupportedWidgetTypeError(type);
  const entry = catalogueEntry(type);
  const { data, style } = WIDGET_DESCRIPTORS[type].defaults();
  return widgetSchema.parse({
    id: options.id,
    textId: options.id,
    widgetType: type,
    widgetName: options.widgetName ?? entry.label.en,
    position: {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? entry.defaultSize.width,
      height: options.height ?? entry.defaultSize.height,
      rotate: 0,
    },
    style,
    data,
  });
}

let idCounter = 0;
/** A fresh widget or group id (random where the platform offers it). */
export function newId(prefix = 'w'): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return `${prefix}_${c.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  idCounter += 1;
  return `${prefix}_${Date.now().toString(36)}${idCounter.toString(36)}`;
}
