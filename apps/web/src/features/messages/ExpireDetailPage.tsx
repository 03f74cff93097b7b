import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Descriptions, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { EXPIRE_EQUIP_TYPES, type ExpireEquipType } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { MsgProblem } from './MsgProblem';
import { MsgTime } from './messageParts';
import { useExpireDetail, useMarkItemRead } from './useMessages';

/** The kind of item from /msg/detail/all/expire/{api|project|card}/{dataId}. */
function expireKindOf(pathname: string): ExpireEquipType | null {
  const segment = /\/expire\/([^/]+)\//.exec(pathname)?.[1];
  return EXPIRE_EQUIP_TYPES.find((k) => k === segment) ?? null;
}

/**
 * /msg/detail/all/expire/{api|project|card}/{dataId}: when the API key, project or IoT card
 * expires and how many days are left; its reminders count as read once this is open.
 */
export default function ExpireDetailPage() {
  const { pathname } = useLocation();
  const kind = expireKindOf(pathname);
  const dataId = Number(useParams().dataId);
  if (!kind || !Number.isInteger(dataId) || dataId <= 0) return <MsgProblem />;
  return <ExpireDetail key={`${kind}/${dataId}`} kind={kind} dataId={dataId} />;
}

function ExpireDetail({ kind, dataId }: { kind: ExpireEquipType; dataId: number }) {
  const { t } = useT('messages');
  const navigate = useNavigate();
  useMarkItemRead(kind, dataId);
  const detail = useExpireDetail(kind, dataId);
  if (detail.isError) return <MsgProblem error={detail.error} />;
  const item = detail.data;
  return (
    <PageFrame
      title={t(`expire.title-${kind}`)}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/msg/messageAll')}>
          {t('detail.back')}
        </Button>
      }
    >
      {!item ? (
        <Spin />
      ) : (
        <div data-testid="msg-expire-detail" style={{ maxWidth: 760 }}>
          <Alert
            showIcon
            type={item.expired ? 'error' : 'warning'}
            style={{ marginBottom: 16 }}
            title={
              item.expired
                ? t(`expire.expired-${kind}`, { name: item.name })
                : t(`expire.soon-${kind}`, { name: item.name, count: item.daysLeft })
            }
          />
          <Descriptions column={1} bordered size="middle" labelStyle={{ width: 200 }}>
            <Descriptions.Item label={t(`expire.name-${kind}`)}>{item.name}</Descriptions.Item>
            <Descriptions.Item label={t('expire.expires-at')}>
              <MsgTime ms={item.expiresAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('expire.days-left')}>
              {item.expired ? t('expire.state-expired') : t('expire.days', { count: item.daysLeft })}
            </Descriptions.Item>
            {kind === 'card' && (
              <Descriptions.Item label={t('expire.gateway-sn')}>{item.gatewaySn || '—'}</Descriptions.Item>
            )}
          </Descriptions>
          {kind === 'card' && (
            <Alert showIcon type="info" style={{ marginTop: 16 }} title={t('expire.card-rule')} />
          )}
        </div>
      )}
    </PageFrame>
  );
}
