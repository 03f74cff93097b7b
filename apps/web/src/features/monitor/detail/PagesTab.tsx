import { Link } from 'react-router-dom';
import { Alert, Card, Col, Empty, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { FundProjectionScreenOutlined, LockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useT } from '../../../app/useT';
import { usePageList } from '../../../app/config/usePages';
import { pathTo } from '../../../app/routeTable';

/** Where a device's configuration page opens live (docs/requirements/monitoring.md §8.1). */
export const livePagePath = (pageId: number) => pathTo('MonitorEgPageItem', { pageId, alarm: 0 });

/**
 * The device's own configuration pages (docs/requirements/monitoring.md §2.5): one card per page,
 * in the designer's order, each opening the page live.
 */
export function PagesTab({ equipmentId }: { equipmentId: number }) {
  const { t } = useT('monitor');
  const pages = usePageList({ equipmentId });
  if (pages.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (pages.isError) return <Alert type="error" showIcon title={pages.error.message} />;
  if (!pages.data.length) return <Empty description={t('pages.none')} data-testid="device-pages-empty" />;
  return (
    <Row gutter={[16, 16]} data-testid="device-pages">
      {pages.data.map((p) => (
        <Col key={p.id} xs={24} sm={12} lg={8} xxl={6}>
          <Link to={livePagePath(p.id)} data-testid={`device-page-${p.id}`}>
            <Card
              hoverable
              size="small"
              cover={
                p.thumbnail ? (
                  <img alt="" src={p.thumbnail} style={{ height: 140, objectFit: 'contain' }} />
                ) : (
                  // the cover makes its child a block: the centring box sits inside it
                  <div style={{ height: 140, background: '#f5f7fa' }}>
                    <Flex align="center" justify="center" style={{ height: '100%' }}>
                      <FundProjectionScreenOutlined style={{ fontSize: 40, color: '#bfbfbf' }} />
                    </Flex>
                  </div>
                )
              }
            >
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong ellipsis={{ tooltip: p.name }}>
                  {p.name}
                </Typography.Text>
                {p.checkpwd && (
                  <Tag icon={<LockOutlined />} style={{ marginInlineEnd: 0 }}>
                    {t('pages.protected')}
                  </Tag>
                )}
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('pages.updated', { at: dayjs(p.updatedAt).format('YYYY-MM-DD HH:mm') })}
              </Typography.Text>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
