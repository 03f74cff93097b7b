import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  Button,
  Checkbox,
  Col,
  Empty,
  Flex,
  Input,
  Pagination,
  Row,
  Segmented,
  Skeleton,
  Table,
  Typography,
} from 'antd';
import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import type { MonitorDeviceCard } from '@fieldhub/shared';
import { PageFrame } from '../../../app/components/PageFrame';
import { tablePagination, usePaging, useStepBackFromEmptyPage } from '../../../app/paging';
import { pathTo } from '../../../app/routeTable';
import { GatewayStatusBadge } from '../../../app/components/GatewayStatusBadge';
import { useDeviceCards, useFollow, type CardFilters } from '../useMonitor';
import { AlarmCount, DeviceCard, FollowStar, PagesButton } from './DeviceCard';
import { MonitorGroupTree } from './MonitorGroupTree';

type View = 'cards' | 'list';
const VIEW_KEY = 'fieldhub.monitor.view';
const STATUSES = ['all', 'online', 'offline', 'sleeping', 'unbound'] as const;

/** The group monitor (/monitor/eg/group) opens devices under its own path, naming the group. */
const GROUP_BASE = '/monitor/eg/group';
const detailPath = (card: MonitorDeviceCard, inGroups: boolean) =>
  inGroups
    ? `${GROUP_BASE}/list/${card.groupId ?? 0}/${card.id}`
    : pathTo('MonitorEGDetail', { id: card.id, alarm: 0 });
/** The device's configuration pages as tabs, live (docs/requirements/monitoring.md §2.4). */
const pagesPath = (card: MonitorDeviceCard) => `${GROUP_BASE}/configuration/${card.groupId ?? 0}/${card.id}`;

/**
 * /monitor/eg/list: the devices the user may watch, as cards or a list, with their gateway state,
 * active alarms and follow star (followed first); filtered by group, state, keyword and follows.
 */
export default function MonitorListPage() {
  const { t } = useT('monitor');
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const inGroups = pathname.startsWith(GROUP_BASE);
  const [filters, setFilters] = useState<CardFilters>(() => {
    const groupId = Number(new URLSearchParams(search).get('groupId'));
    return groupId > 0 ? { groupId } : {};
  });
  const [view, setView] = useState<View>(() =>
    localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'cards',
  );
  const [keyword, setKeyword] = useState('');
  const pager = usePaging();
  const cards = useDeviceCards(filters, pager.paging);
  const follow = useFollow();
  useStepBackFromEmptyPage(pager, cards.data);

  const apply = (next: CardFilters) => {
    setFilters(next);
    pager.toFirstPage();
  };
  const toggleFollow = (card: MonitorDeviceCard) => follow.mutate({ id: card.id, follow: !card.followed });
  const followBusy = (card: MonitorDeviceCard) => follow.isPending && follow.variables?.id === card.id;
  const filtered = !!(filters.groupId || filters.keyword || filters.status || filters.followed);
  const list = cards.data?.list ?? [];

  const empty = filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.no-match')} data-testid="monitor-empty">
      <Button
        onClick={() => {
          setKeyword('');
          apply({});
        }}
      >
        {t('list.clear')}
      </Button>
    </Empty>
  ) : (
    <Empty description={t('list.none')} data-testid="monitor-empty">
      <Typography.Paragraph type="secondary">{t('list.none-help')}</Typography.Paragraph>
    </Empty>
  );

  let body;
  if (cards.isPending) body = <Skeleton active paragraph={{ rows: 6 }} data-testid="monitor-loading" />;
  else if (view === 'cards')
    body = list.length ? (
      <>
        <Row
          gutter={[16, 16]}
          data-testid="monitor-cards"
          style={{ opacity: cards.isPlaceholderData ? 0.6 : 1 }}
        >
          {list.map((card) => (
            <Col key={card.id} xs={24} sm={12} lg={8} xxl={6}>
              <DeviceCard
                card={card}
                followBusy={followBusy(card)}
                onOpen={() => navigate(detailPath(card, inGroups))}
                onOpenPages={() => navigate(pagesPath(card))}
                onToggleFollow={() => toggleFollow(card)}
              />
            </Col>
          ))}
        </Row>
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Pagination {...tablePagination(pager, cards.data?.total ?? 0, t)} />
        </Flex>
      </>
    ) : (
      empty
    );
  else
    body = (
      <Table<MonitorDeviceCard>
        rowKey="id"
        size="middle"
        loading={cards.isFetching && cards.isPlaceholderData}
        dataSource={list}
        pagination={tablePagination(pager, cards.data?.total ?? 0, t)}
        locale={{ emptyText: empty }}
        onRow={(card) => ({
          onClick: () => navigate(detailPath(card, inGroups)),
          style: { cursor: 'pointer' },
        })}
        data-testid="monitor-table"
        columns={[
          {
            key: 'follow',
            width: 48,
            render: (_, card) => (
              <FollowStar card={card} busy={followBusy(card)} onToggle={() => toggleFollow(card)} />
            ),
          },
          {
            title: t('col.name'),
            dataIndex: 'name',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          { title: t('col.group'), dataIndex: 'groupName', render: (v: string | null) => v ?? '—' },
          { title: t('col.sn'), dataIndex: 'sn', render: (v: string | null) => v ?? '—' },
          {
            title: t('col.status'),
            dataIndex: 'gatewayStatus',
            render: (_, card) => <GatewayStatusBadge status={card.gatewayStatus} />,
          },
          {
            title: t('col.alarms'),
            dataIndex: 'alarmCount',
            render: (v: number) => <AlarmCount count={v} />,
          },
          {
            title: t('col.pages'),
            dataIndex: 'pageCount',
            render: (_, card) =>
              card.pageCount ? (
                <PagesButton card={card} onOpen={() => navigate(pagesPath(card))} />
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              ),
          },
        ]}
      />
    );

  return (
    <PageFrame
      title={t(inGroups ? 'list.group-title' : 'list.title')}
      extra={
        <Segmented<View>
          value={view}
          onChange={(v) => {
            setView(v);
            localStorage.setItem(VIEW_KEY, v);
          }}
          options={[
            { value: 'cards', icon: <AppstoreOutlined />, label: t('list.view-cards') },
            { value: 'list', icon: <UnorderedListOutlined />, label: t('list.view-list') },
          ]}
          data-testid="monitor-view"
        />
      }
    >
      <Flex gap={16} align="flex-start">
        <div style={{ width: 220, flex: 'none', overflow: 'auto', maxHeight: 'calc(100vh - 220px)' }}>
          <MonitorGroupTree
            selected={filters.groupId}
            onSelect={(groupId) => {
              apply({ ...filters, groupId });
              void navigate({ search: groupId ? `?groupId=${groupId}` : '' }, { replace: true });
            }}
          />
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              maxLength={50}
              placeholder={t('list.search')}
              style={{ width: 260 }}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => apply({ ...filters, keyword: v.trim() || undefined })}
              data-testid="monitor-search"
            />
            <Segmented<(typeof STATUSES)[number]>
              value={filters.status ?? 'all'}
              onChange={(v) => apply({ ...filters, status: v === 'all' ? undefined : v })}
              options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              data-testid="monitor-status-filter"
            />
            <Checkbox
              checked={!!filters.followed}
              onChange={(e) => apply({ ...filters, followed: e.target.checked || undefined })}
              data-testid="monitor-followed"
            >
              {t('list.followed-only')}
            </Checkbox>
          </Flex>
          {body}
        </div>
      </Flex>
    </PageFrame>
  );
}
