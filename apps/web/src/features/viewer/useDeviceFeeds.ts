/**
 * React side of `DeviceFeeds`: starts the feeds of a page's devices with the platform's calls and
 * sockets, watches user activity in the top window for the idle timer, and stops on leave.
 */
import { useEffect, useReducer, useRef } from 'react';
import { MONITOR_OPEN_DELAY, monitorCalls, type LiveMessage } from '@fieldhub/shared';
import { ApiError, callApi } from '../../app/request';
import { activityTarget, ECONOMIZE_KEY, pollAllowed } from '../../app/live/pageScope';
import { LiveSocket, liveSocketUrl, type LiveSocketStatus, type SocketLike } from '../../app/live/liveSocket';
import type { GatewayProbe } from '../../app/live/monitorSession';
import { DeviceFeeds } from './deviceFeed';
import type { ValueStore } from './valueStore';

const silent = { silent: true } as const;

async function probeGateway(equipmentId: string): Promise<GatewayProbe> {
  try {
    const info = await callApi(monitorCalls.gatewayInfo, { equipmentId }, silent);
    return { status: info.status, vpn: info.vpn };
  } catch (err) {
    // 2001: the device has no gateway (docs/requirements/monitoring.md §4.2)
    if (err instanceof ApiError && err.code === '2001') return 'none';
    throw err;
  }
}

function deviceSocket(
  equipmentId: string,
  onMessage: (m: LiveMessage) => void,
  onStatus: (s: LiveSocketStatus) => void,
): LiveSocket {
  return new LiveSocket({
    fetchToken: () => callApi(monitorCalls.liveToken, { equipmentId }, silent),
    connect: (token) => new WebSocket(liveSocketUrl(window.location, token)) as unknown as SocketLike,
    onMessage,
    onStatus,
  });
}

export function useDeviceFeeds(
  store: ValueStore,
  equipmentIds: readonly string[],
  /** a stable callback for alarm and gateway frames */
  onEvent?: () => void,
): DeviceFeeds | null {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const feedsRef = useRef<DeviceFeeds | null>(null);
  const idsKey = equipmentIds.join(',');
  useEffect(() => {
    const ids = idsKey ? idsKey.split(',') : [];
    const feeds = new DeviceFeeds(store, {
      signals: (equipmentId) => callApi(monitorCalls.signals, { equipmentId }, silent),
      probeGateway,
      open: async (equipmentId) =>
        (await callApi(monitorCalls.open, { equipmentId, interval: MONITOR_OPEN_DELAY.equipment }, silent))
          .opened,
      socket: deviceSocket,
      pollAllowed: pollAllowed(),
      economize: localStorage.getItem(ECONOMIZE_KEY) === '1',
      onChange: bump,
      ...(onEvent && { onEvent }),
    });
    feedsRef.current = feeds;
    feeds.start(ids);
    bump();
    const target = activityTarget();
    let last = 0;
    const onActivity = () => {
      // a mouse move fires often; once a second is enough to reset idle time
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      feeds.activity();
    };
    target.addEventListener('mousemove', onActivity);
    target.addEventListener('keydown', onActivity);
    return () => {
      target.removeEventListener('mousemove', onActivity);
      target.removeEventListener('keydown', onActivity);
      feeds.stop();
      feedsRef.current = null;
    };
  }, [store, idsKey, onEvent]);
  return feedsRef.current;
}
