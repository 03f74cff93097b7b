import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import type { TemplateRow } from '@fieldhub/shared';
import { PagedTable } from '../../app/components/PagedTable';
import { PageFrame } from '../../app/components/PageFrame';
import { ActionLink, DeleteAction, formatTime, listEmptyText } from '../../app/components/listParts';
import { usePaging, useStepBackFromEmptyPage } from '../../app/paging';
import { useTemplateActions, useTemplateList } from './useTemplates';

/** /manage/eg/template/list: the enterprise's templates with how many devices use them. */
export default function TemplateListPage() {
  const { t } = useT('templates');
  const navigate = useNavigate();
  const [name, setName] = useState<string | undefined>();
  const pager = usePaging();
  const list = useTemplateList({ name }, pager.paging);
  const { remove } = useTemplateActions();
  useStepBackFromEmptyPage(pager, list.data);

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
          pager.toFirstPage();
        }}
      />
      <PagedTable<TemplateRow>
        pager={pager}
        list={list}
        locale={{ emptyText: listEmptyText({ loading: list.isPending, filtered: !!name, onCreate: add }) }}
        data-testid="template-table"
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
                <DeleteAction
                  name={row.name}
                  description={row.deviceCount ? t('delete-in-use', { n: row.deviceCount }) : null}
                  testId={`template-delete-${row.name}`}
                  onDelete={() => remove.mutateAsync(row.id)}
                />
              </Space>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}
