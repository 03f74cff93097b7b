import type { GroupRow } from '@fieldhub/shared';
import { buildTree } from '../tree';

/**
 * Device groups arrive as a flat list with `parentId` and each group's own device count; the
 * group screen and the device list filter show them as a tree with the counts added up.
 */

export interface GroupNode extends GroupRow {
  /** devices in this group and every group below it (what the device list shows when filtering) */
  totalCount: number;
  /** 1 for a root group; the server allows 10 levels */
  level: number;
  children?: GroupNode[];
}

/** Nests groups under their parents in the server's order (orphans become roots), with counts and levels. */
export function buildGroupTree(rows: readonly GroupRow[]): GroupNode[] {
  const roots: GroupNode[] = buildTree(rows.map((r) => ({ ...r, totalCount: 0, level: 1 })));
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
