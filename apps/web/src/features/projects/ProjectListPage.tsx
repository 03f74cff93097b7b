import { useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DesktopOutlined,
  HolderOutlined,
  PlusOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { useT } from '../../app/useT';
import type { ProjectRow } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { ActionLink, DeleteAction, listEmptyText } from '../../app/components/listParts';
import { useDialog } from '../../app/useDialog';
import { ProjectDrawer } from './ProjectDrawer';
import { ProjectFormModal } from './ProjectFormModal';
import { moved } from './projectOrder';
import { projectIdOf, projectTabOf, type ProjectTab } from './projectTabs';
import { useOpenMonitor } from './useOpenMonitor';
import { useProjectActions, useProjectList } from './useProjects';
import './projects.css';

const day = (ms: number) => dayjs(ms).format('YYYY-MM-DD');

/**
 * /manage/eg/project/list: the enterprise's projects (operations centres) in their order, with
 * search, add, edit, delete, ordering by drag or up/down, the monitor link and the management
 * drawer of one project (pages, equipment, accounts, sharing, intermediate variables).
 */
export default function ProjectListPage() {
  const { t } = useT('projects');
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const list = useProjectList(keyword);
  const { remove, reorder } = useProjectActions();
  const form = useDialog<ProjectRow>();
  const openMonitor = useOpenMonitor();
  const rows = list.data?.list ?? [];
  // the stored order is the whole list's: a filtered or truncated list cannot be reordered
  const orderBlocked = keyword
    ? t('order-filtered')
    : (list.data?.total ?? 0) > rows.length
      ? t('order-too-many')
      : null;

  const openId = projectIdOf(params.get('project'));
  const tab = projectTabOf(params.get('tab'));
  const openProject = (id: number | undefined, next: ProjectTab = 'info') =>
    setParams(id === undefined ? {} : { project: String(id), tab: next }, { replace: id === undefined });

  const move = (from: number, to: number) => {
    if (orderBlocked || reorder.isPending) return;
    const next = moved(rows, from, to);
    if (next.every((r, i) => r === rows[i])) return;
    reorder.mutate(next);
  };
  const dragRow = (index: number) => ({
    draggable: !orderBlocked,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.effectAllowed = 'move';
      setDragFrom(index);
    },
    onDragOver: (e: DragEvent) => {
      if (dragFrom !== null) e.preventDefault(); // allows the drop
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      if (dragFrom !== null) move(dragFrom, index);
      setDragFrom(null);
    },
    onDragEnd: () => setDragFrom(null),
    className: dragFrom === index ? 'project-row-dragging' : undefined,
  });

  return (
    <PageFrame
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => form.show()} data-testid="project-add">
          {t('add')}
        </Button>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('search')}
        style={{ width: 300, marginBottom: 16 }}
        onSearch={(v) => setKeyword(v.trim() || undefined)}
        data-testid="project-search"
      />
      <Table<ProjectRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching || reorder.isPending}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        onRow={(_, index) => dragRow(index ?? 0)}
        locale={{
          emptyText: listEmptyText({
            loading: list.isPending,
            filtered: !!keyword,
            onCreate: () => form.show(),
          }),
        }}
        data-testid="project-table"
        columns={[
          {
            key: 'drag',
            width: 36,
            render: () => (
              <Tooltip title={orderBlocked ?? t('drag')}>
                <HolderOutlined className={orderBlocked ? 'project-drag project-drag-off' : 'project-drag'} />
              </Tooltip>
            ),
          },
          { title: t('field.seq'), key: 'seq', width: 56, render: (_, __, i) => i + 1 },
          {
            title: t('field.name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Space orientation="vertical" size={0}>
                <Typography.Link
                  strong
                  onClick={() => openProject(row.id)}
                  data-testid={`project-name-${row.id}`}
                >
                  {name}
                </Typography.Link>
                {row.remark && (
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320, fontSize: 12 }}>
                    {row.remark}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('field.pages'),
            dataIndex: 'pageCount',
            align: 'right',
            render: (n: number, row) => <CountLink n={n} onClick={() => openProject(row.id, 'pages')} />,
          },
          {
            title: t('field.equipment'),
            dataIndex: 'equipCount',
            align: 'right',
            render: (n: number, row) => <CountLink n={n} onClick={() => openProject(row.id, 'equipment')} />,
          },
          {
            title: t('field.accounts'),
            dataIndex: 'accountCount',
            align: 'right',
            render: (n: number, row) => <CountLink n={n} onClick={() => openProject(row.id, 'accounts')} />,
          },
          {
            title: t('tab.share'),
            dataIndex: 'shared',
            render: (shared: boolean) =>
              shared ? (
                <Tag icon={<ShareAltOutlined />} color="processing">
                  {t('share.auth-on')}
                </Tag>
              ) : (
                <Typography.Text type="secondary">{t('share.auth-off')}</Typography.Text>
              ),
          },
          {
            title: t('field.expires'),
            dataIndex: 'expiresAt',
            render: (v: number | null) =>
              v === null ? '—' : <Tag color={v < Date.now() ? 'error' : 'default'}>{day(v)}</Tag>,
          },
          { title: t('field.created'), dataIndex: 'createdAt', render: day },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row, index) => (
              <Space size={0}>
                <ActionLink
                  icon={<DesktopOutlined />}
                  blockedReason={row.pageCount === 0 ? t('no-pages') : null}
                  onClick={() => openMonitor(row.id)}
                  testId={`project-monitor-${row.id}`}
                >
                  {t('monitor')}
                </ActionLink>
                <ActionLink onClick={() => openProject(row.id, 'pages')} testId={`project-manage-${row.id}`}>
                  {t('manage')}
                </ActionLink>
                <ActionLink onClick={() => form.show(row)} testId={`project-edit-${row.id}`}>
                  {t('common:edit')}
                </ActionLink>
                <Tooltip title={orderBlocked ?? t('up')}>
                  <ActionLink
                    aria-label={t('up')}
                    icon={<ArrowUpOutlined />}
                    disabled={!!orderBlocked || index === 0}
                    onClick={() => move(index, index - 1)}
                    testId={`project-up-${row.id}`}
                  />
                </Tooltip>
                <Tooltip title={orderBlocked ?? t('down')}>
                  <ActionLink
                    aria-label={t('down')}
                    icon={<ArrowDownOutlined />}
                    disabled={!!orderBlocked || index === rows.length - 1}
                    onClick={() => move(index, index + 1)}
                    testId={`project-down-${row.id}`}
                  />
                </Tooltip>
                <DeleteAction
                  name={row.name}
                  description={t('delete-hint')}
                  testId={`project-delete-${row.id}`}
                  onDelete={() => remove.mutateAsync(row.id)}
                />
              </Space>
            ),
          },
        ]}
      />
      <ProjectFormModal
        key={form.key}
        open={form.open}
        row={form.target}
        onClose={form.close}
        nextSeq={rows.length ? Math.max(...rows.map((r) => r.seq)) + 1 : 0}
      />
      <ProjectDrawer
        projectId={openId}
        tab={tab}
        onTab={(next) => openProject(openId, next)}
        onClose={() => openProject(undefined)}
      />
    </PageFrame>
  );
}

function CountLink({ n, onClick }: { n: number; onClick(): void }) {
  return (
    <Typography.Link onClick={onClick} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {n}
    </Typography.Link>
  );
}
