/**
 * Device groups arrive as a flat list with `parentId` and each group's own device count; these
 * pure helpers shape them into the trees the group screen, the device list filter and the parent
 * pickers show.
 */

/** A group as `/lfscada/equipment/group/query` returns it (server order: seq desc, id). */
export interface GroupRow {
  id: number;
  parentId: number | null;
  name: string;
  seq: number;
  /** devices directly in this group */
  deviceCount: number;
}

export interface GroupNode extends GroupRow {
  /** devices in this group and every group below it (what the device list shows when filtering) */
  totalCount: number;
  /** 1 for a root group; the server allows 10 levels */
  level: number;
  children?: GroupNode[];
}

/** Nests groups under their parents in the server's order; orphans become roots. */
export function buildGroupTree(rows: readonly GroupRow[]): GroupNode[] {
  const nodes = new Map<number, GroupNode>(rows.map((r) => [r.id, { ...r, totalCount: 0, level: 1 }]));
  const roots: GroupNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const finish = (node: GroupNode, level: number, path: Set<number>): number => {
    node.level = level;
    let total = node.deviceCount;
    for (const child of node.children ?? []) {
      // a cycle in bad data must not recurse forever
      if (path.has(child.id)) continue;
      total += finish(child, level + 1, new Set(path).add(child.id));
    }
    node.totalCount = total;
    return total;
  };
  for (const root of roots) finish(root, 1, new Set([root.id]));
  return roots;
}

/** The group and every group below it (a group cannot move under itself). */
export function subtreeIds(rows: readonly GroupRow[], rootId: number): Set<number> {
  const out = new Set<number>([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentId !== null && out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Keeps the groups whose name contains `keyword`, with the ancestors that lead to them. */
export function filterGroups<T extends GroupRow>(rows: readonly T[], keyword: string): T[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...rows];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<number>();
  for (const r of rows) {
    if (!r.name.toLowerCase().includes(needle)) continue;
    for (
      let cur: T | undefined = r;
      cur && !keep.has(cur.id);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId)
    ) {
      keep.add(cur.id);
    }
  }
  return rows.filter((r) => keep.has(r.id));
}

/** Names from the root down to the group, e.g. ['Plant A', 'Boiler house']. */
export function groupPath(rows: readonly GroupRow[], id: number): string[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: string[] = [];
  const seen = new Set<number>();
  for (let cur = byId.get(id); cur && !seen.has(cur.id); cur = byId.get(cur.parentId ?? -1)) {
    seen.add(cur.id);
    out.unshift(cur.name);
  }
  return out;
}

export interface GroupTreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: GroupTreeOption[];
}

/** TreeSelect data; groups in `disabledIds` cannot be picked. */
export function groupTreeOptions(
  rows: readonly GroupRow[],
  disabledIds: ReadonlySet<number> = new Set(),
): GroupTreeOption[] {
  const convert = (nodes: GroupNode[]): GroupTreeOption[] =>
    nodes.map((n) => ({
      value: n.id,
      title: n.name,
      ...(disabledIds.has(n.id) ? { disabled: true } : {}),
      ...(n.children ? { children: convert(n.children) } : {}),
    }));
  return convert(buildGroupTree(rows));
}
