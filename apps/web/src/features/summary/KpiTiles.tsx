import { Card, Col, Progress, Row, Skeleton, Statistic, Typography } from 'antd';
import { AlertOutlined, ApiOutlined, CloudServerOutlined, EditOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { SummaryTotals } from '@fieldhub/shared';
import { useT } from '../../app/useT';

/**
 * The enterprise totals (docs/requirements/data-views.md §2.2): devices, share online, alarms raised
 * and writes sent since the start of today.
 */
export function KpiTiles({ totals, loading }: { totals: SummaryTotals | undefined; loading: boolean }) {
  const { t } = useT('summary');
  const since = totals ? t('kpi.since', { time: dayjs(totals.since).format('YYYY-MM-DD HH:mm') }) : '';
  const tile = (testId: string, body: React.ReactNode, foot?: React.ReactNode) => (
    <Col xs={24} sm={12} xl={6}>
      <Card size="small" data-testid={`summary-kpi-${testId}`} style={{ height: '100%' }}>
        {loading || !totals ? <Skeleton active paragraph={{ rows: 1 }} /> : body}
        {foot && !loading && totals && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {foot}
          </Typography.Text>
        )}
      </Card>
    </Col>
  );
  const share = totals ? Math.round(totals.onlineShare * 1000) / 10 : 0;
  return (
    <Row gutter={[16, 16]} data-testid="summary-kpis">
      {tile(
        'devices',
        <Statistic title={t('kpi.devices')} value={totals?.devices ?? 0} prefix={<CloudServerOutlined />} />,
      )}
      {tile(
        'online',
        <Statistic
          title={t('kpi.online-share')}
          value={share}
          precision={1}
          suffix="%"
          prefix={<ApiOutlined />}
        />,
        <>
          <Progress percent={share} showInfo={false} size="small" status="active" />
          {t('kpi.online-of', { online: totals?.online ?? 0, devices: totals?.devices ?? 0 })}
        </>,
      )}
      {tile(
        'alarms',
        <Statistic
          title={t('kpi.alarms-today')}
          value={totals?.alarmsToday ?? 0}
          prefix={<AlertOutlined />}
          styles={{ content: totals?.alarmsToday ? { color: '#cf1322' } : undefined }}
        />,
        since,
      )}
      {tile(
        'writes',
        <Statistic
          title={t('kpi.writes-today')}
          value={totals?.writesToday ?? 0}
          prefix={<EditOutlined />}
        />,
        since,
      )}
    </Row>
  );
}
