import { describe, expect, it } from 'vitest';
import type { DataCenterTree } from '@fieldhub/shared';
import { checkedVariables, pickTree } from './variableTree';

const v = (id: number, name: string) => ({ id, name, unit: '', dataType: 'int16', storeHistory: true });
const tree: DataCenterTree = {
  groups: [
    { id: 1, parentId: null, name: 'Plant' },
    { id: 2, parentId: 1, name: 'Line 1' },
  ],
  devices: [
    { id: 10, name: 'Kiln', groupId: 2, variables: [v(100, 'level'), v(101, 'temp')] },
    { id: 11, name: 'Press', groupId: null, variables: [v(110, 'state')] },
    { id: 12, name: 'Empty', groupId: 1, variables: [] },
  ],
};

const shape = (nodes: ReturnType<typeof pickTree>): unknown =>
  nodes.map((n) => (n.children ? { [n.title]: shape(n.children) } : n.title));

describe('the variable picker tree', () => {
  it('hangs devices under their groups and the rest under "ungrouped"', () => {
    expect(shape(pickTree(tree, 'Ungrouped'))).toEqual([
      { Plant: [{ 'Line 1': [{ Kiln: ['level', 'temp'] }] }, { Empty: [] }] },
      { Ungrouped: [{ Press: ['state'] }] },
    ]);
    expect(pickTree(tree, 'U')[0]!.children![1]).toMatchObject({ title: 'Empty', disableCheckbox: true });
  });

  it('keeps what matches a keyword, with everything under a matching device or group', () => {
    expect(shape(pickTree(tree, 'Ungrouped', 'TEMP'))).toEqual([
      { Plant: [{ 'Line 1': [{ Kiln: ['temp'] }] }] },
    ]);
    expect(shape(pickTree(tree, 'Ungrouped', 'line'))).toEqual([
      { Plant: [{ 'Line 1': [{ Kiln: ['level', 'temp'] }] }] },
    ]);
    expect(shape(pickTree(tree, 'Ungrouped', 'press'))).toEqual([{ Ungrouped: [{ Press: ['state'] }] }]);
  });

  it('reads the variable ids out of checked keys', () => {
    expect(checkedVariables(['g-1', 'd-10', 'v-100', 'v-101'])).toEqual([100, 101]);
  });
});
