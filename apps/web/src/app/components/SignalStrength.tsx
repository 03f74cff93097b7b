import { Flex, Tooltip, Typography } from 'antd';
import { useT } from '../useT';
import { signalBars } from '../signalBars';

const BAR_HEIGHTS = [4, 7, 10, 13];

/** Signal strength as four bars with the raw value; a dash when the gateway has not reported it. */
export function SignalStrength({ value }: { value: number | null }) {
  const { t } = useT('gateways');
  const bars = signalBars(value);
  if (bars === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const color = bars >= 3 ? '#52c41a' : bars === 2 ? '#faad14' : '#ff4d4f';
  return (
    <Tooltip title={t('signal.help', { value })}>
      <Flex align="flex-end" gap={6}>
        <Flex align="flex-end" gap={2} aria-label={t('signal.bars', { bars })}>
          {BAR_HEIGHTS.map((h, i) => (
            <span
              key={h}
              style={{ width: 3, height: h, borderRadius: 1, background: i < bars ? color : '#d9d9d9' }}
            />
          ))}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {value}
        </Typography.Text>
      </Flex>
    </Tooltip>
  );
}
