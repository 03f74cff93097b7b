import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useT } from '../../app/useT';
import type { MsgType } from '@fieldhub/shared';

/** Small pieces the message screens share: the kind tag, the read-state tag and the time. */

const TYPE_COLORS: Record<MsgType, string> = {
  alarm: 'red',
  order: 'blue',
  notice: 'geekblue',
  expire: 'orange',
  payment: 'green',
};

export function MsgTypeTag({ type }: { type: MsgType }) {
  const { t } = useT('messages');
  return <Tag color={TYPE_COLORS[type]}>{t(`type.${type}`)}</Tag>;
}

export function ReadStateTag({ read }: { read: boolean }) {
  const { t } = useT('messages');
  return read ? (
    <Tag color="default">{t('state.read')}</Tag>
  ) : (
    <Tag color="processing">{t('state.unread')}</Tag>
  );
}

export function MsgTime({ ms }: { ms: number | null | undefined }) {
  return <>{ms ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : ''}</>;
}
