import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/components/PageFrame';
import { ActionLink, formatTime, listEmptyText } from '../accounts/listParts';
import type { TemplateRow } from './templateTypes';
import { useTemplateActions, useTemplateList } from './useTemplates';

/** /manage/eg/template/list: the enterprise's templates with how many devices use them. */
export default function TemplateListPage() {
  const { t } = useTranslation(['templates', 'common']);
  const navigate = useNavigate();
  const [name, setName] = useState<string | undefined>();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const list = useTemplateList({ name }, paging);
  const { remove } = useTemplateActions();
  const total = list.data?.total ?? 0;

  // after deleting the last row of the last page, step back to a page that has rows
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
    if (list.data && paging.pageNum > lastPage) setPaging((p) => ({ ...p, pageNum: lastPage }));
  }, [list.data, total, paging]);

  const add = () => navigate('/manage/eg/template/add');

  return (
    <PageFrame
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={add} data-testid="template-add">
          {t('add')}
        </Button>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('search')}
        style={{ width: 280, marginBottom: 16 }}
        onSearch={(v) => {
          setName(v.trim() || undefined);
          setPaging((p) => ({ ...p, pageNum: 1 }));
        }}
      />
      <Table<TemplateRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: listEmptyText({ loading: list.isPending, filtered: !!name, onCreate: add }) }}
        data-testid="template-table"
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total,
          showSizeChanger: true,
          showTotal: (n) => t('common:total', { total: n }),
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
        columns={[
          {
            title: t('field.name'),
            dataIndex: 'name',
            render: (v: string, row) => (
              <Link to={`/manage/eg/template/edit/${row.id}`}>
                <Typography.Text strong>{v}</Typography.Text>
              </Link>
            ),
          },
          { title: t('field.series'), dataIndex: 'series' },
          {
            title: t('field.type'),
            dataIndex: 'type',
            render: (v: TemplateRow['type']) => (
              <Tag color={v === 'public' ? 'blue' : 'default'}>{t(`type.${v}`)}</Tag>
            ),
          },
          { title: t('field.devices'), dataIndex: 'deviceCount', align: 'right' },
          {
            title: t('field.differing'),
            dataIndex: 'mismatchCount',
            align: 'right',
            render: (v: number) => (v ? <Tag color="warning">{v}</Tag> : 0),
          },
          { title: t('field.variables'), dataIndex: 'variableCount', align: 'right' },
          { title: t('common:remark'), dataIndex: 'remark', ellipsis: true },
          { title: t('common:created-at'), dataIndex: 'createdAt', render: formatTime },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <Space size={0}>
                <ActionLink
                  onClick={() => navigate(`/manage/eg/template/edit/${row.id}`)}
                  testId={`template-edit-${row.name}`}
                >
                  {t('common:edit')}
                </ActionLink>
                <Popconfirm
                  placement="topRight"
                  title={t('common:delete-confirm', { name: row.name })}
                  description={row.deviceCount ? t('delete-in-use', { n: row.deviceCount }) : null}
                  okText={t('common:delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common:cancel')}
                  onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
                >
                  <ActionLink danger testId={`template-delete-${row.name}`}>
                    {t('common:delete')}
                  </ActionLink>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}
