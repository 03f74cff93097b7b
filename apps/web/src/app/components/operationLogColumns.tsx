import type { TableColumnType } from 'antd';
import dayjs from 'dayjs';
import type { OperationLogRow } from '@fieldhub/shared';
import { textUnder, type Translate } from '../useT';

/**
 * The columns of an operation log table: time, account, action, then `subject` (what was acted
 * on, or the details), then the IP address.
 */
export function operationLogColumns(
  t: Translate<'oplog'>,
  subject: TableColumnType<OperationLogRow>,
): TableColumnType<OperationLogRow>[] {
  return [
    {
      title: t('time'),
      dataIndex: 'createdAt',
      width: 190,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    { title: t('loginname'), dataIndex: 'loginname', width: 160 },
    {
      title: t('action-label'),
      dataIndex: 'action',
      render: (v: string) => textUnder(t, 'oplog:action.', v),
    },
    subject,
    { title: t('ip'), dataIndex: 'ip', width: 150 },
  ];
}
