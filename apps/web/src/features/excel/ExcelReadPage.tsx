import { useNavigate, useParams } from 'react-router-dom';
import { Button, Result, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { PageFrame } from '../../app/components/PageFrame';
import { can, useSession } from '../../app/session';
import { useT } from '../../app/useT';
import { SheetGrid } from './SheetGrid';
import { downloadRecord, useRecordSheet } from './useSmartReports';

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/**
 * /monitor/excel/{excelId}/page/read/{recordId} (docs/requirements/data-views.md §4.4): the
 * filled workbook drawn as Excel shows it, with the record's values and signatures; downloads
 * it as .xlsx. Printing stays off (`excelSupportPrinting` false).
 */
export default function ExcelReadPage() {
  const { t } = useT('smartReports');
  const navigate = useNavigate();
  const { excelId, recordId: raw } = useParams();
  const recordId = Number(raw);
  const read = useRecordSheet(recordId);
  const user = useSession((s) => s.user);

  if (read.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!read.data) return <Result status="404" title={t('record-not-found')} />;
  const { record, reportName, sheet } = read.data;

  return (
    <PageFrame
      title={
        <Space wrap>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={() => void navigate(`/monitor/excel/${excelId}`)}
            aria-label={t('back')}
          />
          {record.name}
          <Tag color={record.filled ? 'success' : 'orange'}>
            {record.filled ? t('status.filled') : t('status.unfilled')}
          </Tag>
        </Space>
      }
      extra={
        <Space wrap>
          {can(user, 'smart_report') && (
            <Button
              icon={<EditOutlined />}
              onClick={() => void navigate(`/monitor/excel/${excelId}/page/fill/${recordId}`)}
            >
              {t('fill-in')}
            </Button>
          )}
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            onClick={() => void downloadRecord(recordId, record.name).catch(() => undefined)}
            data-testid="read-download"
          >
            {t('download')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {reportName} · {t('record.period')}: {time(record.periodFrom)} – {time(record.periodTo)}
        {record.filledAt !== null &&
          ` · ${t('filled-by', { who: record.filledBy, time: time(record.filledAt) })}`}
      </Typography.Paragraph>
      <SheetGrid sheet={sheet} testId="read-grid" />
    </PageFrame>
  );
}
