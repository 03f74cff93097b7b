import { useState } from 'react';
import {
  Button,
  Empty,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { QRCodeSVG } from 'qrcode.react';
import type { EnrollmentRow, EnrollmentState, InvitationRow, InvitationState } from '@fieldhub/shared';
import { copyText } from '../../app/clipboard';
import { PageFrame } from '../../app/components/PageFrame';
import { PagedTable } from '../../app/components/PagedTable';
import { ActionLink, formatTime } from '../../app/components/listParts';
import { toastSuccess } from '../../app/notify';
import { usePaging, useStepBackFromEmptyPage } from '../../app/paging';
import { useT } from '../../app/useT';
import { InvitationFormModal } from './InvitationFormModal';
import { invitationLink, useEnrollActions, useEnrollments, useInvitations } from './useEnroll';

const STATE_COLOR: Record<InvitationState, string> = {
  active: 'success',
  expired: 'default',
  usedUp: 'warning',
  revoked: 'error',
};
const REQUEST_COLOR: Record<EnrollmentState, string> = {
  pending: 'processing',
  approved: 'success',
  refused: 'default',
};

/**
 * /manage/account/enroll (docs/requirements/account-security.md §4): the enterprise's invitation
 * codes and role registration links with their QR codes, and the registrations made through them,
 * which the admin approves or refuses when the invitation asks for it.
 */
export default function EnrollManagePage() {
  const { t } = useT('enroll');
  const [adding, setAdding] = useState(false);
  const [tab, setTab] = useState('invitations');
  return (
    <PageFrame
      title={t('manage.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          data-testid="invitation-add"
        >
          {t('manage.add')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'invitations',
            label: t('manage.tab-invitations'),
            children: <Invitations onAdd={() => setAdding(true)} />,
          },
          { key: 'requests', label: t('manage.tab-requests'), children: <Requests /> },
        ]}
      />
      {adding && <InvitationFormModal open onClose={() => setAdding(false)} />}
    </PageFrame>
  );
}

function Invitations({ onAdd }: { onAdd(): void }) {
  const { t } = useT('enroll');
  const pager = usePaging();
  const list = useInvitations(pager.paging);
  useStepBackFromEmptyPage(pager, list.data);
  const { revoke } = useEnrollActions();
  const [qr, setQr] = useState<string | null>(null);

  const columns: TableColumnsType<InvitationRow> = [
    {
      title: t('manage.code'),
      dataIndex: 'code',
      render: (code: string, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong copyable={false} data-testid={`invitation-code-${row.id}`}>
            {code}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.via === 'code' ? t('manage.via-code') : t('manage.via-role')}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('manage.role'), dataIndex: 'roleName' },
    { title: t('manage.dept'), dataIndex: 'deptName', render: (v: string | null) => v ?? '-' },
    {
      title: t('manage.kind'),
      dataIndex: 'kind',
      render: (v: InvitationRow['kind']) =>
        v === 'internal' ? t('manage.kind-internal') : t('manage.kind-external'),
    },
    {
      title: t('manage.expires'),
      dataIndex: 'expiresAt',
      render: (v: string | null) => (v ? formatTime(v) : t('manage.expires-never')),
    },
    {
      title: t('manage.uses'),
      key: 'uses',
      render: (_, row) => `${row.used} / ${row.maxUses ?? t('manage.unlimited')}`,
    },
    {
      title: t('manage.approval'),
      dataIndex: 'needsApproval',
      render: (v: boolean, row) => (
        <Space>
          {v ? t('manage.approval-yes') : t('manage.approval-no')}
          {row.pending > 0 && (
            <Tag color="processing">{t('manage.pending-count', { count: row.pending })}</Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('manage.state'),
      dataIndex: 'state',
      render: (s: InvitationState) => <Tag color={STATE_COLOR[s]}>{t(`manage.state-${s}`)}</Tag>,
    },
    { title: t('manage.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => {
        const link = invitationLink(row.via, row.code);
        const usable = row.state === 'active';
        return (
          <Space size={0}>
            <ActionLink
              disabled={!usable}
              testId={`invitation-copy-${row.id}`}
              onClick={() => void copyText(link).then((ok) => ok && toastSuccess(t('manage.copied')))}
            >
              {t('manage.copy')}
            </ActionLink>
            <ActionLink disabled={!usable} testId={`invitation-qr-${row.id}`} onClick={() => setQr(link)}>
              {t('manage.qr')}
            </ActionLink>
            {row.state !== 'revoked' && (
              <Popconfirm
                placement="topRight"
                title={t('manage.revoke-confirm')}
                okText={t('manage.revoke')}
                okButtonProps={{ danger: true }}
                cancelText={t('common:cancel')}
                onConfirm={() => revoke.mutateAsync(row.id).catch(() => undefined)}
              >
                <ActionLink danger testId={`invitation-revoke-${row.id}`}>
                  {t('manage.revoke')}
                </ActionLink>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PagedTable<InvitationRow>
        pager={pager}
        list={list}
        columns={columns}
        locale={{
          emptyText: list.isPending ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('manage.empty')}>
              <Button type="primary" onClick={onAdd} data-testid="invitation-empty-add">
                {t('manage.add')}
              </Button>
            </Empty>
          ),
        }}
        data-testid="invitation-table"
      />
      <Modal
        open={qr !== null}
        title={t('manage.qr-title')}
        footer={null}
        onCancel={() => setQr(null)}
        destroyOnHidden
        width={360}
      >
        {qr && (
          <Space direction="vertical" align="center" style={{ width: '100%' }} data-testid="invitation-qr">
            <QRCodeSVG value={qr} size={220} marginSize={2} data-testid="invitation-qr-code" />
            <Typography.Text copyable style={{ wordBreak: 'break-all' }} data-testid="invitation-link">
              {qr}
            </Typography.Text>
          </Space>
        )}
      </Modal>
    </>
  );
}

function Requests() {
  const { t } = useT('enroll');
  const pager = usePaging();
  const [state, setState] = useState<EnrollmentState | 'all'>('pending');
  const list = useEnrollments(state === 'all' ? undefined : state, pager.paging);
  useStepBackFromEmptyPage(pager, list.data);
  const { approve, refuse } = useEnrollActions();

  const columns: TableColumnsType<EnrollmentRow> = [
    { title: t('manage.req-loginname'), dataIndex: 'loginname' },
    { title: t('manage.req-contact'), dataIndex: 'contact' },
    { title: t('manage.req-tel'), dataIndex: 'tel', render: (v: string) => v || '-' },
    { title: t('manage.req-code'), dataIndex: 'code' },
    { title: t('manage.req-time'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('manage.req-state'),
      dataIndex: 'state',
      render: (s: EnrollmentState) => <Tag color={REQUEST_COLOR[s]}>{t(`manage.req-${s}`)}</Tag>,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_, row) =>
        row.state === 'pending' && (
          <Space size={0}>
            <ActionLink
              testId={`request-approve-${row.loginname}`}
              loading={approve.isPending && approve.variables === row.id}
              onClick={() => approve.mutate(row.id)}
            >
              {t('manage.approve')}
            </ActionLink>
            <Popconfirm
              placement="topRight"
              title={t('manage.refuse-confirm')}
              okText={t('manage.refuse')}
              okButtonProps={{ danger: true }}
              cancelText={t('common:cancel')}
              onConfirm={() => refuse.mutateAsync(row.id).catch(() => undefined)}
            >
              <ActionLink danger testId={`request-refuse-${row.loginname}`}>
                {t('manage.refuse')}
              </ActionLink>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <>
      <Segmented<EnrollmentState | 'all'>
        style={{ marginBottom: 16 }}
        value={state}
        onChange={(v) => {
          setState(v);
          pager.toFirstPage();
        }}
        options={[
          { value: 'pending', label: t('manage.req-pending') },
          { value: 'approved', label: t('manage.req-approved') },
          { value: 'refused', label: t('manage.req-refused') },
          { value: 'all', label: t('manage.req-all') },
        ]}
        data-testid="request-filter"
      />
      <PagedTable<EnrollmentRow>
        pager={pager}
        list={list}
        columns={columns}
        locale={{ emptyText: list.isPending ? <div style={{ height: 120 }} /> : t('manage.req-empty') }}
        data-testid="request-table"
      />
    </>
  );
}
