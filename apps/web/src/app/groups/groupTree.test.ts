import { describe, expect, it } from 'vitest';
import { filterTree, subtreeIds, treeOptions, treePath } from '../tree';
import { buildGroupTree } from './groupTree';

const rows = [
  { id: 1, parentId: null, name: 'Plant A', seq: 0, deviceCount: 1 },
  { id: 2, parentId: 1, name: 'Water treatment', seq: 0, deviceCount: 2 },
  { id: 3, parentId: 2, name: 'Filters', seq: 0, deviceCount: 4 },
  { id: 4, parentId: 1, name: 'Boiler house', seq: 0, deviceCount: 0 },
  { id: 5, parentId: null, name: 'Warehouse', seq: 0, deviceCount: 3 },
  { id: 6, parentId: 99, name: 'Orphan', seq: 0, deviceCount: 1 },
];

describe('group tree', () => {
  it('nests groups in the server order and keeps orphans at the top', () => {
    const tree = buildGroupTree(rows);
    expect(tree.map((n) => n.name)).toEqual(['Plant A', 'Warehouse', 'Orphan']);
    expect(tree[0]!.children!.map((n) => n.name)).toEqual(['Water treatment', 'Boiler house']);
    expect(tree[1]!.children).toBeUndefined();
  });

  it('counts the devices of a group together with those of its sub-groups', () => {
    const [plant, warehouse] = buildGroupTree(rows);
    expect(plant!.totalCount).toBe(7);
    expect(plant!.children![0]!.totalCount).toBe(6);
    expect(plant!.children![1]!.totalCount).toBe(0);
    expect(warehouse!.totalCount).toBe(3);
  });

  it('numbers the levels from 1 at the root', () => {
    const [plant] = buildGroupTree(rows);
    expect(plant!.level).toBe(1);
    expect(plant!.children![0]!.children![0]!.level).toBe(3);
  });

  it('does not loop on a parent cycle in bad data', () => {
    const cyclic = [
      { id: 1, parentId: 2, name: 'a', seq: 0, deviceCount: 1 },
      { id: 2, parentId: 1, name: 'b', seq: 0, deviceCount: 1 },
    ];
    expect(() => buildGroupTree(cyclic)).not.toThrow();
  });

  it('finds a group and everything below it', () => {
    expect([...subtreeIds(rows, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeIds(rows, 5)]).toEqual([5]);
  });

  it('keeps matching groups with the ancestors that lead to them', () => {
    expect(filterTree(rows, 'filt').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(filterTree(rows, 'WARE').map((r) => r.id)).toEqual([5]);
    expect(filterTree(rows, '  ')).toHaveLength(rows.length);
  });

  it('names the path from the root down to a group', () => {
    expect(treePath(rows, 3)).toEqual(['Plant A', 'Water treatment', 'Filters']);
    expect(treePath(rows, 42)).toEqual([]);
  });

  it('disables the given groups in the parent picker', () => {
    const options = treeOptions(rows, subtreeIds(rows, 2));
    expect(options[0]).toMatchObject({ value: 1, title: 'Plant A' });
    expect(options[0]!.disabled).toBeUndefined();
    expect(options[0]!.children![0]).toMatchObject({
      value: 2,
      disabled: true,
      children: [{ value: 3, disabled: true }],
    });
  });
});
