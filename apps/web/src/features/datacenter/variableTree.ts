import type { DataCenterTree } from '@fieldhub/shared';
import { buildTree, type TreeNode, type TreeRow } from '../../app/tree';

/** A node of the picker: a group, a device or a variable (the only checkable leaves that count). */
export interface PickNode {
  key: string;
  title: string;
  children?: PickNode[];
  /** set on variables */
  variableId?: number;
  /** a device without variables, or a group without devices, cannot be checked */
  disableCheckbox?: boolean;
}

export const variableKey = (id: number) => `v-${id}`;

/** The variable ids among checked keys. */
export const checkedVariables = (keys: readonly string[]): number[] =>
  keys.filter((k) => k.startsWith('v-')).map((k) => Number(k.slice(2)));

/**
 * Groups → devices → variables (data-views.md §3.1); devices outside any group hang under a node
 * of their own at the end. A keyword keeps the variables, devices and groups whose names hold it
 * (a matching device or group keeps everything under it).
 */
export function pickTree(tree: DataCenterTree, ungrouped: string, keyword = ''): PickNode[] {
  const kw = keyword.trim().toLowerCase();
  const hit = (name: string) => !kw || name.toLowerCase().includes(kw);
  const deviceNode = (d: DataCenterTree['devices'][number], all: boolean): PickNode | null => {
    const keepAll = all || hit(d.name);
    const variables = d.variables.filter((v) => keepAll || hit(v.name));
    if (!variables.length && !keepAll) return null;
    return {
      key: `d-${d.id}`,
      title: d.name,
      disableCheckbox: !d.variables.length,
      children: variables.map((v) => ({
        key: variableKey(v.id),
        title: v.unit ? `${v.name} (${v.unit})` : v.name,
        variableId: v.id,
      })),
    };
  };
  const groupNode = (g: TreeNode<TreeRow>, all: boolean): PickNode | null => {
    const keepAll = all || (!!kw && hit(g.name));
    const children = [
      ...(g.children ?? []).map((c) => groupNode(c, keepAll)),
      ...tree.devices.filter((d) => d.groupId === g.id).map((d) => deviceNode(d, keepAll)),
    ].filter((n): n is PickNode => n !== null);
    if (!children.length && kw && !keepAll) return null;
    return { key: `g-${g.id}`, title: g.name, children, disableCheckbox: !children.length };
  };
  const known = new Set(tree.groups.map((g) => g.id));
  const roots = buildTree(tree.groups)
    .map((g) => groupNode(g, false))
    .filter((n): n is PickNode => n !== null);
  const loose = tree.devices
    .filter((d) => d.groupId === null || !known.has(d.groupId))
    .map((d) => deviceNode(d, false))
    .filter((n): n is PickNode => n !== null);
  return loose.length ? [...roots, { key: 'g-none', title: ungrouped, children: loose }] : roots;
}

/** Names of the checked variables, "device / variable", for the chart's legend. */
export function variableLabels(tree: DataCenterTree | undefined): Map<number, string> {
  const out = new Map<number, string>();
  for (const d of tree?.devices ?? []) for (const v of d.variables) out.set(v.id, `${d.name} / ${v.name}`);
  return out;
}
