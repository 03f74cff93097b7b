import { Table, type TableProps } from 'antd';
import { useT } from '../useT';
import { tablePagination, type Pager } from '../paging';

/**
 * A server-paged table: the current page of `list`, the pager's pagination with a size changer
 * and the total, middle-sized rows keyed by `id` whose columns scroll sideways. Other table
 * props pass through and win.
 */
export function PagedTable<T extends object>({
  pager,
  list,
  ...table
}: TableProps<T> & {
  pager: Pager;
  list: { isFetching: boolean; data?: { list: T[]; total: number } | undefined };
}) {
  const { t } = useT('common');
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={list.isFetching}
      dataSource={list.data?.list ?? []}
      pagination={tablePagination(pager, list.data?.total ?? 0, t)}
      {...table}
    />
  );
}
