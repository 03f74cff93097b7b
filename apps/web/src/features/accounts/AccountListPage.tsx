import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Button, Space, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import type { AccountRow, AccountSegment } from '@fieldhub/shared';
import { PagedTable } from '../../app/components/PagedTable';
import { PageFrame } from '../../app/components/PageFrame';
import { useSession } from '../../app/session';
import {
  ActionLink,
  DeleteAction,
  formatTime,
  listEmptyText,
  StatusTag,
  ToggleAction,
} from '../../app/components/listParts';
import { usePaging, useStepBackFromEmptyPage } from '../../app/paging';
import { useDialog } from '../../app/useDialog';
import { AccountFormModal } from './AccountFormModal';
import { AccountSearchBar } from './AccountSearchBar';
import { ACCOUNT_VIEWS, segmentOf, type AccountColumn } from './accountViews';
import type { AccountFilters } from './accountTypes';
import { ResetPasswordModal } from './ResetPasswordModal';
import { LockModal } from './LockModal';
import { useAccountActions, useAccountList } from './useAccounts';

/** /manage/account/{co|int|ext|op}: one screen, the kind taken from the path's last part. */
export default function AccountListPage() {
  const { pathname } = useLocation();
  const segment = segmentOf(pathname);
  if (!segment) return <Navigate to="/404" replace />;
  // a fresh screen per kind: filters and paging of one list do not leak into the next
  return <AccountList key={segment} segment={segment} />;
}

function AccountList({ segment }: { segment: AccountSegment }) {
  const { t } = useT('accounts');
  const view = ACCOUNT_VIEWS[segment];
  const myId = useSession((s) => s.user?.userId);
  const [filters, setFilters] = useState<AccountFilters>({});
  const pager = usePaging();
  const editing = useDialog<AccountRow>();
  const resetting = useDialog<AccountRow>();
  const locking = useDialog<AccountRow>();
  const list = useAccountList(segment, filters, pager.paging);
  const { setDisabled, remove } = useAccountActions(segment);

  useStepBackFromEmptyPage(pager, list.data);

  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');
  const openCreate = () => editing.show();

  const optional: Record<AccountColumn, TableColumnsType<AccountRow>[number]> = {
    enterprise: { title: t('field.enterprise'), dataIndex: 'orgName', ellipsis: true },
    company: { title: t('field.company'), dataIndex: 'company', ellipsis: true },
    contact: { title: t('field.contact'), dataIndex: 'contact', ellipsis: true },
    tel: { title: t('field.tel'), dataIndex: 'tel', width: 140 },
    email: { title: t('field.email'), dataIndex: 'email', ellipsis: true },
    department: { title: t('field.department'), dataIndex: 'deptName', ellipsis: true },
    role: { title: t('field.role'), dataIndex: 'roleName', ellipsis: true },
  };

  const deleteBlocked = (row: AccountRow) => (row.id === myId ? t('list.own-account') : null);
  const toggleBlocked = (row: AccountRow) => (row.id === myId ? t('list.own-account-disable') : null);

  const columns: TableColumnsType<AccountRow> = [
    {
      title: t('field.loginname'),
      dataIndex: 'loginname',
      fixed: 'left',
      render: (v: string, row) => (
        <Space size={4}>
          <Typography.Text strong>{v}</Typography.Text>
          {row.id === myId && <Typography.Text type="secondary">{t('list.me')}</Typography.Text>}
        </Space>
      ),
    },
    ...view.columns.map((c) => optional[c]),
    {
      title: t('common:status'),
      dataIndex: 'disabled',
      width: 100,
      render: (v: boolean) => <StatusTag disabled={v} />,
    },
    { title: t('common:created-at'), dataIndex: 'createdAt', width: 180, render: formatTime },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap={false}>
          <ActionLink onClick={() => editing.show(row)} testId={`edit-${row.loginname}`}>
            {t('common:edit')}
          </ActionLink>
          <ToggleAction
            disabled={row.disabled}
            title={t(row.disabled ? 'list.enable-confirm' : 'common:disable-confirm', {
              name: row.loginname,
            })}
            blockedReason={toggleBlocked(row)}
            testId={`toggle-${row.loginname}`}
            onToggle={() => setDisabled.mutateAsync({ id: row.id, disabled: !row.disabled })}
          />
          <ActionLink
            onClick={() => resetting.show(row)}
            blockedReason={row.id === myId ? t('list.own-account-reset') : null}
            testId={`reset-${row.loginname}`}
          >
            {t('list.reset-password')}
          </ActionLink>
          {(segment === 'int' || segment === 'ext') && (
            <ActionLink onClick={() => locking.show(row)} testId={`lock-${row.loginname}`}>
              {row.useLock ? t('lock.on') : t('lock.action')}
            </ActionLink>
          )}
          {view.deletable && (
            <DeleteAction
              name={row.loginname}
              description={t('list.delete-transfer')}
              blockedReason={deleteBlocked(row)}
              testId={`delete-${row.loginname}`}
              onDelete={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageFrame
      title={t(`title.${segment}`)}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="account-add">
          {t(`list.add.${segment}`)}
        </Button>
      }
    >
      <AccountSearchBar
        view={view}
        onSearch={(f) => {
          setFilters(f);
          pager.toFirstPage();
        }}
      />
      <PagedTable<AccountRow>
        pager={pager}
        list={list}
        columns={columns}
        locale={{ emptyText: listEmptyText({ loading: list.isPending, filtered, onCreate: openCreate }) }}
        data-testid="account-table"
      />
      <AccountFormModal
        key={`edit-${editing.key}`}
        segment={segment}
        open={editing.open}
        row={editing.target}
        onClose={editing.close}
      />
      <LockModal
        key={`lock-${locking.key}`}
        segment={segment}
        open={locking.open}
        row={locking.target}
        onClose={locking.close}
      />
      <ResetPasswordModal
        key={`reset-${resetting.key}`}
        segment={segment}
        open={resetting.open}
        row={resetting.target}
        onClose={resetting.close}
      />
    </PageFrame>
  );
}
