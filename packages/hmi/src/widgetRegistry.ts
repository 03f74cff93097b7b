/**
 * Every widget type's descriptor (widgetProps.ts), keyed by type: the one list the defaults, the
 * page migration and the page parsing read (docs/requirements/widgets.md §9). The mapped type
 * makes a type of widgetTypes.ts without a descriptor a compile error.
 */
import { CHART_DESCRIPTORS } from './descriptors/chartDescriptors';
import { NAVIGATE_SCRIPT_DESCRIPTORS } from './descriptors/navigateDescriptors';
import { SHAPE_DESCRIPTORS } from './descriptors/shapeDescriptors';
import { TABLE_MEDIA_DESCRIPTORS } from './descriptors/tableMediaDescriptors';
import { USUAL_DESCRIPTORS } from './descriptors/usualDescriptors';
import type { WidgetRepair } from './repair';
import { type WidgetDescriptor, type WidgetProps, migrateProps, repairProps } from './widgetProps';
import { type WidgetType, widgetTypeSchema } from './widgetTypes';

/** The descriptor of each widget type. */
export const WIDGET_DESCRIPTORS: { readonly [T in WidgetType]: WidgetDescriptor<T> } = {
  ...SHAPE_DESCRIPTORS,
  ...USUAL_DESCRIPTORS,
  ...CHART_DESCRIPTORS,
  ...TABLE_MEDIA_DESCRIPTORS,
  ...NAVIGATE_SCRIPT_DESCRIPTORS,
};

/** The descriptor of a type name, or undefined for a name no version of this package knows. */
export function descriptorOf(type: unknown): WidgetDescriptor | undefined {
  const known = widgetTypeSchema.safeParse(type);
  return known.success ? WIDGET_DESCRIPTORS[known.data] : undefined;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stored widget's props (missing objects read as empty; a non-object is left to the schema). */
function propsOf(w: Json): { data: unknown; style: unknown } {
  return { data: w['data'] ?? {}, style: w['style'] ?? {} };
}

/**
 * A raw (stored) widget with its type's props upgrades applied; the same object when nothing
 * changed or the type is unknown. Runs on every load, after the document migrations.
 */
export function migrateWidgetProps(w: unknown): unknown {
  if (!isObj(w)) return w;
  const d = descriptorOf(w['widgetType']);
  const props = propsOf(w);
  if (!d || !d.migrate.length || !isObj(props.data) || !isObj(props.style)) return w;
  const next = migrateProps(d, props as WidgetProps);
  return next === props || (next.data === props.data && next.style === props.style)
    ? w
    : { ...w, data: next.data, style: next.style };
}

/**
 * Raw widgets whose props pass their type's schema: a prop of the wrong kind is replaced with the
 * type's default and reported per widget (only widgets that changed, as repair.ts reports).
 */
export function repairWidgetProps(widgets: readonly unknown[]): {
  widgets: unknown[];
  repairs: WidgetRepair[];
} {
  const repairs: WidgetRepair[] = [];
  const out = widgets.map((w) => {
    if (!isObj(w)) return w;
    const d = descriptorOf(w['widgetType']);
    if (!d) return w;
    const { props, changes } = repairProps(d, propsOf(w));
    if (!changes.length) return w;
    repairs.push({ widgetId: String(w['id'] ?? ''), changes });
    return { ...w, data: props.data, style: props.style };
  });
  return { widgets: out, repairs };
}
