import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Empty, Flex, Select, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import type { MonitorDeviceCard, TrackQuery } from '@fieldhub/shared';
import { useT } from '../../app/useT';
import { pathTo } from '../../app/routeTable';
import { RequireLogin, RequirePermission } from '../../app/RequireLogin';
import { LeafletMap } from './LeafletMap';
import { MAP_STATUSES, STATUS_COLORS, statusOf, type MapStatus } from './mapMarkers';
import { TrackPanel } from './TrackPanel';
import { useMapDevices, useMapSettings, useTrack } from './useMap';
import { useTrackPlayer } from './useTrackPlayer';

/** The group filter's value for devices without a group. */
const NO_GROUP = 0;

const detailHref = (d: MonitorDeviceCard) => pathTo('MonitorEGDetail', { id: d.id, alarm: 0 });

/**
 * /map (docs/requirements/data-views.md §5): the devices with a position on a full-screen map,
 * clustered and coloured by state, filtered by group and state, each with a popup that opens its
 * monitoring; the track playback panel on top. The route is public; the screen asks for a login
 * and map_view, as the server does for its data.
 */
export default function MapPage() {
  return (
    <RequireLogin>
      <RequirePermission perm="map_view">
        <DeviceMap />
      </RequirePermission>
    </RequireLogin>
  );
}

function DeviceMap() {
  const { t } = useT('map');
  const navigate = useNavigate();
  const devices = useMapDevices();
  const settings = useMapSettings();
  const [group, setGroup] = useState<number | null>(null);
  const [status, setStatus] = useState<MapStatus | null>(null);
  const [trackOpen, setTrackOpen] = useState(false);
  const [trackDevice, setTrackDevice] = useState<number | null>(null);
  const [trackQuery, setTrackQuery] = useState<TrackQuery | null>(null);
  const track = useTrack(trackQuery);
  const points = trackOpen ? (track.data?.points ?? null) : null;
  const player = useTrackPlayer(points);

  const all = useMemo(() => devices.data ?? [], [devices.data]);
  const groups = useMemo(() => {
    const named = new Map<number, string>();
    for (const d of all) named.set(d.groupId ?? NO_GROUP, d.groupName ?? t('filter.no-group'));
    return [...named].sort((a, b) => a[1].localeCompare(b[1]));
  }, [all, t]);
  const shown = useMemo(
    () =>
      all.filter(
        (d) =>
          (group === null || (d.groupId ?? NO_GROUP) === group) &&
          (status === null || statusOf(d) === status),
      ),
    [all, group, status],
  );

  const openTrack = (d?: MonitorDeviceCard) => {
    if (d) setTrackDevice(d.id);
    setTrackOpen(true);
  };

  let overlay = null;
  if (devices.isPending)
    overlay = (
      <Card data-testid="map-loading">
        <Spin /> <Typography.Text>{t('loading')}</Typography.Text>
      </Card>
    );
  else if (!all.length)
    overlay = (
      <Card data-testid="map-empty" style={{ maxWidth: 420 }}>
        <Empty description={t('empty')}>
          <Typography.Paragraph type="secondary">{t('empty-help')}</Typography.Paragraph>
        </Empty>
      </Card>
    );
  else if (!shown.length)
    overlay = (
      <Card data-testid="map-no-match">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('no-match')}>
          <Button
            onClick={() => {
              setGroup(null);
              setStatus(null);
            }}
          >
            {t('clear')}
          </Button>
        </Empty>
      </Card>
    );

  return (
    <Flex vertical style={{ height: '100vh' }}>
      <Flex
        align="center"
        gap={12}
        wrap
        style={{ padding: '8px 16px', background: '#fff', borderBottom: '1px solid #f0f0f0', zIndex: 1 }}
      >
        <Link to="/monitor/eg/list">
          <ArrowLeftOutlined /> {t('back')}
        </Link>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Select<number | null>
          value={group}
          onChange={setGroup}
          style={{ minWidth: 180 }}
          aria-label={t('filter.group')}
          data-testid="map-group"
          options={[
            { value: null, label: t('filter.all-groups') },
            ...groups.map(([id, name]) => ({ value: id, label: name })),
          ]}
        />
        <Select<MapStatus | null>
          value={status}
          onChange={setStatus}
          style={{ minWidth: 150 }}
          aria-label={t('filter.status')}
          data-testid="map-status"
          options={[
            { value: null, label: t('field-label', { label: t('filter.status') }) + t('filter.all') },
            ...MAP_STATUSES.map((s) => ({
              value: s,
              label: (
                <span>
                  <span style={{ color: STATUS_COLORS[s] }}>●</span> {t(`status.${s}`)}
                </span>
              ),
            })),
          ]}
        />
        <Typography.Text type="secondary" data-testid="map-count">
          {t('count', { shown: shown.length, total: all.length })}
        </Typography.Text>
        {settings.data && !settings.data.tileUrl && <Tag data-testid="map-world-only">{t('world-only')}</Tag>}
        <Button
          icon={<HistoryOutlined />}
          onClick={() => openTrack()}
          data-testid="map-track-open"
          style={{ marginInlineStart: 'auto' }}
        >
          {t('track.open')}
        </Button>
      </Flex>
      <div style={{ position: 'relative', flex: 1 }}>
        <LeafletMap
          devices={shown}
          settings={settings.data}
          popupTexts={(d) => ({
            status: t(`status.${statusOf(d)}`),
            group: t('field-label', { label: t('popup.group') }),
            sn: t('field-label', { label: t('popup.sn') }),
            alarms: t('field-label', { label: t('popup.alarms') }),
            open: t('popup.open'),
            track: t('popup.track'),
          })}
          detailHref={detailHref}
          onOpen={(d) => navigate(detailHref(d))}
          onTrack={openTrack}
          track={points}
          playhead={{ position: player.position, passed: player.passed }}
        />
        <Card
          size="small"
          data-testid="map-legend"
          style={{ position: 'absolute', left: 12, bottom: 24, zIndex: 800, opacity: 0.92 }}
          styles={{ body: { padding: '6px 10px' } }}
        >
          <Flex vertical gap={2} style={{ fontSize: 12 }}>
            {MAP_STATUSES.map((s) => (
              <span key={s}>
                <span style={{ color: STATUS_COLORS[s] }}>●</span> {t(`status.${s}`)}
              </span>
            ))}
            <span>
              <span style={{ color: '#ff4d4f' }}>◯</span> {t('legend-alarms')}
            </span>
          </Flex>
        </Card>
        {overlay && (
          <Flex
            justify="center"
            align="center"
            style={{ position: 'absolute', inset: 0, zIndex: 500, pointerEvents: 'none' }}
          >
            <div style={{ pointerEvents: 'auto' }}>{overlay}</div>
          </Flex>
        )}
        {trackOpen && (
          <div style={{ position: 'absolute', top: 12, right: 12, zIndex: 1000 }}>
            <TrackPanel
              devices={all}
              deviceId={trackDevice}
              onAsk={(q) => {
                // the same device and range again: read it anew (positions may have arrived since)
                if (trackQuery && JSON.stringify(q) === JSON.stringify(trackQuery)) void track.refetch();
                else setTrackQuery(q);
              }}
              track={track.data}
              loading={track.isFetching}
              player={player}
              onClose={() => {
                setTrackOpen(false);
                setTrackQuery(null);
              }}
            />
          </div>
        )}
      </div>
    </Flex>
  );
}
