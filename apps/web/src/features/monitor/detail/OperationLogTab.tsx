import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useT } from '../../../app/useT';
import { oplogCalls, type OperationLogRow } from '@fieldhub/shared';
import { PagedTable } from '../../../app/components/PagedTable';
import { usePaging } from '../../../app/paging';
import { callApi } from '../../../app/request';
import { operationLogColumns } from '../../../app/components/operationLogColumns';

/** What was done to this device (writes, syncs, edits), newest first: the operation log of the object. */
export function OperationLogTab({ equipmentId }: { equipmentId: number }) {
  const { t } = useT('oplog');
  const pager = usePaging();
  const list = useQuery({
    queryKey: ['monitor', 'oplog', equipmentId, pager.paging],
    queryFn: () =>
      callApi(oplogCalls.queryByObject, {
        ...pager.paging,
        objectType: 'equipment',
        objectId: String(equipmentId),
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedTable<OperationLogRow>
      pager={pager}
      list={list}
      scroll={undefined}
      locale={{ emptyText: t('common:empty') }}
      data-testid="oplog-table"
      columns={operationLogColumns(t, {
        title: t('monitor:oplog.detail'),
        dataIndex: 'detail',
        render: (d: Record<string, unknown>) => (
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
            {Object.keys(d ?? {}).length ? JSON.stringify(d) : ''}
          </Typography.Text>
        ),
      })}
    />
  );
}
