/**
 * Departments arrive as a flat list with `parentId`; these pure helpers shape them into the
 * tree the table and the parent pickers show.
 */

export interface DepartmentLike {
  id: number;
  parentId: number | null;
  name: string;
}

export type DepartmentNode<T extends DepartmentLike> = T & { children?: DepartmentNode<T>[] };

/** Nests departments under their parents, keeping the server's order; orphans become roots. */
export function buildDepartmentTree<T extends DepartmentLike>(rows: readonly T[]): DepartmentNode<T>[] {
  const nodes = new Map<number, DepartmentNode<T>>(rows.map((r) => [r.id, { ...r }]));
  const roots: DepartmentNode<T>[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The department and every department below it (a department cannot move under itself). */
export function subtreeIds(rows: readonly DepartmentLike[], rootId: number): Set<number> {
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

/** Keeps the departments whose name contains `keyword`, with the ancestors that lead to them. */
export function filterDepartments<T extends DepartmentLike>(rows: readonly T[], keyword: string): T[] {
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

export interface DepartmentTreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: DepartmentTreeOption[];
}

/** TreeSelect data; departments in `disabledIds` cannot be picked. */
export function departmentTreeOptions(
  rows: readonly DepartmentLike[],
  disabledIds: ReadonlySet<number> = new Set(),
): DepartmentTreeOption[] {
  const convert = (nodes: DepartmentNode<DepartmentLike>[]): DepartmentTreeOption[] =>
    nodes.map((n) => ({
      value: n.id,
      title: n.name,
      ...(disabledIds.has(n.id) ? { disabled: true } : {}),
      ...(n.children ? { children: convert(n.children) } : {}),
    }));
  return convert(buildDepartmentTree(rows));
}
