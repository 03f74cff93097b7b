import { describe, expect, it } from 'vitest';
import type { ProjectMember } from '@fieldhub/shared';
import { holdersByPage, pagesOverLimit, setPagePmsn } from './pagePmsn';

const member = (id: number, pages: number[]): ProjectMember => ({
  id,
  loginname: `u${id}`,
  kind: 'internal',
  contact: '',
  createdAt: 0,
  pagePmsn: pages.map((pageId) => ({ pageId, pageName: `p${pageId}`, pmsn: 'view' })),
});

describe('holdersByPage', () => {
  it('counts the members holding each page, without the one being edited', () => {
    const members = [member(1, [10, 11]), member(2, [10]), member(3, [])];
    expect([...holdersByPage(members)]).toEqual([
      [10, 2],
      [11, 1],
    ]);
    expect(holdersByPage(members, 1).get(10)).toBe(1);
    expect(holdersByPage(members, 1).has(11)).toBe(false);
  });
});

describe('pagesOverLimit', () => {
  it('names the pages that would have more than the maximum holders', () => {
    const holders = new Map([
      [10, 9],
      [11, 10],
    ]);
    const pmsn = [
      { pageId: 10, pmsn: 'view' as const },
      { pageId: 11, pmsn: 'view' as const },
      { pageId: 12, pmsn: 'operate' as const },
    ];
    expect(pagesOverLimit(pmsn, holders, 1, 10)).toEqual([11]);
    expect(pagesOverLimit(pmsn, holders, 2, 10)).toEqual([10, 11]);
  });
});

describe('setPagePmsn', () => {
  it('switches a page on, changes its level, and off, keeping page order', () => {
    const order = [3, 1, 2];
    let list = setPagePmsn([], order, 2, 'view');
    list = setPagePmsn(list, order, 3, 'operate');
    expect(list).toEqual([
      { pageId: 3, pmsn: 'operate' },
      { pageId: 2, pmsn: 'view' },
    ]);
    expect(setPagePmsn(list, order, 2, 'operate')[1]).toEqual({ pageId: 2, pmsn: 'operate' });
    expect(setPagePmsn(list, order, 3, null)).toEqual([{ pageId: 2, pmsn: 'view' }]);
  });
});
