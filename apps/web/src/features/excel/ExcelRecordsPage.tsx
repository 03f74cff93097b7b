import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, Result, Segmented, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, ThunderboltOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { SmartReportRecord } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { PagedTable } from '../../app/components/PagedTable';
import { ActionLink, listEmptyText } from '../../app/components/listParts';
import { usePaging } from '../../app/paging';
import { can, useSession } from '../../app/session';
import { useT } from '../../app/useT';
import { scheduleText } from './scheduleText';
import { useRecords, useReportActions, useReportInfo, type RecordFilter } from './useSmartReports';

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/**
 * The records of one report (docs/requirements/data-views.md §4.3): /manage/excel/info/{id} and
 * /monitor/excel/{excelId}. Name, generation time, period, trigger and fill status, filtered by
 * status; generate now (where the report allows it), fill, read and the QR code to fill on a phone.
 */
export default function ExcelRecordsPage() {
  const { t } = useT('smartReports');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const manage = pathname.startsWith('/manage/');
  const { id: idParam, excelId } = useParams();
  const raw = idParam ?? excelId ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : undefined;
  const user = useSession((s) => s.user);
  const [filled, setFilled] = useState<RecordFilter>('all');
  const pager = usePaging();
  const info = useReportInfo(id);
  const records = useRecords(id ?? 0, filled, pager.paging);
  const { generate } = useReportActions();

  if (id === undefined || (!info.isPending && !info.data))
    return <Result status="404" title={t('not-found')} />;
  const report = info.data;
  const monitorBase = `/monitor/excel/${id}/page`;
  const mayGenerate = can(user, 'smart_report');

  return (
    <PageFrame
      title={
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={() => void navigate(manage ? '/manage/excel/list' : '/monitor/excel')}
            aria-label={t('back')}
          />
          {report?.name ?? ''}
        </Space>
      }
      extra={
        mayGenerate && (
          <Button
            type="primary"
            icon={<ThunderboltOutlined />}
            disabled={!report?.allowManualStore || !report.fileName}
            title={report && !report.allowManualStore ? t('no-manual') : undefined}
            loading={generate.isPending}
            onClick={() => generate.mutate(id)}
            data-testid="record-generate"
          >
            {t('generate')}
          </Button>
        )
      }
    >
      {report && (
        <Typography.Paragraph type="secondary">
          {scheduleText(t, report.schedule)}
          {report.nextRunAt !== null && ` · ${t('next-run', { time: time(report.nextRunAt) })}`}
          {!report.allowManualStore && ` · ${t('no-manual')}`}
        </Typography.Paragraph>
      )}
      <Segmented<RecordFilter>
        value={filled}
        onChange={(v) => {
          setFilled(v);
          pager.toFirstPage();
        }}
        options={(['all', 'unfilled', 'filled'] as const).map((v) => ({ value: v, label: t(`filter.${v}`) }))}
        style={{ marginBottom: 16 }}
        data-testid="record-filter"
      />
      <PagedTable<SmartReportRecord>
        pager={pager}
        list={records}
        locale={{ emptyText: listEmptyText({ loading: records.isPending, filtered: filled !== 'all' }) }}
        data-testid="record-table"
        columns={[
          { title: t('record.name'), dataIndex: 'name' },
          { title: t('record.generated'), dataIndex: 'generatedAt', render: time },
          {
            title: t('record.period'),
            key: 'period',
            render: (_, r) => `${time(r.periodFrom)} – ${time(r.periodTo)}`,
          },
          {
            title: t('record.trigger'),
            dataIndex: 'trigger',
            render: (v: SmartReportRecord['trigger']) => t(`trigger.${v}`),
          },
          {
            title: t('record.status'),
            dataIndex: 'filled',
            render: (v: boolean, r) =>
              v ? (
                <Tag color="success" title={r.filledAt ? `${r.filledBy} ${time(r.filledAt)}` : undefined}>
                  {t('status.filled')}
                </Tag>
              ) : (
                <Tag color="orange">{t('status.unfilled')}</Tag>
              ),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                {mayGenerate && (
                  <ActionLink
                    onClick={() => void navigate(`${monitorBase}/fill/${r.id}`)}
                    testId={`record-fill-${r.id}`}
                  >
                    {t('fill-in')}
                  </ActionLink>
                )}
                <ActionLink
                  onClick={() => void navigate(`${monitorBase}/read/${r.id}`)}
                  testId={`record-read-${r.id}`}
                >
                  {t('read')}
                </ActionLink>
                {manage && (
                  <ActionLink
                    onClick={() => void navigate(`/manage/excel/info/scan/${r.id}`)}
                    testId={`record-scan-${r.id}`}
                  >
                    {t('qr')}
                  </ActionLink>
                )}
              </Space>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}
