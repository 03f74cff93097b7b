import { describe, expect, it } from 'vitest';
import { buildTree, filterTree, subtreeIds, treeOptions } from './tree';

const rows = [
  { id: 1, parentId: null, name: 'Production' },
  { id: 2, parentId: 1, name: 'Line A' },
  { id: 3, parentId: 2, name: 'Shift A1' },
  { id: 4, parentId: null, name: 'Sales' },
  { id: 5, parentId: 99, name: 'Orphan' },
];

describe('tree of a flat list (departments)', () => {
  it('nests departments under their parents and keeps orphans at the top', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.name)).toEqual(['Production', 'Sales', 'Orphan']);
    expect(tree[0]!.children!.map((n) => n.name)).toEqual(['Line A']);
    expect(tree[0]!.children![0]!.children!.map((n) => n.name)).toEqual(['Shift A1']);
    expect(tree[1]!.children).toBeUndefined();
  });

  it('finds a department and everything below it', () => {
    expect([...subtreeIds(rows, 1)].sort()).toEqual([1, 2, 3]);
    expect([...subtreeIds(rows, 4)]).toEqual([4]);
  });

  it('keeps matching departments with the ancestors that lead to them', () => {
    expect(filterTree(rows, 'a1').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(filterTree(rows, 'SALES').map((r) => r.id)).toEqual([4]);
    expect(filterTree(rows, '  ')).toHaveLength(5);
  });

  it('disables the given departments in the parent picker', () => {
    const options = treeOptions(rows, subtreeIds(rows, 2));
    expect(options[0]).toMatchObject({ value: 1, title: 'Production' });
    expect(options[0]!.disabled).toBeUndefined();
    expect(options[0]!.children![0]).toMatchObject({
      value: 2,
      disabled: true,
      children: [{ value: 3, disabled: true }],
    });
  });
});
