import { useEffect } from 'react';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Segmented,
  Select,
  Slider,
  Spin,
  Typography,
} from 'antd';
import { CaretRightOutlined, CloseOutlined, PauseOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { LIMITS, TRACK_POINTS_MAX, type MonitorDeviceCard, type Track } from '@fieldhub/shared';
import { useT } from '../../app/useT';
import { PLAY_SPEEDS, type PlaySpeed } from './trackPlayback';
import type { TrackPlayer } from './useTrackPlayer';

interface TrackForm {
  equipmentId?: number;
  range?: [Dayjs, Dayjs];
}

const fmt = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/**
 * The track playback panel (docs/requirements/data-views.md §5.3): a device and a range, then the
 * track drawn on the map with a time slider, play/pause and the speed.
 */
export function TrackPanel({
  devices,
  deviceId,
  onAsk,
  track,
  loading,
  player,
  onClose,
}: {
  devices: readonly MonitorDeviceCard[];
  /** a device chosen elsewhere (a marker's popup) */
  deviceId: number | null;
  onAsk: (q: { equipmentId: number; startTime: number; endTime: number }) => void;
  track: Track | undefined;
  loading: boolean;
  player: TrackPlayer;
  onClose: () => void;
}) {
  const { t } = useT('map');
  const [form] = Form.useForm<TrackForm>();
  useEffect(() => {
    if (deviceId) form.setFieldValue('equipmentId', deviceId);
  }, [deviceId, form]);

  const submit = ({ equipmentId, range }: TrackForm) => {
    if (!equipmentId || !range) return;
    onAsk({ equipmentId, startTime: range[0].valueOf(), endTime: range[1].valueOf() });
  };
  const maxSpanMs = LIMITS.historySpanDays * 86_400_000;

  return (
    <Card
      size="small"
      title={t('track.title')}
      data-testid="track-panel"
      extra={
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('track.close')}
          onClick={onClose}
        />
      }
      style={{ width: 360, boxShadow: '0 4px 16px rgba(0,0,0,.2)' }}
    >
      <Form<TrackForm>
        form={form}
        layout="vertical"
        size="small"
        initialValues={{ range: [dayjs().subtract(1, 'day'), dayjs()] }}
        onFinish={submit}
      >
        <Form.Item
          name="equipmentId"
          label={t('track.device')}
          rules={[{ required: true, message: t('track.device-required') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('track.device-placeholder')}
            options={devices.map((d) => ({ value: d.id, label: d.name }))}
            data-testid="track-device"
          />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('track.range')}
          rules={[
            { required: true, message: t('track.range-required') },
            {
              validator: (_, v: [Dayjs, Dayjs] | undefined) =>
                v && v[1].valueOf() - v[0].valueOf() > maxSpanMs
                  ? Promise.reject(new Error(t('track.range-too-long', { days: LIMITS.historySpanDays })))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            data-testid="track-range"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="track-load">
          {t('track.load')}
        </Button>
      </Form>
      {loading && <Spin style={{ display: 'block', marginTop: 12 }} />}
      {track && !loading && <Player track={track} player={player} />}
    </Card>
  );
}

function Player({ track, player }: { track: Track; player: TrackPlayer }) {
  const { t } = useT('map');
  if (!track.points.length)
    return <Alert style={{ marginTop: 12 }} type="info" title={t('track.empty')} data-testid="track-empty" />;
  return (
    <div style={{ marginTop: 12 }} data-testid="track-player">
      <Typography.Text type="secondary" data-testid="track-count">
        {t('track.points', { count: track.points.length })}
      </Typography.Text>
      {track.truncated && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          title={t('track.truncated', { count: TRACK_POINTS_MAX })}
        />
      )}
      <Slider
        min={player.first}
        max={Math.max(player.last, player.first + 1)}
        value={player.t}
        onChange={(v: number) => {
          player.pause();
          player.seek(v);
        }}
        tooltip={{ formatter: (v) => (v === undefined ? '' : fmt(v)) }}
        data-testid="track-slider"
      />
      <Flex justify="space-between">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {fmt(player.first)}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {fmt(player.last)}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph style={{ margin: '8px 0' }} data-testid="track-time">
        {t('track.at', { time: fmt(player.t) })}
      </Typography.Paragraph>
      <Flex gap={8} align="center" wrap>
        {player.playing ? (
          <Button icon={<PauseOutlined />} onClick={player.pause} data-testid="track-pause">
            {t('track.pause')}
          </Button>
        ) : (
          <Button type="primary" icon={<CaretRightOutlined />} onClick={player.play} data-testid="track-play">
            {t('track.play')}
          </Button>
        )}
        <Segmented<PlaySpeed>
          value={player.speed}
          onChange={player.setSpeed}
          options={PLAY_SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
          data-testid="track-speed"
        />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('track.speed-help')}
      </Typography.Text>
    </div>
  );
}
