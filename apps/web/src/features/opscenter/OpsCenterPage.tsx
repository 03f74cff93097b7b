import { Badge, Button, Card, Col, Empty, Flex, Row, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { ClusterOutlined, PictureOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { ALARM_LEVELS, opsCenterCalls, TIMERS, type OpsCard } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';
import './opscenter.css';

const LEVEL_COLORS: Record<(typeof ALARM_LEVELS)[number], string> = {
  info: 'default',
  normal: 'blue',
  serious: 'orange',
  urgent: 'red',
};

/** Where a project opens full screen (docs/requirements/data-views.md §1.2). */
export const ocProjectPath = (id: number) => `/monitor/gm/ocInfo/${id}`;

function ProjectCard({ card }: { card: OpsCard }) {
  const { t } = useT('opsCenter');
  const navigate = useNavigate();
  const opens = !card.expired && card.homePageId !== null;
  const alarms = ALARM_LEVELS.filter((l) => card.alarms[l] > 0);
  const cover = card.cover ? (
    <img className="oc-cover" src={card.cover} alt={card.name} />
  ) : (
    <div className="oc-cover-empty">
      <PictureOutlined />
      {card.homePageId === null ? t('no-pages') : t('no-cover')}
    </div>
  );
  return (
    <Card
      size="small"
      hoverable={opens}
      className={opens ? 'oc-card' : 'oc-card oc-card-closed'}
      cover={cover}
      onClick={opens ? () => void navigate(ocProjectPath(card.id)) : undefined}
      data-testid={`oc-card-${card.id}`}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong ellipsis style={{ fontSize: 15 }}>
          <ClusterOutlined /> {card.name}
        </Typography.Text>
        {card.expired && <Tag color="error">{t('expired')}</Tag>}
      </Flex>
      <Flex gap={16} style={{ marginTop: 8 }} data-testid={`oc-devices-${card.id}`}>
        <Badge status="success" text={`${t('devices-online')} ${card.devicesOnline}`} />
        <Badge status="default" text={`${t('devices-offline')} ${card.devicesOffline}`} />
      </Flex>
      <Flex gap={4} wrap style={{ marginTop: 8, minHeight: 22 }} data-testid={`oc-alarms-${card.id}`}>
        {alarms.length ? (
          alarms.map((l) => (
            <Tag key={l} color={LEVEL_COLORS[l]}>
              {t(`level.${l}`)} {card.alarms[l]}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('no-alarms')}
          </Typography.Text>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 8 }}>
        {t('last-change', { time: dayjs(card.lastChange).format('YYYY-MM-DD HH:mm') })}
      </Typography.Text>
    </Card>
  );
}

/**
 * /monitor/gm/ocInfo (docs/requirements/data-views.md §1.1): the projects the account operates as a
 * wall of cards, refreshed with the gateway poll (device status changes); a card opens the
 * project's home page full screen.
 */
export default function OpsCenterPage() {
  const { t } = useT('opsCenter');
  const wall = useQuery({
    queryKey: ['opsCenter', 'wall'],
    queryFn: () => callApi(opsCenterCalls.wall),
    refetchInterval: TIMERS.gatewayPoll,
  });
  const cards = wall.data ?? [];
  return (
    <PageFrame
      title={t('title')}
      extra={
        <Flex gap={8} align="center">
          {wall.dataUpdatedAt > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('refreshed', { time: dayjs(wall.dataUpdatedAt).format('HH:mm:ss') })}
            </Typography.Text>
          )}
          <Tooltip title={t('refresh')}>
            <Button
              icon={<ReloadOutlined />}
              loading={wall.isFetching}
              onClick={() => void wall.refetch()}
              aria-label={t('refresh')}
              data-testid="oc-refresh"
            />
          </Tooltip>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      {wall.isPending ? (
        <Row gutter={[16, 16]}>
          {[0, 1, 2].map((i) => (
            <Col key={i} xs={24} sm={12} lg={8} xxl={6}>
              <Card size="small">
                <Skeleton active />
              </Card>
            </Col>
          ))}
        </Row>
      ) : cards.length === 0 ? (
        <Empty
          description={
            <Flex vertical gap={4}>
              <Typography.Text>{t('empty')}</Typography.Text>
              <Typography.Text type="secondary">{t('empty-help')}</Typography.Text>
            </Flex>
          }
          data-testid="oc-empty"
        />
      ) : (
        <Row gutter={[16, 16]} data-testid="oc-wall">
          {cards.map((card) => (
            <Col key={card.id} xs={24} sm={12} lg={8} xxl={6}>
              <ProjectCard card={card} />
            </Col>
          ))}
        </Row>
      )}
    </PageFrame>
  );
}
