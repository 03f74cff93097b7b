import { useEffect, useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { Translate } from './useT';

/** The page a server-paged list call asks for. */
export interface Paging {
  pageNum: number;
  pageSize: number;
}

/** The page state of a server-paged list, starting on the first page of 10 rows. */
export function usePaging() {
  const [paging, setPaging] = useState<Paging>({ pageNum: 1, pageSize: 10 });
  return {
    paging,
    setPaging,
    /** back to the first page: the filters changed */
    toFirstPage: () => setPaging((p) => ({ ...p, pageNum: 1 })),
  };
}

export type Pager = ReturnType<typeof usePaging>;

/** After deleting the last row of the last page, steps back to a page that has rows. */
export function useStepBackFromEmptyPage({ paging, setPaging }: Pager, data: { total: number } | undefined) {
  const total = data?.total ?? 0;
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
    if (data && paging.pageNum > lastPage) setPaging((p) => ({ ...p, pageNum: lastPage }));
  }, [data, total, paging, setPaging]);
}

/** The pagination of a server-paged table: the pager's page, a size changer and the total. */
export function tablePagination(
  { paging, setPaging }: Pager,
  total: number,
  t: Translate,
): TablePaginationConfig {
  return {
    current: paging.pageNum,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    showTotal: (n) => t('common:total', { total: n }),
    onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
  };
}
