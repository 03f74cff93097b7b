import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { SmartReportRow } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { PagedTable } from '../../app/components/PagedTable';
import { ActionLink, DeleteAction, listEmptyText } from '../../app/components/listParts';
import { usePaging, useStepBackFromEmptyPage } from '../../app/paging';
import { useT } from '../../app/useT';
import { scheduleText } from './scheduleText';
import { useReportActions, useReportList } from './useSmartReports';

/**
 * /manage/excel/list: the enterprise's report templates (docs/requirements/data-views.md §4.1)
 * with their schedule, template file, bound and fill cells and records; add, edit, records, delete.
 */
export default function ExcelListPage() {
  const { t } = useT('smartReports');
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const pager = usePaging();
  const list = useReportList(keyword, pager.paging);
  useStepBackFromEmptyPage(pager, list.data);
  const { remove } = useReportActions();
  const add = () => void navigate('/manage/excel/add');

  return (
    <PageFrame
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={add} data-testid="report-add">
          {t('add')}
        </Button>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('search')}
        style={{ width: 300, marginBottom: 16 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          pager.toFirstPage();
        }}
        data-testid="report-search"
      />
      <PagedTable<SmartReportRow>
        pager={pager}
        list={list}
        locale={{ emptyText: listEmptyText({ loading: list.isPending, filtered: !!keyword, onCreate: add }) }}
        data-testid="report-table"
        columns={[
          {
            title: t('field.name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Space orientation="vertical" size={0}>
                <Link to={`/manage/excel/edit/${row.id}`} data-testid={`report-name-${row.id}`}>
                  {name}
                </Link>
                {row.remark && (
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280, fontSize: 12 }}>
                    {row.remark}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t('field.schedule'), key: 'schedule', render: (_, row) => scheduleText(t, row.schedule) },
          {
            title: t('field.template'),
            dataIndex: 'fileName',
            render: (v: string) => v || <Tag color="warning">{t('no-template')}</Tag>,
          },
          { title: t('field.fields'), dataIndex: 'fieldCount', align: 'right' },
          {
            title: t('field.records'),
            dataIndex: 'recordCount',
            align: 'right',
            render: (n: number, row) => <Link to={`/manage/excel/info/${row.id}`}>{n}</Link>,
          },
          {
            title: t('field.unfilled'),
            dataIndex: 'unfilledCount',
            align: 'right',
            render: (n: number) => (n ? <Tag color="orange">{n}</Tag> : 0),
          },
          {
            title: t('field.updated'),
            dataIndex: 'updatedAt',
            render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <Space size={0}>
                <ActionLink
                  onClick={() => void navigate(`/manage/excel/edit/${row.id}`)}
                  testId={`report-edit-${row.id}`}
                >
                  {t('common:edit')}
                </ActionLink>
                <ActionLink
                  onClick={() => void navigate(`/manage/excel/info/${row.id}`)}
                  testId={`report-records-${row.id}`}
                >
                  {t('records')}
                </ActionLink>
                <DeleteAction name={row.name} onDelete={() => remove.mutateAsync(row.id)} />
              </Space>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}
