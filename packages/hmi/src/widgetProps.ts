/**
 * How a widget type describes itself (docs/requirements/widgets.md §9): the zod schema of its own
 * props (the type-specific fields of `data` and `style`), the props a new widget starts with, and
 * the upgrades of props saved by older versions. The registry of every type is widgetRegistry.ts.
 *
 * Props are checked, never rewritten, by the schema: a stored page keeps its fields (unknown ones
 * pass through), and only a field of the wrong kind is replaced with the type's default
 * (`repairProps`), reported the way binding repair reports (repair.ts).
 */
import { z } from 'zod';
import { BINDING_TYPES } from './document';
import type { RepairChange } from './repair';
import type { WidgetType } from './widgetTypes';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The type-specific part of a widget: its `data` and `style` objects. */
export interface WidgetProps {
  data: Json;
  style: Json;
}

/**
 * One upgrade of a type's props. No per-type version is stored (the page format stays as users
 * saved it), so every step must be idempotent: it recognises the old form and leaves others alone.
 */
export type PropsMigration = (props: WidgetProps) => WidgetProps;

/** What a widget type is: its props schema, its defaults and its props upgrades. */
export interface WidgetDescriptor<T extends WidgetType = WidgetType> {
  readonly type: T;
  /** Checks `{ data, style }`; loose, so fields the type does not name pass through. */
  readonly schema: z.ZodType<unknown>;
  /** The props of a new widget (a fresh copy each call). */
  defaults(): WidgetProps;
  /** Upgrades run in order on every load. */
  readonly migrate: readonly PropsMigration[];
}

type Shape = Record<string, z.ZodType>;

/** A descriptor from the shapes of its `data` and `style` fields (all optional: old pages lack some). */
export function describeWidget<T extends WidgetType>(
  type: T,
  shape: { data?: Shape; style: Shape },
  defaults: WidgetProps | (() => WidgetProps),
  migrate: readonly PropsMigration[] = [],
): WidgetDescriptor<T> {
  const schema = z.object({
    data: z.looseObject(shape.data ?? {}),
    style: z.looseObject(shape.style),
  });
  // The defaults are plain JSON; a copy keeps the shared constants untouched by later edits.
  const fresh = () =>
    JSON.parse(JSON.stringify(typeof defaults === 'function' ? defaults() : defaults)) as WidgetProps;
  return { type, schema, defaults: fresh, migrate };
}

/** Props after the type's upgrades (idempotent: running them again changes nothing). */
export function migrateProps(d: WidgetDescriptor, props: WidgetProps): WidgetProps {
  return d.migrate.reduce((p, step) => step(p), props);
}

function getIn(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** `value` with the field at `path` set (or removed when `next` is undefined); copies along the path. */
function setIn(value: unknown, path: readonly PropertyKey[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path as [PropertyKey, ...PropertyKey[]];
  if (typeof value !== 'object' || value === null) return value;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<PropertyKey, unknown>;
  const child = setIn(copy[key], rest, next);
  if (child === undefined && rest.length === 0) delete copy[key];
  else copy[key] = child;
  return copy;
}

function preview(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

const MAX_PASSES = 4;

/**
 * Props that pass the type's schema: each field of the wrong kind (a list with a bad entry) is
 * replaced with the default at its place (or removed where the defaults have none), and reported
 * as `defaulted`. Valid props
 * are returned as they are (same objects), so an unchanged page stays unchanged.
 */
export function repairProps(
  d: WidgetDescriptor,
  props: { data: unknown; style: unknown },
): { props: WidgetProps; changes: RepairChange[] } {
  let current: unknown = props;
  const changes: RepairChange[] = [];
  const defaults = d.defaults();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const checked = d.schema.safeParse(current);
    if (checked.success) return { props: current as WidgetProps, changes };
    const seen = new Set<string>();
    for (const issue of checked.error.issues) {
      // A list is one prop: a bad entry resets the list (entries have no defaults of their own).
      const index = issue.path.findIndex((k) => typeof k === 'number');
      const at = index < 0 ? issue.path : issue.path.slice(0, index);
      const path = at.map(String).join('.');
      if (seen.has(path)) continue; // a union or a list reports one prop more than once
      seen.add(path);
      const before = getIn(current, at);
      current = setIn(current, at, getIn(defaults, at));
      changes.push({ path, action: 'defaulted', before: preview(before) });
    }
  }
  // Not reached for schemas whose defaults pass (a test checks every type); kept as a safe end.
  const fallback = isObj(current) ? current : {};
  changes.push({ path: 'data', action: 'defaulted', before: preview(fallback['data']) });
  return { props: defaults, changes };
}

/**
 * The upgrade of widgets whose own kind the seed saved in `data.type` (map, history report,
 * iframe), where the binding type lives now: a `data.type` that is no binding type moves to
 * `field` (kept if `field` is already set) and the binding type falls back to its default.
 */
export function bindingTypeMovedTo(field: string): PropsMigration {
  return (props) => {
    const kind = props.data['type'];
    if (kind === undefined || (BINDING_TYPES as readonly unknown[]).includes(kind)) return props;
    const { type: _moved, ...data } = props.data;
    return { ...props, data: field in data ? data : { ...data, [field]: kind } };
  };
}
