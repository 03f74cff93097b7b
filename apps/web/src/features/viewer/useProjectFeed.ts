/** React side of `ProjectFeed`: the project monitoring calls and socket of one project page. */
import { useEffect, useReducer, useRef } from 'react';
import {
  PROJECT_LIVE_SOCKET_PATH,
  PROJECT_OPEN_DELAY_S,
  projectLiveMessageSchema,
  projectMonitorCalls as calls,
  type ProjectLiveMessage,
} from '@fieldhub/shared';
import { callApi } from '../../app/request';
import { LiveSocket, sameHostSocketUrl, type SocketLike } from '../../app/live/liveSocket';
import { ProjectFeed } from './projectFeed';
import type { ValueStore } from './valueStore';

const silent = { silent: true } as const;

function parseProjectFrame(data: unknown): ProjectLiveMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = projectLiveMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface ProjectPageSources {
  projectId: string;
  pageId: string;
  equips: string[];
  signals: string[];
  mvars: string[];
}

export function useProjectFeed(
  store: ValueStore,
  sources: ProjectPageSources,
  /** a stable callback for alarm and gateway frames */
  onEvent?: () => void,
): ProjectFeed | null {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const feedRef = useRef<ProjectFeed | null>(null);
  const key = JSON.stringify(sources);
  useEffect(() => {
    const { projectId, pageId, equips, signals, mvars } = JSON.parse(key) as ProjectPageSources;
    const lists = { dataEquip: equips.join(','), dataSignal: signals.join(','), dataMvar: mvars.join(',') };
    const feed = new ProjectFeed(store, {
      signals: () =>
        callApi(calls.signals, { pageId, dataSignal: lists.dataSignal, dataMvar: lists.dataMvar }, silent),
      gateways: () => callApi(calls.gateways, { pageId, dataEquip: lists.dataEquip }, silent),
      open: (row) =>
        callApi(
          calls.open,
          { projectId, equipmentId: row.equipmentId, interval: row.interval, delay: PROJECT_OPEN_DELAY_S },
          silent,
        ),
      socket: (onMessage, onStatus) =>
        new LiveSocket<ProjectLiveMessage>({
          fetchToken: () => callApi(calls.liveToken, { pageId, ...lists }, silent),
          connect: (token) =>
            new WebSocket(
              sameHostSocketUrl(window.location, PROJECT_LIVE_SOCKET_PATH, token),
            ) as unknown as SocketLike,
          onMessage,
          onStatus,
          parse: parseProjectFrame,
        }),
      onChange: bump,
      ...(onEvent && { onEvent }),
    });
    feedRef.current = feed;
    feed.start(equips);
    bump();
    return () => {
      feed.stop();
      feedRef.current = null;
    };
  }, [store, key, onEvent]);
  return feedRef.current;
}
