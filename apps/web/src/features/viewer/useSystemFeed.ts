/**
 * React side of `SystemFeed`: the system keys of one page with the scope's count calls (a device
 * page: its gateway and active alarms; a project page: the project's device and alarm counts).
 * Answers a stable callback the page's feeds call on alarm and gateway frames.
 */
import { useCallback, useEffect, useRef } from 'react';
import { alarmsCalls, monitorCalls, projectMonitorCalls } from '@fieldhub/shared';
import type { SystemKey } from '@fieldhub/hmi';
import { ApiError, callApi } from '../../app/request';
import { useSession } from '../../app/session';
import type { ViewerScope } from './pageView';
import { SystemFeed, type ScopeCounts } from './systemFeed';
import type { ValueStore } from './valueStore';

const silent = { silent: true } as const;

async function projectCounts(projectId: string): Promise<ScopeCounts> {
  const [devices, alarms] = await Promise.all([
    callApi(projectMonitorCalls.equipCount, { projectId: Number(projectId) }, silent),
    callApi(projectMonitorCalls.alarmCount, { projectId: Number(projectId) }, silent),
  ]);
  return { devices: devices.total, online: devices.online, offline: devices.offline, alarms: alarms.total };
}

async function deviceCounts(equipmentId: string): Promise<ScopeCounts> {
  const [online, alarms] = await Promise.all([
    callApi(monitorCalls.gatewayInfo, { equipmentId }, silent).then(
      (g) => g.status === 'online',
      // 2001: the device has no gateway, so it is not online (docs/requirements/monitoring.md §4.2)
      (err: unknown) => {
        if (err instanceof ApiError && err.code === '2001') return false;
        throw err;
      },
    ),
    callApi(alarmsCalls.activeCounts, { equipmentIds: [Number(equipmentId)] }, silent),
  ]);
  const alarm = alarms[0];
  return {
    devices: 1,
    online: online ? 1 : 0,
    offline: online ? 0 : 1,
    alarms: alarm ? alarm.signal + alarm.gateway : 0,
  };
}

export function useSystemFeed(store: ValueStore, keys: readonly SystemKey[], scope: ViewerScope): () => void {
  const user = useSession((s) => s.user?.loginname ?? '');
  const feedRef = useRef<SystemFeed | null>(null);
  const keysKey = keys.join(',');
  const scopeId = scope.kind === 'project' ? scope.projectId : scope.equipmentId;
  useEffect(() => {
    if (!keysKey) return;
    const feed = new SystemFeed(store, {
      keys: keysKey.split(',') as SystemKey[],
      user,
      counts: () => (scope.kind === 'project' ? projectCounts(scopeId) : deviceCounts(scopeId)),
    });
    feedRef.current = feed;
    feed.start();
    return () => {
      feed.stop();
      feedRef.current = null;
    };
  }, [store, keysKey, user, scope.kind, scopeId]);
  return useCallback(() => feedRef.current?.changed(), []);
}
