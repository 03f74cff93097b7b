import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MONITOR_OPEN_DELAY,
  monitorCalls,
  type LiveMessage,
  type LiveValue,
  type MonitorGatewayInfo,
  type MonitorSignal,
  type SignalAlarm,
} from '@fieldhub/shared';
import { ApiError, callApi } from '../../../app/request';
import { activityTarget, ECONOMIZE_KEY, pollAllowed } from '../../../app/live/pageScope';
import {
  LiveSocket,
  liveSocketUrl,
  type LiveSocketStatus,
  type SocketLike,
} from '../../../app/live/liveSocket';
import { initialValues, mergeValues, type ValueMap } from '../live/liveValues';
import { MonitorSession, type MonitorSessionState } from '../../../app/live/monitorSession';
import { monitorKeys } from '../useMonitor';

const silent = { silent: true } as const;

export interface LiveDevice {
  signals: MonitorSignal[] | undefined;
  signalsLoading: boolean;
  values: ValueMap;
  gateway: MonitorGatewayInfo | null;
  /** the device has no gateway (2001) */
  noGateway: boolean;
  session: MonitorSessionState | null;
  socket: LiveSocketStatus;
  /** the latest signal alarm change the socket reported */
  lastAlarm: SignalAlarm | null;
  economize: boolean;
  setEconomize(on: boolean): void;
  /** values the socket delivered, for the real-time curve */
  subscribe(listener: (values: LiveValue[]) => void): () => void;
  /** asks the gateway state now (after a command) */
  refreshGateway(): void;
}

/**
 * Live data of one device: the variables with their latest values, kept current by the socket
 * (a value older than the one shown is ignored), the gateway state with the open/re-open/idle
 * timers of docs/requirements/monitoring.md §4.1–§4.3, and the alarms the socket announces (they refresh the
 * alarm queries).
 */
export function useLiveDevice(equipmentId: number): LiveDevice {
  const client = useQueryClient();
  const signals = useQuery({
    queryKey: monitorKeys.signals(equipmentId),
    queryFn: () => callApi(monitorCalls.signals, { equipmentId }),
  });
  const [values, setValues] = useState<ValueMap>(new Map());
  const valuesRef = useRef<ValueMap>(values);
  const [gateway, setGateway] = useState<MonitorGatewayInfo | null>(null);
  const [noGateway, setNoGateway] = useState(false);
  const [session, setSession] = useState<MonitorSessionState | null>(null);
  const [socket, setSocket] = useState<LiveSocketStatus>('connecting');
  const [lastAlarm, setLastAlarm] = useState<SignalAlarm | null>(null);
  const [economize, setEconomizeState] = useState(() => localStorage.getItem(ECONOMIZE_KEY) === '1');
  const listeners = useRef(new Set<(values: LiveValue[]) => void>());
  const sessionRef = useRef<MonitorSession | null>(null);
  const socketRef = useRef<LiveSocket | null>(null);

  // the queried values are the starting point; socket values newer than them are kept
  useEffect(() => {
    if (!signals.data) return;
    const merged = mergeValues(
      valuesRef.current,
      [...initialValues(signals.data)].map(([signalId, v]) => ({ signalId, ...v })),
    ).values;
    valuesRef.current = merged;
    setValues(merged);
  }, [signals.data]);

  const onMessage = useCallback(
    (message: LiveMessage) => {
      switch (message.type) {
        case 'signalVal': {
          const { values: next, taken } = mergeValues(valuesRef.current, message.values);
          if (!taken.length) return;
          valuesRef.current = next;
          setValues(next);
          for (const listener of listeners.current) listener(taken);
          return;
        }
        case 'signalAlarm':
          setLastAlarm(message.alarm);
          void client.invalidateQueries({ queryKey: monitorKeys.alarms(equipmentId) });
          return;
        case 'gatewayAlarm':
          void client.invalidateQueries({ queryKey: monitorKeys.alarms(equipmentId) });
          void sessionRef.current?.refresh();
          return;
        case 'idle':
          return;
        default: {
          const never: never = message;
          return never;
        }
      }
    },
    [client, equipmentId],
  );

  useEffect(() => {
    const live = new LiveSocket({
      fetchToken: () => callApi(monitorCalls.liveToken, { equipmentId }, silent),
      connect: (token) => new WebSocket(liveSocketUrl(window.location, token)) as unknown as SocketLike,
      onMessage,
      onStatus: (s) => setSocket(s),
    });
    socketRef.current = live;
    const monitor = new MonitorSession({
      probeGateway: async () => {
        try {
          const info = await callApi(monitorCalls.gatewayInfo, { equipmentId }, silent);
          setGateway(info);
          setNoGateway(false);
          return { status: info.status, vpn: info.vpn };
        } catch (err) {
          // 2001: no gateway; the screen clears the gateway and alarm count
          // (docs/requirements/monitoring.md §4.2)
          if (err instanceof ApiError && err.code === '2001') {
            setGateway(null);
            setNoGateway(true);
            return 'none';
          }
          throw err;
        }
      },
      open: async () =>
        (await callApi(monitorCalls.open, { equipmentId, interval: MONITOR_OPEN_DELAY.equipment }, silent))
          .opened,
      onChange: (state) => {
        setSession(state);
        // economize mode pauses the socket with the monitoring; activity resumes both
        if (state.paused) live.stop();
        else if (!live.isRunning) live.start();
      },
      pollAllowed: pollAllowed(),
      economize: localStorage.getItem(ECONOMIZE_KEY) === '1',
    });
    sessionRef.current = monitor;
    live.start();
    void monitor.start();

    const target = activityTarget();
    let last = 0;
    const onActivity = () => {
      // a mouse move fires often; once a second is enough to reset idle time
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      monitor.activity();
    };
    target.addEventListener('mousemove', onActivity);
    target.addEventListener('keydown', onActivity);
    return () => {
      target.removeEventListener('mousemove', onActivity);
      target.removeEventListener('keydown', onActivity);
      monitor.stop();
      live.stop();
      sessionRef.current = null;
      socketRef.current = null;
    };
  }, [equipmentId, onMessage]);

  const setEconomize = useCallback((on: boolean) => {
    localStorage.setItem(ECONOMIZE_KEY, on ? '1' : '0');
    setEconomizeState(on);
    sessionRef.current?.setEconomize(on);
  }, []);

  const subscribe = useCallback((listener: (values: LiveValue[]) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const refreshGateway = useCallback(() => void sessionRef.current?.refresh(), []);

  return {
    signals: signals.data,
    signalsLoading: signals.isPending,
    values,
    gateway,
    noGateway,
    session,
    socket,
    lastAlarm,
    economize,
    setEconomize,
    subscribe,
    refreshGateway,
  };
}
