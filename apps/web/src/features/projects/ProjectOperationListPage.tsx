import { Button, Card, Col, Empty, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { AppstoreOutlined, ClusterOutlined, DesktopOutlined, SettingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../app/useT';
import type { ProjectUserRow } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { useOpenMonitor } from './useOpenMonitor';
import { useProjectsByUser } from './useProjects';
import './projects.css';

/**
 * /manage/eg/project/list-operation: the projects the account operates (queryAllByUser) — all of
 * the enterprise's with project_manage, else those it is a member of — as cards that open the
 * monitor on the first page the account may see.
 */
export default function ProjectOperationListPage() {
  const { t } = useT('projects');
  const list = useProjectsByUser();
  const rows = list.data ?? [];
  return (
    <PageFrame title={t('title-operation')}>
      <Typography.Paragraph type="secondary">{t('hint-operation')}</Typography.Paragraph>
      {list.isPending ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty description={t('empty-operation')} data-testid="project-op-empty" />
      ) : (
        <Row gutter={[16, 16]} data-testid="project-op-list">
          {rows.map((row) => (
            <Col key={row.id} xs={24} sm={12} lg={8} xxl={6}>
              <ProjectCard row={row} />
            </Col>
          ))}
        </Row>
      )}
    </PageFrame>
  );
}

function ProjectCard({ row }: { row: ProjectUserRow }) {
  const { t } = useT('projects');
  const navigate = useNavigate();
  const openMonitor = useOpenMonitor();
  const canOpen = !row.expired && row.homePageId !== null;
  const actions = [
    <Button
      key="monitor"
      type="link"
      size="small"
      icon={<DesktopOutlined />}
      disabled={!canOpen}
      onClick={() => void openMonitor(row.id, row.homePageId)}
      data-testid={`project-op-monitor-${row.id}`}
    >
      {t('monitor')}
    </Button>,
  ];
  if (row.manage)
    actions.push(
      <Button
        key="manage"
        type="link"
        size="small"
        icon={<SettingOutlined />}
        onClick={() => void navigate(`/manage/eg/project/list?project=${row.id}&tab=pages`)}
      >
        {t('manage')}
      </Button>,
    );
  return (
    <Card size="small" actions={actions} data-testid={`project-op-${row.id}`}>
      <Flex gap={12} align="start">
        <div className="project-card-icon">
          <ClusterOutlined />
        </div>
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong ellipsis style={{ fontSize: 15 }}>
            {row.name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {row.remark || t('no-remark')}
          </Typography.Text>
        </Flex>
      </Flex>
      <Flex justify="space-between" align="center" style={{ marginTop: 14 }}>
        <Typography.Text type="secondary">
          <AppstoreOutlined />{' '}
          {row.homePageId === null ? t('no-pages-short') : t('page-count', { n: row.pageCount })}
        </Typography.Text>
        {row.expired ? (
          <Tag color="error">{t('expired')}</Tag>
        ) : row.expiresAt !== null ? (
          <Tag>{t('expires-on', { date: dayjs(row.expiresAt).format('YYYY-MM-DD') })}</Tag>
        ) : null}
      </Flex>
    </Card>
  );
}
