import { useNavigate, useParams } from 'react-router-dom';
import { Button, Divider, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { PageFrame } from '../../app/components/PageFrame';
import { MsgProblem } from './MsgProblem';
import { MsgTime } from './messageParts';
import { useMarkItemRead, useNoticeDetail } from './useMessages';

/** /msg/detail/all/notice/public/{dataId}: a public notice of the platform; its message counts as read. */
export default function NoticeDetailPage() {
  const dataId = Number(useParams().dataId);
  if (!Number.isInteger(dataId) || dataId <= 0) return <MsgProblem />;
  return <NoticeDetail key={dataId} id={dataId} />;
}

function NoticeDetail({ id }: { id: number }) {
  const { t } = useT('messages');
  const navigate = useNavigate();
  useMarkItemRead('public', id);
  const notice = useNoticeDetail(id);
  if (notice.isError) return <MsgProblem error={notice.error} />;
  return (
    <PageFrame
      title={t('notice.title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/msg/messageAll')}>
          {t('detail.back')}
        </Button>
      }
    >
      {!notice.data ? (
        <Spin />
      ) : (
        <article data-testid="msg-notice" style={{ maxWidth: 860 }}>
          <Typography.Title level={3}>{notice.data.title}</Typography.Title>
          <Typography.Text type="secondary">
            {t('notice.published-by', { name: notice.data.publisher })} ·{' '}
            <MsgTime ms={notice.data.gmtCreate} />
          </Typography.Text>
          <Divider />
          {/* plain text: a notice never injects markup into the page */}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 15 }}>
            {notice.data.content}
          </Typography.Paragraph>
        </article>
      )}
    </PageFrame>
  );
}
