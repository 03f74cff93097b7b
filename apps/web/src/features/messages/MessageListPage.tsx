import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  Badge,
  Button,
  Empty,
  Flex,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Typography,
  type TableColumnsType,
} from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { MSG_TYPES, type MsgRow, type MsgType } from '@fieldhub/shared';
import { PagedTable } from '../../app/components/PagedTable';
import { PageFrame } from '../../app/components/PageFrame';
import { ActionLink, listEmptyText } from '../../app/components/listParts';
import { toastSuccess } from '../../app/notify';
import { usePaging, useStepBackFromEmptyPage } from '../../app/paging';
import { MSG_TABS, messageTarget, tabOfPath, type MsgMenuType } from './messageLinks';
import { MsgNote, MsgTime, MsgTypeTag, ReadStateTag } from './messageParts';
import {
  useMessageActions,
  useMessagePage,
  useMyDevices,
  useUnreadCount,
  type MsgFilters,
} from './useMessages';

/** A test id on an antd part whose props type does not list data attributes. */
const testId = (id: string) => ({ 'data-testid': id }) as Record<string, string>;

/** /msg/messageAll, /msg/messageReaden, /msg/messageUnReaden: one list, the read state from the path. */
export default function MessageListPage() {
  const { pathname } = useLocation();
  const tab = tabOfPath(pathname);
  // a fresh list per tab: the selection and paging of one tab do not leak into the next
  return <MessageList key={tab.path} readState={tab.readState} menuType={tab.menuType} />;
}

function MessageList({ readState, menuType }: Pick<MsgFilters, 'readState'> & { menuType: MsgMenuType }) {
  const { t } = useT('messages');
  const navigate = useNavigate();
  const [type, setType] = useState<MsgType | undefined>();
  const [deviceId, setDeviceId] = useState<number | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const pager = usePaging();
  const filters: MsgFilters = {
    readState,
    type,
    ...(deviceId ? { equipType: 'eg' as const, dataId: deviceId } : {}),
  };
  const list = useMessagePage(filters, pager.paging);
  const unread = useUnreadCount();
  const devices = useMyDevices();
  const { markRead, remove, markAllRead } = useMessageActions();
  useStepBackFromEmptyPage(pager, list.data);

  const filtered = type !== undefined || deviceId !== undefined;
  const refilter = (apply: () => void) => {
    apply();
    setSelected([]);
    pager.toFirstPage();
  };
  const open = (row: MsgRow) => {
    const target = messageTarget(row, menuType);
    if (target.newWindow) window.open(target.path, '_blank', 'noopener');
    else void navigate(target.path);
  };
  const markSelected = async () => {
    const { changed } = await markRead.mutateAsync(selected);
    setSelected([]);
    toastSuccess(t('done.marked', { count: changed }));
  };
  const deleteSelected = async () => {
    const { changed } = await remove.mutateAsync(selected);
    setSelected([]);
    toastSuccess(t('done.deleted', { count: changed }));
  };
  const markAll = async () => {
    const { changed } = await markAllRead.mutateAsync();
    setSelected([]);
    toastSuccess(t('done.marked', { count: changed }));
  };

  const columns: TableColumnsType<MsgRow> = [
    {
      title: t('col.type'),
      dataIndex: 'type',
      width: 120,
      render: (v: MsgType) => <MsgTypeTag type={v} />,
    },
    {
      title: t('col.about'),
      dataIndex: 'equipType',
      width: 150,
      render: (_: unknown, row) => (
        <Typography.Text type="secondary">{t(`equip-type.${row.equipType}`)}</Typography.Text>
      ),
    },
    {
      title: t('col.title'),
      dataIndex: 'title',
      width: 220,
      ellipsis: true,
      render: (v: string, row) => (
        <Typography.Link strong={!row.read} onClick={() => open(row)} data-testid={`msg-title-${row.id}`}>
          {v}
        </Typography.Link>
      ),
    },
    {
      title: t('col.note'),
      dataIndex: 'note',
      ellipsis: true,
      render: (_: string, row) => <MsgNote row={row} />,
    },
    { title: t('col.time'), dataIndex: 'gmtCreate', width: 180, render: (v: number) => <MsgTime ms={v} /> },
    {
      title: t('col.state'),
      dataIndex: 'read',
      width: 100,
      render: (v: boolean) => <ReadStateTag read={v} />,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <ActionLink onClick={() => open(row)} testId={`msg-view-${row.id}`}>
            {t('action.view')}
          </ActionLink>
          {!row.read && (
            <ActionLink
              onClick={() => void markRead.mutateAsync([row.id]).catch(() => undefined)}
              testId={`msg-read-${row.id}`}
            >
              {t('action.mark-read')}
            </ActionLink>
          )}
        </Space>
      ),
    },
  ];

  const unreadCount = unread.data?.count ?? 0;
  return (
    <PageFrame
      title={t('center')}
      extra={
        <Link to="/account/config" data-testid="msg-settings">
          <SettingOutlined /> {t('settings')}
        </Link>
      }
    >
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented
          data-testid="msg-tabs"
          value={readState}
          onChange={(v) => navigate(MSG_TABS.find((tab) => tab.readState === v)!.path)}
          options={MSG_TABS.map((tab) => ({
            value: tab.readState,
            label:
              tab.readState === 'unread' ? (
                <Space size={6}>
                  {t('tabs.unread')}
                  <Badge count={unreadCount} overflowCount={99} size="small" />
                </Space>
              ) : (
                t(`tabs.${tab.readState}`)
              ),
          }))}
        />
        <Space wrap>
          <Select<MsgType>
            allowClear
            placeholder={t('filter.type')}
            style={{ width: 160 }}
            value={type}
            onChange={(v) => refilter(() => setType(v))}
            options={MSG_TYPES.map((k) => ({ value: k, label: t(`type.${k}`) }))}
            data-testid="msg-filter-type"
          />
          <Select<number>
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('filter.device')}
            style={{ width: 220 }}
            value={deviceId}
            loading={devices.isPending}
            onChange={(v) => refilter(() => setDeviceId(v))}
            options={(devices.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            notFoundContent={t('filter.no-device')}
            data-testid="msg-filter-device"
          />
        </Space>
      </Flex>
      <Flex align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Button
          disabled={!selected.length}
          loading={markRead.isPending}
          onClick={() => void markSelected().catch(() => undefined)}
          data-testid="msg-mark-selected"
        >
          {t('action.mark-selected-read')}
        </Button>
        <Popconfirm
          title={t('confirm.delete', { count: selected.length })}
          description={t('confirm.delete-help')}
          okText={t('common:delete')}
          okButtonProps={{ danger: true, ...testId('msg-delete-confirm') }}
          cancelText={t('common:cancel')}
          disabled={!selected.length}
          onConfirm={() => deleteSelected().catch(() => undefined)}
        >
          <Button
            danger
            disabled={!selected.length}
            loading={remove.isPending}
            data-testid="msg-delete-selected"
          >
            {t('action.delete-selected')}
          </Button>
        </Popconfirm>
        <Popconfirm
          title={t('confirm.mark-all')}
          okText={t('common:confirm')}
          okButtonProps={testId('msg-mark-all-confirm')}
          cancelText={t('common:cancel')}
          disabled={!unreadCount}
          onConfirm={() => markAll().catch(() => undefined)}
        >
          <Button disabled={!unreadCount} loading={markAllRead.isPending} data-testid="msg-mark-all">
            {t('action.mark-all-read')}
          </Button>
        </Popconfirm>
        {selected.length > 0 && (
          <Typography.Text type="secondary" data-testid="msg-selected">
            {t('selected', { count: selected.length })}
          </Typography.Text>
        )}
      </Flex>
      <PagedTable<MsgRow>
        pager={pager}
        list={list}
        columns={columns}
        data-testid="msg-table"
        // long contents are cut (full text in the detail), so every column stays in view
        scroll={{ x: 1100 }}
        rowClassName={(row) => (row.read ? '' : 'msg-unread')}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (row) => testId(`msg-select-${row.id}`),
        }}
        locale={{
          emptyText: list.isPending ? (
            listEmptyText({ loading: true, filtered })
          ) : (
            <MsgEmpty readState={readState} filtered={filtered} />
          ),
        }}
      />
    </PageFrame>
  );
}

function MsgEmpty({ readState, filtered }: { readState: MsgFilters['readState']; filtered: boolean }) {
  const { t } = useT('messages');
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? t('empty.filtered') : t(`empty.${readState}`)}
      data-testid="msg-empty"
    />
  );
}
