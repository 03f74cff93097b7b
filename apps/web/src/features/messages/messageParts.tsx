import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useT } from '../../app/useT';
import { formatValueWithUnit, type MsgRow, type MsgType } from '@fieldhub/shared';

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

/**
 * The value that raised an alarm message as its variable shows values ('95.05 °C',
 * docs/requirements/monitoring.md §3.13); '' for other messages and alarms without a value.
 */
export function alarmValueText(m: Pick<MsgRow, 'type' | 'value' | 'valueFormat'>): string {
  return m.type === 'alarm' ? formatValueWithUnit(m.valueFormat, m.value) : '';
}

/** A message's text; an alarm's value before it, so a long text cut short in a list keeps it in view. */
export function MsgNote({ row }: { row: MsgRow }) {
  const { t } = useT('messages');
  const value = alarmValueText(row);
  return (
    <>
      {value && (
        <Typography.Text type="secondary" data-testid={`msg-value-${row.id}`}>
          {t('alarm-value', { value })}
          {' · '}
        </Typography.Text>
      )}
      {row.note}
    </>
  );
}
