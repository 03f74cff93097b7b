import type { TableColumnType } from 'antd';
import dayjs from 'dayjs';
import { isOperationAction, isOperationObjectType, type OperationLogRow } from '@fieldhub/shared';
import type { Translate } from '../useT';

/**
 * The name of a logged action in the screen's language (accounts-and-login.md §7.1); an action of
 * an older server that is no longer written shows as recorded.
 */
export function operationActionText(t: Translate<'oplog'>, action: string): string {
  return isOperationAction(action) ? t(`action.${action}`) : action;
}

/** The kind of object an entry names, in the screen's language, or as recorded. */
export function operationObjectText(t: Translate<'oplog'>, objectType: string): string {
  return isOperationObjectType(objectType) ? t(`object-type.${objectType}`) : objectType;
}

/**
 * The columns of an operation log table: time, account, action, then `subject` (what was acted
 * on, or the details), then the IP address ('-' for entries the platform wrote itself, the demo).
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
      render: (v: string) => operationActionText(t, v),
    },
    subject,
    { title: t('ip'), dataIndex: 'ip', width: 150, render: (v: string) => v || '-' },
  ];
}
