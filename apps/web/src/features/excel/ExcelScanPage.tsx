import { useParams } from 'react-router-dom';
import { Card, Result, Space, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { PageFrame } from '../../app/components/PageFrame';
import { useT } from '../../app/useT';
import { useRecord } from './useSmartReports';

/**
 * /manage/excel/info/scan/{recordId} (docs/requirements/data-views.md §4.1): the QR code of the
 * record's fill page, to open it on a phone (which logs in first if it has no session).
 */
export default function ExcelScanPage() {
  const { t } = useT('smartReports');
  const { recordId: raw } = useParams();
  const recordId = Number(raw);
  const record = useRecord(recordId);

  if (record.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!record.data) return <Result status="404" title={t('record-not-found')} />;
  const r = record.data.record;
  const url = `${window.location.origin}/monitor/excel/${r.reportId}/page/fill/${r.id}`;

  return (
    <PageFrame title={t('scan.title')}>
      <Card style={{ maxWidth: 420, margin: '0 auto', textAlign: 'center' }}>
        <Space orientation="vertical" size="middle" align="center">
          <Typography.Text strong>{r.name}</Typography.Text>
          <QRCodeSVG value={url} size={240} marginSize={2} data-testid="scan-qr" />
          <Typography.Text type="secondary">{t('scan.help')}</Typography.Text>
          <Typography.Link href={url} copyable data-testid="scan-url">
            {url}
          </Typography.Link>
        </Space>
      </Card>
    </PageFrame>
  );
}
