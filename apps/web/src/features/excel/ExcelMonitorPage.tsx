import { useNavigate } from 'react-router-dom';
import { Badge, Card, Col, Empty, Row, Spin, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { PageFrame } from '../../app/components/PageFrame';
import { useT } from '../../app/useT';
import { scheduleText } from './scheduleText';
import { useReports } from './useSmartReports';

/**
 * /monitor/excel (docs/requirements/data-views.md §4.1): the enterprise's reports as cards with
 * their schedule and how many records wait to be filled; a card opens the report's records.
 */
export default function ExcelMonitorPage() {
  const { t } = useT('smartReports');
  const navigate = useNavigate();
  const reports = useReports();
  const list = reports.data ?? [];

  return (
    <PageFrame title={t('title')}>
      {reports.isPending ? (
        <Spin style={{ display: 'block', margin: '60px auto' }} />
      ) : list.length === 0 ? (
        <Empty description={t('monitor.empty')} data-testid="reports-empty" />
      ) : (
        <Row gutter={[16, 16]}>
          {list.map((r) => (
            <Col key={r.id} xs={24} sm={12} lg={8} xl={6}>
              <Badge.Ribbon
                text={t('monitor.unfilled', { n: r.unfilledCount })}
                color={r.unfilledCount ? 'orange' : 'green'}
              >
                <Card
                  hoverable
                  onClick={() => void navigate(`/monitor/excel/${r.id}`)}
                  data-testid={`report-card-${r.id}`}
                >
                  <Card.Meta
                    avatar={<FileExcelOutlined style={{ fontSize: 28, color: '#217346' }} />}
                    title={r.name}
                    description={
                      <>
                        <div>{scheduleText(t, r.schedule)}</div>
                        <Typography.Text type="secondary">
                          {t('monitor.records', { n: r.recordCount })}
                        </Typography.Text>
                      </>
                    }
                  />
                </Card>
              </Badge.Ribbon>
            </Col>
          ))}
        </Row>
      )}
    </PageFrame>
  );
}
