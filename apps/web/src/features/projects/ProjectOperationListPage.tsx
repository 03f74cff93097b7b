import { Card, Col, Empty, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { AppstoreOutlined, DesktopOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProjectUserRow } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { useOpenMonitor } from './useOpenMonitor';
import { useProjectsByUser } from './useProjects';

/**
 * /manage/eg/project/list-operation: the projects the account operates (queryAllByUser) — all of
 * the enterprise's with project_manage, else those it is a member of — as cards that open the
 * monitor on the first page the account may see.
 */
export default function ProjectOperationListPage() {
  const { t } = useTranslation('projects');
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
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const openMonitor = useOpenMonitor();
  const canOpen = !row.expired && row.homePageId !== null;
  const actions = [
    <Typography.Link
      key="monitor"
      disabled={!canOpen}
      onClick={() => void openMonitor(row.id, row.homePageId)}
      data-testid={`project-op-monitor-${row.id}`}
    >
      <DesktopOutlined /> {t('monitor')}
    </Typography.Link>,
  ];
  if (row.manage)
    actions.push(
      <Typography.Link
        key="manage"
        onClick={() => void navigate(`/manage/eg/project/list?project=${row.id}&tab=pages`)}
      >
        <SettingOutlined /> {t('manage')}
      </Typography.Link>,
    );
  return (
    <Card size="small" actions={actions} data-testid={`project-op-${row.id}`}>
      <Flex justify="space-between" align="start" gap={8}>
        <Typography.Text strong ellipsis style={{ fontSize: 15 }}>
          {row.name}
        </Typography.Text>
        {row.expired ? (
          <Tag color="error">{t('expired')}</Tag>
        ) : row.expiresAt !== null ? (
          <Tag>{t('expires-on', { date: new Date(row.expiresAt).toLocaleDateString() })}</Tag>
        ) : null}
      </Flex>
      <Typography.Paragraph
        type="secondary"
        ellipsis={{ rows: 2 }}
        style={{ minHeight: 44, margin: '6px 0' }}
      >
        {row.remark || '\u00a0'}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        <AppstoreOutlined />{' '}
        {row.homePageId === null ? t('no-pages-short') : t('page-count', { n: row.pageCount })}
      </Typography.Text>
    </Card>
  );
}
