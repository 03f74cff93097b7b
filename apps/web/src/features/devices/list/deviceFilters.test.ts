import { describe, expect, it } from 'vitest';
import {
  advancedFilterCount,
  deviceQueryBody,
  groupIdFromSearch,
  isFiltered,
  withAdvanced,
} from './deviceFilters';

describe('device list filters', () => {
  it('leaves blank filters out of the query and trims text', () => {
    expect(
      deviceQueryBody(
        { keyword: '  pump ', manufacturer: '', sn: '   ', status: 'online' },
        { pageNum: 2, pageSize: 10 },
      ),
    ).toEqual({ keyword: 'pump', status: 'online', pageNum: 2, pageSize: 10 });
  });

  it('includes the devices of sub-groups when a group is chosen', () => {
    expect(deviceQueryBody({ groupId: 4 })).toEqual({ groupId: 4, withSubgroups: true });
    expect(deviceQueryBody({})).toEqual({});
  });

  it('counts only the advanced filters that are set', () => {
    expect(advancedFilterCount({ keyword: 'x', groupId: 3 })).toBe(0);
    expect(advancedFilterCount({ status: 'unbound', templateId: 2, sn: ' ' })).toBe(2);
  });

  it('tells whether anything narrows the list', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ keyword: '  ' })).toBe(false);
    expect(isFiltered({ groupId: 1 })).toBe(true);
  });

  it('replaces the advanced filters and keeps keyword and group', () => {
    expect(
      withAdvanced(
        { keyword: 'k', groupId: 1, status: 'online', sn: '1000' },
        { manufacturer: 'ACME', sn: '' },
      ),
    ).toEqual({ keyword: 'k', groupId: 1, manufacturer: 'ACME' });
  });

  it('reads a positive group id from the address bar', () => {
    expect(groupIdFromSearch('?groupId=12')).toBe(12);
    expect(groupIdFromSearch('?groupId=abc')).toBeUndefined();
    expect(groupIdFromSearch('?groupId=0')).toBeUndefined();
    expect(groupIdFromSearch('')).toBeUndefined();
  });
});
