/**
 * Entries of the navigation bar and menu (docs/requirements/widgets.md §5.1): a tree of entries
 * with id, label, icon, click event, whether active by default, authorisation region and children,
 * each child knowing its parent's label. Pure reading and editing of `data.navItems`; the
 * designer's entry editor and the viewer's body both go through it. Who sees which entry is
 * `authRegion.ts` (`widgetsFor`).
 */
import { clickConfigSchema, type ClickConfig } from './document';

/** One entry as the editor and the viewer read it. */
export interface NavEntry {
  id: string;
  label: string;
  /** an image address (material library or web) drawn before the label */
  iconHref: string;
  defaultAct: boolean;
  authRegion: string[];
  /** where the entry leads: a page by id, a device page (`page`) or a link, same or new window */
  clickEvent: { enable: boolean; config: ClickConfig };
  /** the parent's label ('' at the top level) */
  parentLabel: string;
  children: NavEntry[];
}

/** An entry's place in the tree: its index at each level, top first. */
export type NavPath = readonly number[];

type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Loose) : {};
const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

/** The entries of `data.navItems`; malformed entries read with their defaults. */
export function navEntriesOf(raw: unknown, parentLabel = '', prefix = 'item'): NavEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(obj).map((i, k) => {
    const label = text(i['label'], '');
    const event = obj(i['clickEvent']);
    // older entries kept the target flat in clickEvent itself
    const config = clickConfigSchema.safeParse(event['config'] ?? event);
    return {
      id: text(i['id'], `${prefix}-${k}`),
      label,
      iconHref: text(i['iconHref'], ''),
      defaultAct: i['defaultAct'] === true,
      authRegion: Array.isArray(i['authRegion']) ? i['authRegion'].map(String) : [],
      clickEvent: {
        enable: event['enable'] !== false,
        config: config.success ? config.data : clickConfigSchema.parse({ action: 'page' }),
      },
      parentLabel,
      children: navEntriesOf(i['children'], label, `${prefix}-${k}`),
    };
  });
}

/** A new entry leading to a page (chosen afterwards). */
export function newNavEntry(id: string, label: string, parentLabel = ''): NavEntry {
  return {
    id,
    label,
    iconHref: '',
    defaultAct: false,
    authRegion: [],
    clickEvent: { enable: true, config: clickConfigSchema.parse({ action: 'page' }) },
    parentLabel,
    children: [],
  };
}

/** The entry at `path`, or undefined. */
export function entryAt(entries: readonly NavEntry[], path: NavPath): NavEntry | undefined {
  let level: readonly NavEntry[] = entries;
  let found: NavEntry | undefined;
  for (const i of path) {
    found = level[i];
    if (!found) return undefined;
    level = found.children;
  }
  return found;
}

/** Children get their parent's current label (after a rename). */
function relabel(entries: NavEntry[], parentLabel: string): NavEntry[] {
  return entries.map((e) => ({ ...e, parentLabel, children: relabel(e.children, e.label) }));
}

/** The tree with the entry at `path` replaced by `fn(entry)`; children follow a new label. */
export function updateEntry(
  entries: readonly NavEntry[],
  path: NavPath,
  fn: (entry: NavEntry) => NavEntry,
): NavEntry[] {
  const [head, ...rest] = path;
  return relabel(
    entries.map((e, i) =>
      i !== head ? e : rest.length ? { ...e, children: updateEntry(e.children, rest, fn) } : fn(e),
    ),
    entries[0]?.parentLabel ?? '',
  );
}

/** The tree without the entry at `path` (and its children). */
export function removeEntry(entries: readonly NavEntry[], path: NavPath): NavEntry[] {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  if (!parent.length) return entries.filter((_, i) => i !== index);
  return updateEntry(entries, parent, (p) => ({ ...p, children: p.children.filter((_, i) => i !== index) }));
}

/** The tree with `entry` added last under the entry at `parent` (at the top level for []). */
export function addEntry(entries: readonly NavEntry[], parent: NavPath, entry: NavEntry): NavEntry[] {
  if (!parent.length) return [...entries, { ...entry, parentLabel: '' }];
  return updateEntry(entries, parent, (p) => ({
    ...p,
    children: [...p.children, { ...entry, parentLabel: p.label }],
  }));
}

/** The tree with only the entry at `path` active by default (`on` false: none). */
export function setDefaultActive(entries: readonly NavEntry[], path: NavPath, on: boolean): NavEntry[] {
  const target = entryAt(entries, path);
  const walk = (list: readonly NavEntry[]): NavEntry[] =>
    list.map((e) => ({ ...e, defaultAct: on && e === target, children: walk(e.children) }));
  return walk(entries);
}

/**
 * The entry shown active when the page opens and the entries above it (to open them): the first
 * marked active by default, depth first; else the first entry.
 */
export function defaultActivePath(entries: readonly NavEntry[]): NavEntry[] {
  const find = (list: readonly NavEntry[]): NavEntry[] | null => {
    for (const e of list) {
      if (e.defaultAct) return [e];
      const below = find(e.children);
      if (below) return [e, ...below];
    }
    return null;
  };
  return find(entries) ?? (entries[0] ? [entries[0]] : []);
}

/** The entries above the entry with `id` (outermost first), empty at the top or when absent. */
export function ancestorsOf(entries: readonly NavEntry[], id: string): NavEntry[] {
  for (const e of entries) {
    if (e.id === id) return [];
    const below = ancestorsOf(e.children, id);
    if (below.length || e.children.some((c) => c.id === id)) return [e, ...below];
  }
  return [];
}
