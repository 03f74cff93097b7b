/**
 * Device groups and departments arrive as flat lists with `parentId`; these pure helpers shape
 * such a list into the trees the tables, filters and parent pickers show.
 */

/** A row of a flat list that names its parent. */
export interface TreeRow {
  id: number;
  parentId: number | null;
  name: string;
}

export type TreeNode<T extends TreeRow> = T & { children?: TreeNode<T>[] };

/** Nests rows under their parents, keeping the list's order; orphans become roots. */
export function buildTree<T extends TreeRow>(rows: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>(rows.map((r) => [r.id, { ...r }]));
  const roots: TreeNode<T>[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    // a row that names itself as parent (bad data) stays a root instead of looping
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The row and every row below it (a row cannot move under itself). */
export function subtreeIds(rows: readonly TreeRow[], rootId: number): Set<number> {
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

/** Keeps the rows whose name contains `keyword`, with the ancestors that lead to them. */
export function filterTree<T extends TreeRow>(rows: readonly T[], keyword: string): T[] {
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

/** Names from the root down to the row, e.g. ['Plant A', 'Boiler house']. */
export function treePath(rows: readonly TreeRow[], id: number): string[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: string[] = [];
  const seen = new Set<number>();
  for (let cur = byId.get(id); cur && !seen.has(cur.id); cur = byId.get(cur.parentId ?? -1)) {
    seen.add(cur.id);
    out.unshift(cur.name);
  }
  return out;
}

export interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** TreeSelect data; rows in `disabledIds` cannot be picked. */
export function treeOptions(
  rows: readonly TreeRow[],
  disabledIds: ReadonlySet<number> = new Set(),
): TreeOption[] {
  const convert = (nodes: TreeNode<TreeRow>[]): TreeOption[] =>
    nodes.map((n) => ({
      value: n.id,
      title: n.name,
      ...(disabledIds.has(n.id) ? { disabled: true } : {}),
      ...(n.children ? { children: convert(n.children) } : {}),
    }));
  return convert(buildTree(rows));
}
