/** React side of `ProjectFeed`: the project monitoring calls and socket of one project page. */
import { useEffect, useReducer, useRef } from 'react';
import {
  PROJECT_OPEN_DELAY_S,
  projectLiveMessageSchema,
  type MonitorOpenResult,
  type ProjectGatewayRow,
  type ProjectLiveMessage,
  type ProjectSignalAnswer,
} from '@fieldhub/shared';
import { request } from '../../app/request';
import { LiveSocket, sameHostSocketUrl, type SocketLike } from '../monitor/live/liveSocket';
import { ProjectFeed } from './projectFeed';
import type { ValueStore } from './valueStore';

const json = { json: true, silent: true } as const;
const base = '/lfscada/monitor/project';

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

export function useProjectFeed(store: ValueStore, sources: ProjectPageSources): ProjectFeed | null {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const feedRef = useRef<ProjectFeed | null>(null);
  const key = JSON.stringify(sources);
  useEffect(() => {
    const { projectId, pageId, equips, signals, mvars } = JSON.parse(key) as ProjectPageSources;
    const lists = { dataEquip: equips.join(','), dataSignal: signals.join(','), dataMvar: mvars.join(',') };
    const feed = new ProjectFeed(store, {
      signals: () =>
        request<ProjectSignalAnswer>(
          `${base}/signal/query`,
          { pageId, dataSignal: lists.dataSignal, dataMvar: lists.dataMvar },
          json,
        ),
      gateways: () =>
        request<ProjectGatewayRow[]>(`${base}/gateway/query`, { pageId, dataEquip: lists.dataEquip }, json),
      open: (row) =>
        request<MonitorOpenResult>(
          `${base}/gateway/open`,
          { projectId, equipmentId: row.equipmentId, interval: row.interval, delay: PROJECT_OPEN_DELAY_S },
          json,
        ),
      socket: (onMessage, onStatus) =>
        new LiveSocket<ProjectLiveMessage>({
          fetchToken: () =>
            request<string>('/lfscada/websocket/monitor/project/token', { pageId, ...lists }, json),
          connect: (token) =>
            new WebSocket(
              sameHostSocketUrl(window.location, '/lfscada/ws/project/signal/subscribe/', token),
            ) as unknown as SocketLike,
          onMessage,
          onStatus,
          parse: parseProjectFrame,
        }),
      onChange: bump,
    });
    feedRef.current = feed;
    feed.start(equips);
    bump();
    return () => {
      feed.stop();
      feedRef.current = null;
    };
  }, [store, key]);
  return feedRef.current;
}
