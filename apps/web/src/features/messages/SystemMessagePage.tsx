import { useParams } from 'react-router-dom';
import { Card, Descriptions, Flex, Image, Spin, Typography } from 'antd';
import { useT } from '../../app/useT';
import { LangSwitch } from '../../app/LangSwitch';
import { currentLang } from '../../app/i18n';
import { MsgProblem } from './MsgProblem';
import { alarmValueText, MsgTime, MsgTypeTag } from './messageParts';
import { useMessageInfo } from './useMessages';

/**
 * /system/msg/detail/{id}/{type}, opened in a new window: one message on its own page, outside
 * the main layout (the wallet variant names the literal "wallet"). Opening it marks it read.
 */
export default function SystemMessagePage() {
  const params = useParams();
  const id = Number(params.dataId);
  const wallet = params.msgType === 'wallet';
  const { t } = useT('messages');
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', background: '#f5f7fa', padding: '32px 16px' }}>
      <Card
        style={{ width: '100%', maxWidth: 820 }}
        title={
          <Flex align="center" gap={10}>
            <img src="/favicon.svg" alt="" width={24} height={24} />
            <span>{wallet ? t('system.wallet-title') : t('system.title')}</span>
          </Flex>
        }
        extra={<LangSwitch />}
      >
        {Number.isInteger(id) && id > 0 ? <OneMessage id={id} /> : <MsgProblem />}
      </Card>
    </Flex>
  );
}

function OneMessage({ id }: { id: number }) {
  const { t } = useT('messages');
  const info = useMessageInfo(id);
  if (info.isError) return <MsgProblem error={info.error} />;
  const m = info.data;
  if (!m) return <Spin />;
  return (
    <div data-testid="msg-system-detail">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {m.title}
      </Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 15 }}>
        {m.text[currentLang()] || m.note}
      </Typography.Paragraph>
      <Descriptions column={1} size="small" bordered labelStyle={{ width: 160 }}>
        <Descriptions.Item label={t('col.type')}>
          <MsgTypeTag type={m.type} />
        </Descriptions.Item>
        <Descriptions.Item label={t('col.about')}>
          {t(`equip-type.${m.equipType}`)}
          {m.subject ? ` · ${m.subject}` : ''}
        </Descriptions.Item>
        {alarmValueText(m) && (
          <Descriptions.Item label={t('system.value')}>
            <span data-testid="msg-system-value">{alarmValueText(m)}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('col.time')}>
          <MsgTime ms={m.gmtCreate} />
        </Descriptions.Item>
      </Descriptions>
      {m.imgUrl && <Image src={m.imgUrl} alt="" style={{ marginTop: 16, maxWidth: '100%' }} />}
    </div>
  );
}
